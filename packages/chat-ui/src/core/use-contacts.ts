import { useCallback, useSyncExternalStore } from 'react';
import { type ContactsState, contactsStoreOf } from './contacts-store';
import { useKit } from './kit-context';

/**
 * The part of the user's contacts that `select` picks, live: `select` must return a primitive or a
 * list the store keeps (not a new array each call).
 */
export function useContacts<S>(select: (state: ContactsState) => S): S {
  const { chat } = useKit();
  const store = contactsStoreOf(chat);
  const snapshot = useCallback(() => select(store.getSnapshot()), [store, select]);
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}
