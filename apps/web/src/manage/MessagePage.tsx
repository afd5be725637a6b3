import { Badge, Empty } from 'antd';
import { useSession } from '../auth/session-store';
import { mayUseMessaging } from '../im/connect-im';
import { type ImStatus, useIm } from '../im/im-context';

const STATUS: Record<ImStatus, { text: string; badge: 'success' | 'processing' | 'default' }> = {
  connected: { text: '消息服务已连接', badge: 'success' },
  connecting: { text: '正在连接消息服务…', badge: 'processing' },
  disconnected: { text: '消息服务未连接', badge: 'default' },
};

/** The messages page: the messaging connection now, the chat kit once it is built. */
export function MessagePage() {
  const { status } = useIm();
  const userType = useSession((state) => state.person?.userType);
  const shown = STATUS[status];
  return (
    <section className="page">
      <h1 className="page__title">我的消息</h1>
      <p role="status">
        <Badge status={shown.badge} text={shown.text} />
      </p>
      {!mayUseMessaging(userType) && <p>完成实名认证后即可使用消息服务。</p>}
      <Empty description="聊天功能即将上线：这里将展示会话列表和聊天窗口，与合作伙伴单聊或群聊。" />
    </section>
  );
}
