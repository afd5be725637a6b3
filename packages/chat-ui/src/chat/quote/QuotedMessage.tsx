import type { Message } from '@liaison/sdk';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useKit } from '../../core/kit-context';
import { useRowActions } from '../actions/row-actions';
import { openMessageStore } from '../message-list/message-store';
import { type MessageReply, parseMessageReply } from './message-reply';
import { QuoteAbstract } from './QuoteAbstract';
import './quote.css';

/**
 * The quote a message carries, under its bubble: 'sender: abstract'. Clicking it jumps to the
 * original (older history is loaded if needed) and makes it blink; a revoked original reads
 * 'quoted content revoked' instead (spec §4).
 */
export function QuotedMessage({ message }: { message: Message }) {
  const reply = useMemo(() => parseMessageReply(message.cloudCustomData), [message.cloudCustomData]);
  if (!reply) return null;
  return <QuoteBlock reply={reply} conversationID={message.conversationID} />;
}

function QuoteBlock({ reply, conversationID }: { reply: MessageReply; conversationID: string }) {
  const { t } = useTranslation('action');
  const { jumpTo } = useRowActions();
  const isRevoked = useIsRevoked(conversationID, reply.messageID);
  const sender = <bdi className="lc-quote__sender">{reply.messageSender}</bdi>;
  if (isRevoked) {
    return (
      <div className="lc-quote lc-quote--revoked">
        {sender}
        {': '}
        <span>{t('quoteRevoked')}</span>
      </div>
    );
  }
  return (
    <button
      type="button"
      className="lc-quote"
      title={t('goToQuoted', { sender: reply.messageSender })}
      onClick={() => jumpTo(reply.messageID, reply.messageSequence)}
    >
      {sender}
      {': '}
      <span className="lc-quote__abstract">
        <QuoteAbstract type={reply.messageType} text={reply.messageAbstract} />
      </span>
    </button>
  );
}

/** Whether the list shows this message as revoked (false while it is not loaded). */
function useIsRevoked(conversationID: string, messageID: string): boolean {
  const { chat } = useKit();
  const store = openMessageStore(chat, conversationID);
  const subscribe = useCallback((listener: () => void) => store?.subscribe(listener) ?? (() => undefined), [store]);
  const snapshot = useCallback(
    () => store?.getSnapshot().messages.find((m) => m.ID === messageID)?.isRevoked ?? false,
    [store, messageID],
  );
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
