import { CrownOutlined } from '@ant-design/icons';
import { PortalPermission, type VipCentreInfo, type VipInfo, type VipPrice } from '@liaison/protocol';
import { Alert, Card, Result, Skeleton, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { chargeVipWithPoints, fetchVipInfo, fetchVipPrices } from '../../api/vip';
import { useHasPermi } from '../../auth/Permission';
import { feedback } from '../../base/feedback';
import { formatDate } from '../../common/format-time';
import { ListFailed } from '../../common/ListFailed';
import { dataOf, useLoad } from '../../common/use-load';
import { sessionStore } from '../../session/session-store';
import { NoAccess } from '../common/access';
import { PriceCards } from './vip/PriceCards';
import { QrPayModal } from './vip/QrPayModal';
import { VipOrders } from './vip/VipOrders';
import './vip/vip.css';

/** 会员中心: my membership, the price list with both ways to pay, and my orders. */
export function VipPage() {
  const mayCharge = useHasPermi([PortalPermission.VIP_CHARGE]);
  if (!mayCharge) {
    return <NoAccess title="会员中心" reason="当前账号无权开通会员" hint="子账号的会员权益由所属企业统一开通。" />;
  }
  return <VipCentre />;
}

function VipCentre() {
  const [version, setVersion] = useState(0);
  const [orderPage, setOrderPage] = useState(1);
  const [paying, setPaying] = useState<VipPrice | null>(null);
  const [exchanging, setExchanging] = useState<number | null>(null);
  const info = useLoad(`info:${version}`, loadInfo);
  const prices = useLoad('prices', () => fetchVipPrices().then(dataOf));

  const handlePaid = useCallback(() => {
    setOrderPage(1);
    setVersion((v) => v + 1);
  }, []);
  const handleClosePay = useCallback(() => setPaying(null), []);

  async function handleExchange(price: VipPrice) {
    setExchanging(price.vipType);
    try {
      const { data, msg } = await chargeVipWithPoints(price.vipType, crypto.randomUUID());
      sessionStore.update({ vip: data.vip });
      feedback.message.success(`${msg || '兑换成功'}，${price.name}有效期至 ${formatDate(data.vip.expiresAt ?? 0)}`);
      handlePaid();
    } catch {
      // The request layer has shown the server's reason ('积分不足' …).
    } finally {
      setExchanging(null);
    }
  }

  const vip = info.loaded.data;
  return (
    <section className="page vip-page">
      <h1 className="page__title">会员中心</h1>
      {info.loaded.state === 'failed' ? (
        <ListFailed title="会员信息加载失败" onRetry={info.reload} />
      ) : vip ? (
        <MembershipCard vip={vip} />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}

      <h2 className="vip-page__heading">开通会员</h2>
      {vip?.qrPayAvailable === false && (
        <Alert className="vip-page__notice" type="info" showIcon message="扫码支付暂未开通，请使用积分兑换" />
      )}
      {prices.loaded.state === 'failed' && <ListFailed title="价格加载失败" onRetry={prices.reload} />}
      {prices.loaded.state === 'loading' && <Skeleton active />}
      {prices.loaded.state === 'ready' &&
        (prices.loaded.data.length === 0 ? (
          <Result status="info" title="暂无可开通的会员" />
        ) : (
          <PriceCards
            prices={prices.loaded.data}
            points={vip?.points ?? 0}
            exchanging={exchanging}
            isQrPayAvailable={vip?.qrPayAvailable ?? true}
            onExchange={handleExchange}
            onScanToPay={setPaying}
          />
        ))}

      <h2 className="vip-page__heading">订单记录</h2>
      <VipOrders pageNum={orderPage} onPageChange={setOrderPage} version={version} />
      <QrPayModal price={paying} onClose={handleClosePay} onPaid={handlePaid} />
    </section>
  );
}

/** Loads my membership and keeps it in the session store (cleared on logout, spec §4). */
async function loadInfo(): Promise<VipCentreInfo> {
  const { data } = await fetchVipInfo();
  sessionStore.update({ vip: data });
  return data;
}

function MembershipCard({ vip }: { vip: VipInfo }) {
  const ended = vip.expiresAt !== null && !vip.active;
  return (
    <Card className={`vip-card${vip.active ? ' vip-card--active' : ''}`}>
      <div className="vip-card__body">
        <CrownOutlined className="vip-card__icon" aria-hidden />
        <div className="vip-card__text">
          <div className="vip-card__title">
            {vip.active ? vip.name || '会员' : '您还不是会员'}
            {vip.active && <Tag color="warning">生效中</Tag>}
            {ended && <Tag>已过期</Tag>}
          </div>
          <div className="vip-card__detail">
            {vip.active && vip.expiresAt !== null && `有效期至 ${formatDate(vip.expiresAt)}，续费将顺延`}
            {ended && vip.expiresAt !== null && `${vip.name}已于 ${formatDate(vip.expiresAt)} 到期，开通后立即生效`}
            {vip.expiresAt === null && '开通会员，解锁更多供应链合作权益'}
          </div>
        </div>
        <div className="vip-card__points">
          <span className="vip-card__points-label">积分余额</span>
          <span className="vip-card__points-value">{vip.points}</span>
          <Link to="/manageCenter/userCenter/points">去签到赚积分</Link>
        </div>
      </div>
    </Card>
  );
}
