import { CheckOutlined } from '@ant-design/icons';
import type { VipPrice } from '@liaison/protocol';
import { Button, Card } from 'antd';
import { ConfirmButton } from '../../common/ConfirmButton';
import { yuan } from './format';

interface PriceCardsProps {
  prices: VipPrice[];
  /** My points balance: exchanging needs at least the price in points. */
  points: number;
  /** The type being exchanged for points right now. */
  exchanging: number | null;
  /** False where the server has no payment provider: the QR button is shown disabled. */
  isQrPayAvailable: boolean;
  onExchange(price: VipPrice): void;
  onScanToPay(price: VipPrice): void;
}

/** The price list as cards: price, days, benefits, and the two ways to pay. */
export function PriceCards({ prices, points, exchanging, isQrPayAvailable, onExchange, onScanToPay }: PriceCardsProps) {
  return (
    <div className="vip-prices">
      {prices.map((price) => {
        const enough = points >= price.points;
        return (
          <Card key={price.vipType} className="vip-price" title={price.name}>
            <div className="vip-price__amount">{yuan(price.priceFen)}</div>
            <div className="vip-price__terms">
              {price.days} 天 · 或 {price.points} 积分
            </div>
            <ul className="vip-price__benefits" aria-label={`${price.name}权益`}>
              {price.benefits.map((benefit) => (
                <li key={benefit}>
                  <CheckOutlined aria-hidden /> {benefit}
                </li>
              ))}
            </ul>
            <div className="vip-price__actions">
              <Button
                type="primary"
                disabled={!isQrPayAvailable}
                onClick={() => onScanToPay(price)}
                aria-label={isQrPayAvailable ? `扫码支付${price.name}` : `扫码支付暂未开通，无法扫码支付${price.name}`}
              >
                {isQrPayAvailable ? '扫码支付' : '暂未开通'}
              </Button>
              <ConfirmButton
                disabled={!enough || exchanging !== null}
                loading={exchanging === price.vipType}
                // Named by what it shows, then what it is for.
                aria-label={enough ? `积分兑换${price.name}` : `积分不足，无法兑换${price.name}`}
                question="积分兑换"
                description={`确定使用 ${price.points} 积分兑换${price.name}吗？`}
                okText="确定兑换"
                onConfirm={() => onExchange(price)}
              >
                {enough ? '积分兑换' : '积分不足'}
              </ConfirmButton>
            </div>
          </Card>
        );
      })}
    </div>
  );
}
