import { WalletOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { Link } from 'react-router';
import { openLoginModal } from '../../session/session-store';

export type BalanceView =
  | { kind: 'visitor' }
  | { kind: 'no-points' }
  | { kind: 'loading' }
  | { kind: 'failed'; retry: () => void }
  | { kind: 'ready'; balance: number };

/** My points beside the mall's title; a visitor is invited to log in. */
export function PointsBalance({ view }: { view: BalanceView }) {
  return (
    <aside className="mall-balance" aria-label="我的积分">
      <WalletOutlined aria-hidden className="mall-balance__icon" />
      {view.kind === 'visitor' ? (
        <>
          <span>登录后查看积分余额</span>
          <Button type="primary" onClick={() => openLoginModal()}>
            登录
          </Button>
        </>
      ) : view.kind === 'no-points' ? (
        <span>子账号不参与积分兑换</span>
      ) : view.kind === 'loading' ? (
        <Skeleton.Input active size="small" />
      ) : view.kind === 'failed' ? (
        <>
          <span>积分余额加载失败</span>
          <Button onClick={view.retry}>重试</Button>
        </>
      ) : (
        <>
          <span>
            我的积分 <strong className="mall-balance__value">{view.balance}</strong>
          </span>
          <Link to="/manageCenter/userCenter/points">签到赚积分</Link>
        </>
      )}
    </aside>
  );
}
