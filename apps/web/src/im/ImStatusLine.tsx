import { Badge } from 'antd';
import { useSession } from '../auth/session-store';
import { mayUseMessaging } from './connect-im';
import { type ImStatus, useIm } from './im-context';

const STATUS: Record<ImStatus, { text: string; badge: 'success' | 'processing' | 'default' }> = {
  connected: { text: '消息服务已连接', badge: 'success' },
  connecting: { text: '正在连接消息服务…', badge: 'processing' },
  disconnected: { text: '消息服务未连接', badge: 'default' },
};

/** The messaging connection as the SDK reports it, and why there is none for an unverified user. */
export function ImStatusLine() {
  const { status } = useIm();
  const userType = useSession((state) => state.person?.userType);
  const shown = STATUS[status];
  return (
    <>
      <p role="status" className="page__status">
        <Badge status={shown.badge} text={shown.text} />
      </p>
      {!mayUseMessaging(userType) && <p>完成实名认证后即可使用消息服务。</p>}
    </>
  );
}
