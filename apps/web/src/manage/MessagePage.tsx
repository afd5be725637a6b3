import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { TIME_ZONE } from '../base/site';
import { ImStatusLine } from '../im/ImStatusLine';
import { useIm } from '../im/im-context';

/** The chat kit is the heaviest part of the portal: only this page loads it. */
const ChatKit = lazy(() => import('@liaison/chat-ui').then((kit) => ({ default: kit.ChatKit })));

/**
 * The message centre: the chat kit once messaging has logged in, filling the viewport below the
 * portal header (the page never scrolls; the kit's panes do). The connection state rides in the
 * kit's slim top line. `?conversationID=C2C…` or `GROUP…` opens that conversation (spec portal.md §1).
 */
export function MessagePage() {
  const { chat, language } = useIm();
  const [params] = useSearchParams();
  return (
    <section className="page page--chat">
      {/* The navigation already shows where the user is; the heading stays for assistive technology. */}
      <h1 className="visually-hidden">我的消息</h1>
      {chat ? (
        <div className="page__chat-kit">
          <Suspense fallback={<Spin />}>
            <ChatKit
              chat={chat}
              language={language}
              initialConversationID={params.get('conversationID')}
              notice={<ImStatusLine />}
              // The portal's people work together: whether a partner is online right now helps.
              displayOnlineStatus
              // One zone for the whole portal: the kit's 'today' is the sign-in strip's.
              timeZone={TIME_ZONE}
            />
          </Suspense>
        </div>
      ) : (
        <p className="page__status">
          <ImStatusLine />
        </p>
      )}
    </section>
  );
}
