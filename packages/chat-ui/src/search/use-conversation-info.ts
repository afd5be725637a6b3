import { useCallback, useSyncExternalStore } from 'react';
import { useKit } from '../core/kit-context';
import { type ConversationInfo, conversationInfo } from './hit-display';

/**
 * How results name a conversation and show its avatar, as the conversation list does; it follows
 * the list, so a name loaded or changed later shows at once.
 */
export function useConversationInfo(): (conversationID: string) => ConversationInfo {
  const { chat } = useKit();
  const store = chat.conversationStore;
  const list = useSyncExternalStore(store.subscribe, store.getSnapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list means new names
  return useCallback((conversationID) => conversationInfo(store.get(conversationID), conversationID), [store, list]);
}
