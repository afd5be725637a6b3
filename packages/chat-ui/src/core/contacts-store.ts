import type { ChatSDK, Friend, FriendApplication, Group, Profile } from '@liaison/sdk';
import { EVENT } from '@liaison/sdk';

/** What the contacts tab and the pickers read: the user's lists as the SDK last reported them. */
export interface ContactsState {
  friends: readonly Friend[];
  /** Requests sent to me and by me, newest first. */
  applications: readonly FriendApplication[];
  /** Requests sent to me not yet marked read (setFriendApplicationRead). */
  unreadApplications: number;
  /** Blocked userIDs, most recently blocked first. */
  blacklist: readonly string[];
  groups: readonly Group[];
  /** Profiles of blocked users: the blocklist itself carries IDs only. */
  blockedProfiles: ReadonlyMap<string, Profile>;
}

const EMPTY: ContactsState = {
  friends: [],
  applications: [],
  unreadApplications: 0,
  blacklist: [],
  groups: [],
  blockedProfiles: new Map(),
};

/** getUserProfile takes at most this many users a call. */
const PROFILE_BATCH = 100;

/**
 * The friend list, friend requests, blocklist and group list of one SDK instance, kept live from the
 * SDK's events (FRIEND_LIST_UPDATED, FRIEND_APPLICATION_LIST_UPDATED, BLACKLIST_UPDATED,
 * GROUP_LIST_UPDATED) for useSyncExternalStore. It starts listening, and loads the lists, when the
 * kit first reads it; a logout empties it and the next login loads them again.
 */
export class ContactsStore {
  private state: ContactsState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private isStarted = false;

  constructor(private readonly chat: ChatSDK) {}

  subscribe = (listener: () => void): (() => void) => {
    this.start();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ContactsState => this.state;

  private start(): void {
    if (this.isStarted) return;
    this.isStarted = true;
    const { chat } = this;
    chat.on(EVENT.FRIEND_LIST_UPDATED, ({ data }) => this.patch({ friends: data }));
    chat.on(EVENT.FRIEND_APPLICATION_LIST_UPDATED, ({ data }) =>
      this.patch({ applications: data.friendApplicationList, unreadApplications: data.unreadCount }),
    );
    chat.on(EVENT.BLACKLIST_UPDATED, ({ data }) => this.setBlacklist(data));
    chat.on(EVENT.GROUP_LIST_UPDATED, ({ data }) => this.patch({ groups: data }));
    chat.on(EVENT.SDK_READY, () => void this.load());
    chat.on(EVENT.SDK_NOT_READY, () => this.set(EMPTY));
    if (chat.isReady()) void this.load();
  }

  /**
   * The SDK loads these lists after login by itself, but reports them only when they change: a
   * store made later asks for what it missed. A list that cannot be read stays as it is.
   */
  private async load(): Promise<void> {
    const { chat } = this;
    await Promise.all([
      chat.getFriendList().then(({ data }) => this.patch({ friends: data }), ignore),
      chat
        .getFriendApplicationList()
        .then(
          ({ data }) => this.patch({ applications: data.friendApplicationList, unreadApplications: data.unreadCount }),
          ignore,
        ),
      chat.getBlacklist().then(({ data }) => this.setBlacklist(data), ignore),
      chat.getGroupList().then(({ data }) => this.patch({ groups: data.groupList }), ignore),
    ]);
  }

  private setBlacklist(userIDList: readonly string[]): void {
    const known = new Map(this.state.blockedProfiles);
    // Someone just blocked is usually a friend: their profile is at hand.
    for (const userID of userIDList) {
      const friend = this.state.friends.find((f) => f.userID === userID);
      if (friend && !known.has(userID)) known.set(userID, friend.profile);
    }
    this.patch({ blacklist: userIDList, blockedProfiles: known });
    const missing = userIDList.filter((userID) => !known.has(userID));
    for (let start = 0; start < missing.length; start += PROFILE_BATCH) {
      void this.chat.getUserProfile({ userIDList: missing.slice(start, start + PROFILE_BATCH) }).then(({ data }) => {
        const next = new Map(this.state.blockedProfiles);
        for (const profile of data) next.set(profile.userID, profile);
        this.patch({ blockedProfiles: next });
      }, ignore);
    }
  }

  private patch(change: Partial<ContactsState>): void {
    this.set({ ...this.state, ...change });
  }

  private set(next: ContactsState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

const stores = new WeakMap<ChatSDK, ContactsStore>();

/** The contacts store of an SDK instance, made on first use. */
export function contactsStoreOf(chat: ChatSDK): ContactsStore {
  let store = stores.get(chat);
  if (!store) {
    store = new ContactsStore(chat);
    stores.set(chat, store);
  }
  return store;
}

/** A list that could not be read: the kit shows what it has; the SDK reports the failure (EVENT.ERROR). */
function ignore(): void {}
