import { type ChatEvent, EVENT } from '@liaison/sdk';
import { useEffect, useState } from 'react';
import { useKit } from '../../core/kit-context';
import { useAwarenessText } from '../../i18n/awareness-text';

/**
 * The chat header's title (spec §2): the conversation's name, or 'the other party is typing…'
 * while the C2C peer types. The SDK reports the end of typing (a leave, a send, or its timeout).
 */
export function TypingTitle({ conversationID, name }: { conversationID: string; name: string }) {
  const t = useAwarenessText();
  const isTyping = usePeerTyping(conversationID);
  return <bdi className={isTyping ? 'lc-chat__typing' : undefined}>{isTyping ? t('peerTyping') : name}</bdi>;
}

/** Whether the peer of a C2C conversation is typing now. */
export function usePeerTyping(conversationID: string): boolean {
  const { chat } = useKit();
  const [typing, setTyping] = useState<{ conversationID: string; isTyping: boolean }>({
    conversationID,
    isTyping: false,
  });
  useEffect(() => {
    if (!conversationID.startsWith('C2C')) return;
    const handleTyping = (event: ChatEvent<typeof EVENT.TYPING_STATUS_CHANGED>) => {
      if (event.data.conversationID === conversationID) setTyping({ conversationID, isTyping: event.data.isTyping });
    };
    chat.on(EVENT.TYPING_STATUS_CHANGED, handleTyping);
    return () => chat.off(EVENT.TYPING_STATUS_CHANGED, handleTyping);
  }, [chat, conversationID]);
  // A state left from the previous conversation never shows in the next.
  return typing.conversationID === conversationID && typing.isTyping;
}
