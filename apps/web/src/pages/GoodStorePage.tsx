import { type MallGoods, PortalPermission } from '@liaison/protocol';
import { useState } from 'react';
import { fetchGoods, fetchMallOrders } from '../api/mall';
import { fetchPointsInfo } from '../api/vip';
import { useHasPermi } from '../auth/Permission';
import { feedback } from '../base/feedback';
import { dataOf, useLoad } from '../common/use-load';
import { useSession } from '../session/session-store';
import { PagedCards } from './common/PagedCards';
import { ensureLoggedIn } from './common/require-login';
import { readPageNum, useUrlParams } from './common/use-url-params';
import { GoodsCard } from './mall/GoodsCard';
import { MyOrders, ORDERS_PAGE_SIZE } from './mall/MyOrders';
import { type BalanceView, PointsBalance } from './mall/PointsBalance';
import { RedeemModal } from './mall/RedeemModal';
import './mall/mall.css';

const GOODS_PAGE_SIZE = 12;

/**
 * /goodStore 积分商城 (?pageNum&ordersPage): goods anyone may look at; a logged-in user sees their
 * points, redeems (quantity, address, confirmation) and their orders. Visitors get the login modal.
 */
export function GoodStorePage() {
  const { params, update } = useUrlParams();
  const loginStatus = useSession((state) => state.loginStatus);
  const mayRedeem = useHasPermi([PortalPermission.POINTS_SIGN_IN]);
  const hasPoints = loginStatus && mayRedeem;
  const pageNum = readPageNum(params.get('pageNum'));
  const ordersPage = readPageNum(params.get('ordersPage'));
  const goods = useLoad(`goods:${pageNum}`, () => fetchGoods({ pageNum, pageSize: GOODS_PAGE_SIZE }).then(dataOf));
  const points = useLoad(`points:${hasPoints}`, () =>
    hasPoints ? fetchPointsInfo().then(({ data }) => data.balance) : Promise.resolve(null),
  );
  const orders = useLoad(`orders:${hasPoints}:${ordersPage}`, () =>
    hasPoints
      ? fetchMallOrders({ pageNum: ordersPage, pageSize: ORDERS_PAGE_SIZE }).then(dataOf)
      : Promise.resolve({ rows: [], total: 0 }),
  );
  const [redeeming, setRedeeming] = useState<MallGoods | null>(null);
  const balance = hasPoints ? points.loaded.data : null;

  function handleRedeem(item: MallGoods) {
    if (!ensureLoggedIn()) return;
    if (!mayRedeem) {
      feedback.message.info('子账号不参与积分兑换');
      return;
    }
    if (balance !== null && balance !== undefined) setRedeeming(item);
  }

  function handleRedeemed() {
    void goods.reload();
    void points.reload();
    if (ordersPage === 1) void orders.reload();
    else update({ ordersPage: null });
  }

  return (
    <div className="page">
      <header className="public-head">
        <div>
          <h1>积分商城</h1>
          <p>签到、发布能力、完成合作都能获得积分，用积分兑换实用好礼。</p>
        </div>
        <PointsBalance view={balanceView(loginStatus, mayRedeem, points)} />
      </header>
      <PagedCards
        loaded={goods.loaded}
        reload={() => void goods.reload()}
        pageNum={pageNum}
        pageSize={GOODS_PAGE_SIZE}
        onPage={(page) => update({ pageNum: page })}
        label="商品列表"
        rowKey={(item) => item.id}
        renderCard={(item) => <GoodsCard goods={item} balance={balance ?? null} onRedeem={handleRedeem} />}
        emptyText="商城还没有上架商品"
        failedText="商品加载失败"
        unit="件商品"
      />
      {hasPoints && (
        <section className="public-section" aria-labelledby="mall-orders-title">
          <div className="public-section__head">
            <h2 id="mall-orders-title">我的兑换记录</h2>
          </div>
          <MyOrders
            loaded={orders.loaded}
            reload={orders.reload}
            pageNum={ordersPage}
            onPage={(page) => update({ ordersPage: page })}
          />
        </section>
      )}
      <RedeemModal
        goods={redeeming}
        balance={balance ?? 0}
        onClose={() => setRedeeming(null)}
        onRedeemed={handleRedeemed}
      />
    </div>
  );
}

function balanceView(
  loginStatus: boolean,
  mayRedeem: boolean,
  points: ReturnType<typeof useLoad<number | null>>,
): BalanceView {
  if (!loginStatus) return { kind: 'visitor' };
  if (!mayRedeem) return { kind: 'no-points' };
  if (points.loaded.state === 'failed') return { kind: 'failed', retry: () => void points.reload() };
  const balance = points.loaded.data;
  return typeof balance === 'number' ? { kind: 'ready', balance } : { kind: 'loading' };
}
