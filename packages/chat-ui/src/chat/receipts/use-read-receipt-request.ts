import { useCallback } from 'react';
import { useKit } from '../../core/kit-context';
import { asksForReadReceipts } from './read-status';

/**
 * For the composer: whether a message sent now into this conversation asks for read receipts
 * (see asksForReadReceipts), read at the moment of sending, so a group's type known only later
 * still counts.
 */
export function useReadReceiptRequest(conversationID: string): () => boolean {
  const { chat, features, displayMessageReadReceipt = true } = useKit();
  return useCallback(
    () =>
      asksForReadReceipts(chat.conversationStore.get(conversationID), {
        isAppEnabled: features.ReadStatus,
        isUserEnabled: displayMessageReadReceipt,
      }),
    [chat, conversationID, features.ReadStatus, displayMessageReadReceipt],
  );
}
