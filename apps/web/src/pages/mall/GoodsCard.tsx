import type { MallGoods } from '@liaison/protocol';
import { Button } from 'antd';
import { CardCover } from '../common/CardCover';
import { publicFileUrl } from '../common/public-file';
import { redeemState, SHORT_TEXT } from './redeem-state';

interface GoodsCardProps {
  goods: MallGoods;
  /** My points; null for a visitor or while loading. */
  balance: number | null;
  onRedeem: (goods: MallGoods) => void;
}

/** One item of the mall: picture, cost, stock, and a button that says why it cannot be redeemed. */
export function GoodsCard({ goods, balance, onRedeem }: GoodsCardProps) {
  const state = redeemState(goods, balance);
  return (
    <article className="public-card mall-goods" aria-labelledby={`goods-${goods.id}`}>
      <CardCover
        className="mall-goods__cover"
        src={publicFileUrl(goods.image)}
        alt={goods.name}
        initials={goods.name.slice(0, 2)}
      />
      <div className="public-card__body">
        <h3 id={`goods-${goods.id}`} className="public-card__title">
          {goods.name}
        </h3>
        {goods.description && <p className="public-card__text">{goods.description}</p>}
        <p className="mall-goods__price">
          <strong>{goods.pointsCost}</strong> 积分
          <span className="mall-goods__stock">{goods.stock > 0 ? `库存 ${goods.stock}` : '已兑完'}</span>
        </p>
        {state.kind === 'short' && (
          <p className="mall-goods__short" role="note">
            {SHORT_TEXT}，还差 {state.shortfall} 积分
          </p>
        )}
        <Button
          type="primary"
          block
          disabled={state.kind !== 'open'}
          onClick={() => onRedeem(goods)}
          aria-label={state.kind === 'open' ? `兑换${goods.name}` : undefined}
        >
          {state.kind === 'sold-out' ? '已兑完' : state.kind === 'short' ? SHORT_TEXT : '立即兑换'}
        </Button>
      </div>
    </article>
  );
}
