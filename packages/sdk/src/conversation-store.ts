import { type Conversation, compareConversations, totalUnreadCount } from './conversation-model';

/** What a UI needs to read the conversation list: fits React's useSyncExternalStore. */
export interface ConversationStoreView {
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The sorted list; the same array until something changes. */
  getSnapshot(): readonly Conversation[];
  getTotalUnreadCount(): number;
  get(conversationID: string): Conversation | undefined;
}

/**
 * The local conversation list. Conversations are immutable values: every change replaces the
 * object, so a UI can compare by reference. Pure state, no I/O.
 */
export class ConversationStore implements ConversationStoreView {
  private readonly conversations = new Map<string, Conversation>();
  /** Local activity order: a conversation touched later sorts first among equal times. */
  private readonly ranks = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private lastRank = 0;
  private snapshot: readonly Conversation[] | null = null;
  private total: number | null = null;
  /** My remark for each friend that has one: a one-to-one conversation carries its peer's. */
  private remarks: ReadonlyMap<string, string> = new Map();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly Conversation[] => {
    if (this.snapshot === null) {
      // A community topic's conversation is kept (read, profile) but not listed, as Tencent's.
      const listed = [...this.conversations.values()].filter((conversation) => conversation.type !== 'TOPIC');
      const ranked = listed.map((conversation) => ({
        conversation,
        rank: this.ranks.get(conversation.conversationID) ?? 0,
      }));
      this.snapshot = Object.freeze(ranked.sort(compareConversations).map((item) => item.conversation));
    }
    return this.snapshot;
  };

  getTotalUnreadCount = (): number => {
    this.total ??= totalUnreadCount(this.conversations.values());
    return this.total;
  };

  get(conversationID: string): Conversation | undefined {
    return this.conversations.get(conversationID);
  }

  has(conversationID: string): boolean {
    return this.conversations.has(conversationID);
  }

  /** Replaces the whole list (login, reconnect). */
  replaceAll(conversations: readonly Conversation[]): void {
    this.conversations.clear();
    for (const conversation of conversations)
      this.conversations.set(conversation.conversationID, this.withRemark(conversation));
    for (const id of this.ranks.keys()) if (!this.conversations.has(id)) this.ranks.delete(id);
    this.changed();
  }

  /** Adds or replaces one conversation; `touch` moves it up among conversations with the same time. */
  put(given: Conversation, options: { touch?: boolean } = {}): void {
    const conversation = this.withRemark(given);
    const previous = this.conversations.get(conversation.conversationID);
    if (options.touch) this.ranks.set(conversation.conversationID, ++this.lastRank);
    // An equal value keeps the old object, so readers comparing by reference see no change.
    const isSame = previous !== undefined && (previous === conversation || isEqual(previous, conversation));
    if (isSame && !options.touch) return;
    if (!isSame) this.conversations.set(conversation.conversationID, conversation);
    this.changed();
  }

  /** Applies `update` to a stored conversation; false if there is none. */
  update(
    conversationID: string,
    update: (conversation: Conversation) => Conversation,
    options: { touch?: boolean } = {},
  ): boolean {
    const previous = this.conversations.get(conversationID);
    if (!previous) return false;
    const next = update(previous);
    if (next !== previous || options.touch) this.put(next, options);
    return true;
  }

  /**
   * My friends' remarks (from the friend list, as it changes): each one-to-one conversation's
   * `remark` follows its peer's, as the reference SDK fills it.
   */
  setFriendRemarks(remarks: ReadonlyMap<string, string>): void {
    this.remarks = remarks;
    let isChanged = false;
    for (const [id, conversation] of this.conversations) {
      const next = this.withRemark(conversation);
      if (next === conversation) continue;
      this.conversations.set(id, next);
      isChanged = true;
    }
    if (isChanged) this.changed();
  }

  /** A mark of local activity so far, for retainOnly(). */
  activityMark(): number {
    return this.lastRank;
  }

  /**
   * Removes the conversations not in `keep`, except those a message touched after `since`
   * (they are newer than the list that `keep` came from).
   */
  retainOnly(keep: ReadonlySet<string>, since: number): void {
    let removed = false;
    for (const id of [...this.conversations.keys()]) {
      if (keep.has(id) || (this.ranks.get(id) ?? 0) > since) continue;
      this.conversations.delete(id);
      this.ranks.delete(id);
      removed = true;
    }
    if (removed) this.changed();
  }

  remove(conversationID: string): void {
    this.ranks.delete(conversationID);
    if (this.conversations.delete(conversationID)) this.changed();
  }

  clear(): void {
    this.ranks.clear();
    this.remarks = new Map();
    if (this.conversations.size === 0) return;
    this.conversations.clear();
    this.changed();
  }

  private withRemark(conversation: Conversation): Conversation {
    if (conversation.type !== 'C2C') return conversation;
    const remark = this.remarks.get(conversation.conversationID.slice('C2C'.length)) ?? '';
    return conversation.remark === remark ? conversation : { ...conversation, remark };
  }

  private changed(): void {
    this.snapshot = null;
    this.total = null;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Conversations are plain JSON-shaped values (built by conversation-model), so this is exact. */
function isEqual(a: Conversation, b: Conversation): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
