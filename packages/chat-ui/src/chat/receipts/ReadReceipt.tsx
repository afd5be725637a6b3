import type { Conversation, Message } from '@liaison/sdk';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useKit } from '../../core/kit-context';
import { useAwarenessText } from '../../i18n/awareness-text';
import { ReadReceiptPanel } from './ReadReceiptPanel';
import { groupReadLabel, needsReceiptFromMe, readStatusKind } from './read-status';
import { type ReadCounts, receiptStoreOf } from './receipt-store';
import './receipts.css';

/** spec §9 "Read-receipt visibility": a message counts as read once this much of it is in view. */
export const READ_VISIBILITY = 0.7;

/**
 * A message's read receipt, under its bubble (spec §4): for my messages, their read status (C2C
 * read / unread; groups unread / all read / N read, which opens the read-receipt panel); for
 * others' group messages that ask for it, the receipt I send once 70 % of the message is in view.
 */
export function ReadReceipt({ message }: { message: Message }) {
  // Not stored yet, failed, flagged or revoked: no status to show and nothing to acknowledge.
  if (message.status !== 'success' || message.hasRiskContent || message.isRevoked) return null;
  return <StoredMessageReceipt message={message} />;
}

function StoredMessageReceipt({ message }: { message: Message }) {
  const { features, displayMessageReadReceipt = true } = useKit();
  const conversation = useConversation(message.conversationID);
  if (needsReceiptFromMe(message, conversation)) return <ReceiptWhenSeen message={message} />;
  const kind = readStatusKind(message, conversation, {
    isAppEnabled: features.ReadStatus,
    isUserEnabled: displayMessageReadReceipt,
  });
  if (kind === 'c2c') return <C2CReadLabel message={message} conversation={conversation} />;
  if (kind === 'group') return <GroupReadLabel message={message} />;
  return null;
}

function C2CReadLabel({ message, conversation }: { message: Message; conversation: Conversation | undefined }) {
  const t = useAwarenessText();
  // The peer's read cursor (C2C has no per-message receipts): read once it reaches the message.
  const isRead = message.isPeerRead || (conversation?.peerReadSequence ?? 0) >= message.sequence;
  return (
    <span className={`lc-read-status${isRead ? ' lc-read-status--read' : ''}`} data-read={isRead}>
      {t(isRead ? 'read' : 'unread')}
    </span>
  );
}

function GroupReadLabel({ message }: { message: Message }) {
  const { chat } = useKit();
  const t = useAwarenessText();
  const store = receiptStoreOf(chat, message.conversationID);
  useEffect(() => store.want(message), [store, message]);
  const select = useCallback(() => store.countsOf(message.ID), [store, message.ID]);
  const counts: ReadCounts = useSyncExternalStore(store.subscribe, select, select) ?? message.readReceiptInfo;
  const [chatElement, setChatElement] = useState<Element | null | undefined>(undefined);
  const label = groupReadLabel(counts);
  const text = label.key === 'readCount' ? t('readCount', { count: label.count }) : t(label.key);
  return (
    <>
      <button
        type="button"
        className={`lc-read-status lc-read-status--button${label.key === 'allRead' ? ' lc-read-status--read' : ''}`}
        aria-haspopup="dialog"
        aria-expanded={chatElement !== undefined}
        title={t('readDetails')}
        // Beside the message list (header and composer stay usable), else beside the whole chat.
        onClick={(event) => {
          const button = event.currentTarget;
          setChatElement(button.closest('.lc-message-list') ?? button.closest('.lc-chat'));
        }}
      >
        {text}
      </button>
      {chatElement !== undefined ? (
        <ReadReceiptPanel
          message={message}
          counts={counts}
          chatElement={chatElement}
          onClose={() => setChatElement(undefined)}
        />
      ) : null}
    </>
  );
}

/** Sends my receipt for the message once 70 % of its row has been on screen while the page was visible. */
function ReceiptWhenSeen({ message }: { message: Message }) {
  const { chat } = useKit();
  const probe = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const row = probe.current?.closest('.lc-row') ?? probe.current?.parentElement;
    if (!row || typeof IntersectionObserver === 'undefined') return;
    const store = receiptStoreOf(chat, message.conversationID);
    let isSeenEnough = false;
    const check = () => {
      if (!isSeenEnough || document.visibilityState !== 'visible') return;
      store.markSeen(message);
      stop();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (!entry) return;
        // A message taller than the list counts once it fills 70 % of the list.
        const rootHeight = entry.rootBounds?.height ?? Number.POSITIVE_INFINITY;
        isSeenEnough =
          entry.intersectionRatio >= READ_VISIBILITY || entry.intersectionRect.height >= READ_VISIBILITY * rootHeight;
        check();
      },
      { threshold: [0, 0.25, 0.5, READ_VISIBILITY, 1] },
    );
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', check);
    };
    observer.observe(row);
    document.addEventListener('visibilitychange', check);
    return stop;
  }, [chat, message]);
  return <span ref={probe} className="lc-read-probe" aria-hidden="true" />;
}

/** The conversation as the SDK's store has it, kept current. */
function useConversation(conversationID: string): Conversation | undefined {
  const { chat } = useKit();
  const select = useCallback(() => chat.conversationStore.get(conversationID), [chat, conversationID]);
  return useSyncExternalStore(chat.conversationStore.subscribe, select, select);
}
