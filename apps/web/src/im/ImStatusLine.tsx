import { Badge } from 'antd';
import { useSession } from '../session/session-store';
import { mayUseMessaging } from './connect-im';
import { type ImStatus, useIm } from './im-context';

const STATUS: Record<ImStatus, { text: string; badge: 'success' | 'processing' | 'default' }> = {
  connected: { text: '消息服务已连接', badge: 'success' },
  connecting: { text: '正在连接消息服务…', badge: 'processing' },
  disconnected: { text: '消息服务未连接', badge: 'default' },
};

/**
 * The messaging connection as the SDK reports it, and why there is none for an unverified user:
 * inline, so it shares one slim line with the chat kit's trial notice.
 */
export function ImStatusLine() {
  const { status } = useIm();
  const userType = useSession((state) => state.person?.userType);
  const shown = STATUS[status];
  return (
    <span className="im-status">
      <span role="status" className="im-status__state">
        <Badge status={shown.badge} text={shown.text} />
      </span>
      {!mayUseMessaging(userType) && <span className="im-status__hint">完成实名认证后即可使用消息服务。</span>}
    </span>
  );
}
