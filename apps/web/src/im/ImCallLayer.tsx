import { lazy, Suspense } from 'react';
import { useInRouterContext, useNavigate } from 'react-router';
import { MESSAGE_CENTER_PATH } from '../auth/guards';
import { useIm } from './im-context';

/** Loaded with the chat kit, and only once messaging has logged in. */
const CallKit = lazy(() => import('@liaison/chat-ui').then((kit) => ({ default: kit.CallKit })));

/**
 * Calls ring on every page of the portal, not only in the message centre: the SDK lives as long
 * as the login (ImProvider), so its call layer does too. A call goes on, minimised, while the
 * user browses; the chat kit's own layer stays quiet while this one is mounted.
 */
export function ImCallLayer() {
  const { chat, language } = useIm();
  const isRouted = useInRouterContext();
  if (!chat) return null;
  return (
    <Suspense fallback={null}>{isRouted ? <RoutedCallKit /> : <CallKit chat={chat} language={language} />}</Suspense>
  );
}

/** A click on a call notification opens its conversation in the message centre. */
function RoutedCallKit() {
  const { chat, language } = useIm();
  const navigate = useNavigate();
  if (!chat) return null;
  return (
    <CallKit
      chat={chat}
      language={language}
      onOpenConversation={(conversationID) =>
        navigate(`${MESSAGE_CENTER_PATH}?conversationID=${encodeURIComponent(conversationID)}`)
      }
    />
  );
}
