import { useSyncExternalStore } from 'react';
import { useKit } from '../../core/kit-context';
import type { MessageListState } from './message-list-state';
import { getMessageStore, type MessageStore } from './message-store';

/** The messages of a conversation, kept current while the component is mounted. */
export function useMessages(conversationID: string): { store: MessageStore; state: MessageListState } {
  const { chat } = useKit();
  const store = getMessageStore(chat, conversationID);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { store, state };
}
