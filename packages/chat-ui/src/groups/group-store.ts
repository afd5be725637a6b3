import { type ChatSDK, EVENT, type Group } from '@liaison/sdk';

/**
 * The groups the chat's group screens look at, kept live for useSyncExternalStore: each is read
 * once from the server when first asked for (getGroupProfile), then follows the SDK's group list
 * (GROUP_LIST_UPDATED, which group tips keep current: members, profile, owner, my role, my mute).
 * A group I leave keeps its last state here; the conversation's operationType says I left.
 */
export class GroupStore {
  private groups: ReadonlyMap<string, Group> = new Map();
  private readonly asked = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private isStarted = false;

  constructor(private readonly chat: ChatSDK) {}

  subscribe = (listener: () => void): (() => void) => {
    this.start();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(groupID: string): Group | null {
    return this.groups.get(groupID) ?? this.fromConversation(groupID);
  }

  /** Reads the group from the server once (again after a logout); later changes come by events. */
  ensure(groupID: string): void {
    this.start();
    if (this.asked.has(groupID)) return;
    this.asked.add(groupID);
    this.chat.getGroupProfile({ groupID }).then(
      ({ data }) => this.put([data.group]),
      // Not readable (dismissed, or I am out): what the conversation knows stands.
      () => undefined,
    );
  }

  /** A group as an answer brought it (after an action of mine), ahead of the list's event. */
  put(groups: readonly Group[]): void {
    let next: Map<string, Group> | null = null;
    for (const group of groups) {
      const known = this.groups.get(group.groupID);
      if (known && JSON.stringify(known) === JSON.stringify(group)) continue;
      next ??= new Map(this.groups);
      next.set(group.groupID, group);
    }
    if (!next) return;
    this.groups = next;
    for (const listener of this.listeners) listener();
  }

  private start(): void {
    if (this.isStarted) return;
    this.isStarted = true;
    this.chat.on(EVENT.GROUP_LIST_UPDATED, ({ data }) => this.put(data));
    this.chat.on(EVENT.SDK_NOT_READY, () => {
      this.asked.clear();
      this.groups = new Map();
      for (const listener of this.listeners) listener();
    });
  }

  /** Before the server answers: the group as the conversation list has it. */
  private fromConversation(groupID: string): Group | null {
    return this.chat.conversationStore.get(`GROUP${groupID}`)?.groupProfile ?? null;
  }
}

const stores = new WeakMap<ChatSDK, GroupStore>();

/** The group store of an SDK instance, made on first use. */
export function groupStoreOf(chat: ChatSDK): GroupStore {
  let store = stores.get(chat);
  if (!store) {
    store = new GroupStore(chat);
    stores.set(chat, store);
  }
  return store;
}
