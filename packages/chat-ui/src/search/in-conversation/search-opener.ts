import type { ChatSession } from '../../chat/actions/chat-session';
import { useStoreValue, ValueStore } from '../../common/value-store';

const stores = new WeakMap<ChatSession, ValueStore<boolean>>();

/**
 * Whether the open conversation's search panel is shown: shared by the buttons that open it (the
 * composer's toolbar on desktop, the chat header on phones) and the panel. It lives with the
 * conversation's session, so another conversation opens with the panel closed.
 */
export function searchPanelOf(session: ChatSession): ValueStore<boolean> {
  let store = stores.get(session);
  if (!store) {
    store = new ValueStore(false);
    stores.set(session, store);
  }
  return store;
}

const isOpen = (open: boolean) => open;

export function useSearchPanelOpen(session: ChatSession): boolean {
  return useStoreValue(searchPanelOf(session), isOpen);
}
