import type { ChatSDK } from '@liaison/sdk';
import { useEffect, useSyncExternalStore } from 'react';
import { useKit } from '../../core/kit-context';

/** getUserProfile takes at most this many users a call. */
const BATCH = 100;

/**
 * Nicks of users a message names only by ID (a group tip's operator, a new owner), read once per
 * user (getUserProfile, batched) and kept for the SDK instance's life.
 */
class UserNames {
  private names: ReadonlyMap<string, string> = new Map();
  private readonly asked = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private pending: string[] = [];

  constructor(private readonly chat: ChatSDK) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): ReadonlyMap<string, string> => this.names;

  want(userIDs: readonly string[]): void {
    const fresh = userIDs.filter((id) => id !== '' && !this.asked.has(id));
    if (fresh.length === 0 || typeof this.chat.getUserProfile !== 'function') return;
    for (const id of fresh) this.asked.add(id);
    const isScheduled = this.pending.length > 0;
    this.pending.push(...fresh);
    // One request for all the rows that render together.
    if (!isScheduled) queueMicrotask(() => this.flush());
  }

  private flush(): void {
    const ids = this.pending;
    this.pending = [];
    for (let start = 0; start < ids.length; start += BATCH) {
      this.chat.getUserProfile({ userIDList: ids.slice(start, start + BATCH) }).then(
        ({ data }) => {
          const next = new Map(this.names);
          for (const profile of data) if (profile.nick) next.set(profile.userID, profile.nick);
          this.names = next;
          for (const listener of this.listeners) listener();
        },
        // Unknown stays the ID.
        () => undefined,
      );
    }
  }
}

const stores = new WeakMap<ChatSDK, UserNames>();

function userNamesOf(chat: ChatSDK): UserNames {
  let store = stores.get(chat);
  if (!store) {
    store = new UserNames(chat);
    stores.set(chat, store);
  }
  return store;
}

/** A function from user ID to nick (the ID until the nick is known) for the IDs given. */
export function useUserNames(userIDs: readonly string[]): (userID: string) => string {
  const { chat } = useKit();
  const store = userNamesOf(chat);
  const key = userIDs.join('\n');
  useEffect(() => store.want(key.split('\n')), [store, key]);
  const names = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  return (userID) => names.get(userID) ?? userID;
}
