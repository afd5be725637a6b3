import { type ChatEvent, EVENT, type NetState, TYPES } from '@liaison/sdk';
import { useEffect, useState } from 'react';
import { useConversationText } from '../conversations/use-conversation-text';
import { useKit } from '../core/kit-context';
import '../conversations/conversation.css';

/**
 * The network-error banner (spec chat.md §2 "Conversation list"): shown while the SDK reports the
 * connection as lost (`connecting` while it retries, or `disconnected`), hidden once it is back.
 */
export function NetworkBanner() {
  const { chat } = useKit();
  const t = useConversationText();
  const [state, setState] = useState<NetState>(TYPES.NET_STATE_CONNECTED);

  useEffect(() => {
    const handleChange = (event: ChatEvent<typeof EVENT.NET_STATE_CHANGE>) => setState(event.data.state);
    chat.on(EVENT.NET_STATE_CHANGE, handleChange);
    return () => chat.off(EVENT.NET_STATE_CHANGE, handleChange);
  }, [chat]);

  if (state === TYPES.NET_STATE_CONNECTED) return null;
  return (
    <div className="lc-conv-banner lc-conv-banner--error" role="alert">
      {t('networkUnavailable')}
    </div>
  );
}
