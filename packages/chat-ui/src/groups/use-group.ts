import type { Group } from '@liaison/sdk';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useKit } from '../core/kit-context';
import { groupStoreOf } from './group-store';

/** The group as the logged-in user sees it now (null until known, and for ''), live. */
export function useGroup(groupID: string): Group | null {
  const { chat } = useKit();
  const store = groupStoreOf(chat);
  useEffect(() => {
    if (groupID) store.ensure(groupID);
  }, [store, groupID]);
  const read = useCallback(() => (groupID ? store.get(groupID) : null), [store, groupID]);
  // The conversation store feeds the first answer (before the server's), so follow it too.
  const subscribe = useCallback(
    (listener: () => void) => {
      const offGroups = store.subscribe(listener);
      const offConversations = chat.conversationStore.subscribe(listener);
      return () => {
        offGroups();
        offConversations();
      };
    },
    [store, chat],
  );
  return useSyncExternalStore(subscribe, read, read);
}
