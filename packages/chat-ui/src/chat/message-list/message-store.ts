import { ErrorCode, LiaisonError, Limits } from '@liaison/protocol';
import type { ChatSDK, EventHandler, Message } from '@liaison/sdk';
import { LiveBacklog, loadPageAfter, loadWindowAt, routeTo } from './detached-window';
import { EMPTY_LIST, type JumpTarget, type MessageListState, mergeMessages } from './message-list-state';
import { ReadMarker } from './read-marker';
import { revokedTextsOf } from './revoked-texts';
import { watchUploadProgress } from './upload-progress';

/** Jumping to a quoted message loads at most this many older pages looking for it. */
export const FIND_MAX_PAGES = 40;

/**
 * A small external store per conversation: history pages, incoming messages and own sends,
 * deduplicated by message ID. Messages are values: a change replaces the object, so memoised
 * rows re-render only for their own message. While someone subscribes, incoming messages
 * mark the conversation read.
 */
export class MessageStore {
  private state: MessageListState = EMPTY_LIST;
  private readonly listeners = new Set<() => void>();
  private nextReqMessageID = '';
  private started = false;
  /** The SDK's own objects for messages sent here, which it updates in place (and can resend). */
  private readonly outgoing = new Map<string, Message>();
  private readonly handleReceived: EventHandler<'onMessageReceived'>;
  private readonly handleModified: EventHandler<'onMessageModified'>;
  private readonly handleRevoked: EventHandler<'onMessageRevoked'>;
  private readonly handleDeleted: EventHandler<'onMessageDeleted'>;
  private loading: Promise<void> | null = null;
  private loadingNewer: Promise<void> | null = null;
  /** Bumped when the window is replaced: pages asked for before then are dropped when they arrive. */
  private generation = 0;
  private jumpSerial = 0;
  /** Incoming messages not shown while detached (detached-window.ts). */
  private readonly live = new LiveBacklog();
  private readonly reads: ReadMarker;

  constructor(
    private readonly chat: ChatSDK,
    readonly conversationID: string,
    /** Where open stores are found by conversation ID (see getMessageStore). */
    private readonly registry: Map<string, MessageStore> = new Map(),
  ) {
    this.reads = new ReadMarker(chat, conversationID, () => this.isOpen);
    this.handleReceived = (event) => {
      const mine = event.data.filter((m) => m.conversationID === this.conversationID);
      if (mine.length === 0) return;
      if (this.state.hasNewer) this.keepForLater(mine.map((m) => ({ ...m })));
      else this.upsert(mine.map((m) => ({ ...m })));
      if (mine.some((m) => m.flow === 'in')) this.reads.mark();
    };
    // A message flagged after delivery (hasRiskContent) or otherwise changed replaces the one shown.
    this.handleModified = (event) => this.replaceKnown(event.data);
    // Revoked here or on another tab, by me or by someone else: the row becomes the revoked notice.
    this.handleRevoked = (event) => this.replaceKnown(event.data);
    // Deleted for me, here or on another of my tabs.
    this.handleDeleted = (event) => {
      if (event.data.conversationID === this.conversationID) this.drop(event.data.messageIDList);
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.close();
    };
  };

  getSnapshot = (): MessageListState => this.state;

  /** Someone shows this conversation's list (or composer) right now. */
  get isOpen(): boolean {
    return this.listeners.size > 0;
  }

  /** Loads the page before the oldest message shown; does nothing once history is complete. */
  loadOlder(): Promise<void> {
    if (this.loading) return this.loading;
    if (this.state.isCompleted) return Promise.resolve();
    const loading = this.loadPage().finally(() => {
      if (this.loading === loading) this.loading = null;
    });
    this.loading = loading;
    return loading;
  }

  /** In a detached window: loads the page after the newest message shown, joining the live end at the last one. */
  loadNewer(): Promise<void> {
    if (this.loadingNewer) return this.loadingNewer;
    if (!this.state.hasNewer) return Promise.resolve();
    const loading = this.loadNewerPage().finally(() => {
      if (this.loadingNewer === loading) this.loadingNewer = null;
    });
    this.loadingNewer = loading;
    return loading;
  }

  /** Leaves a detached window for the newest page (the 'back to latest' button, a send). */
  returnToLatest(): Promise<void> {
    if (!this.state.hasNewer) return Promise.resolve();
    this.generation++;
    this.loading = null;
    this.loadingNewer = null;
    this.nextReqMessageID = '';
    this.live.clear();
    // An empty list, as at the start, in a new window; a jump not yet shown stays.
    this.set({ ...EMPTY_LIST, windowKey: this.state.windowKey + 1, jump: this.state.jump });
    return this.loadOlder();
  }

  /**
   * Shows a message (state.jump tells the list the outcome). One already loaded, or a few pages
   * older, is reached in place; a farther one (by its sequence) replaces the list with a window of
   * the pages around it. Called before anyone opens the store, it spares loading the newest page.
   */
  async jumpTo(target: JumpTarget): Promise<void> {
    if (!this.started) this.started = true;
    else if (this.loading && this.state.messages.length === 0) await this.loading;
    const message = await this.locate(target);
    const outcome = !message ? 'missing' : message.isRevoked ? 'revoked' : 'found';
    this.set({ jump: { messageID: target.messageID, outcome, serial: ++this.jumpSerial } });
  }

  /** The list has acted on a jump (scrolled and blinked, or warned). */
  consumeJump(serial: number): void {
    if (this.state.jump?.serial === serial) this.set({ jump: null });
  }

  /** The message with this ID, loading older pages until it is found or history ends (undefined then). */
  async find(messageID: string, maxPages = FIND_MAX_PAGES): Promise<Message | undefined> {
    for (let page = 0; ; page++) {
      const found = this.state.messages.find((m) => m.ID === messageID);
      if (found) return found;
      if (this.state.isCompleted || page >= maxPages) return undefined;
      await this.loadOlder();
      if (this.state.error) return undefined;
    }
  }

  /**
   * Revokes a message for everyone (the server decides whether it may: 20016 after the window).
   * An own text keeps its words in this tab, so it can be re-edited after the server drops them.
   */
  async revoke(messageID: string): Promise<void> {
    const message = this.outgoing.get(messageID) ?? this.state.messages.find((m) => m.ID === messageID);
    if (!message) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
    const texts = revokedTextsOf(this.chat);
    if (message.type === 'TIMTextElem' && message.flow === 'out') texts.set(messageID, message.payload.text);
    try {
      const { data } = await this.chat.revokeMessage(message);
      this.replaceKnown([data.message]);
    } catch (error) {
      texts.delete(messageID);
      throw error;
    }
  }

  /** Deletes messages for me only (on all my tabs), at most 30 per request; they leave the list. */
  async remove(messageIDs: readonly string[]): Promise<void> {
    const wanted = new Set(messageIDs);
    const messages = this.state.messages.filter((m) => wanted.has(m.ID));
    for (let at = 0; at < messages.length; at += Limits.DELETE_MESSAGES_MAX) {
      const batch = messages.slice(at, at + Limits.DELETE_MESSAGES_MAX);
      await this.chat.deleteMessage(batch);
      this.drop(batch.map((m) => m.ID));
    }
  }

  /** Takes messages out of the list (deleted for me here or on another tab). */
  drop(messageIDs: readonly string[]): void {
    const gone = new Set(messageIDs);
    if (!this.state.messages.some((m) => gone.has(m.ID))) return;
    for (const messageID of gone) this.outgoing.delete(messageID);
    this.set({ messages: this.state.messages.filter((m) => !gone.has(m.ID)) });
  }

  private async loadPage(): Promise<void> {
    const generation = this.generation;
    this.set({ isLoading: true, error: null });
    try {
      const { data } = await this.chat.getMessageList({
        conversationID: this.conversationID,
        ...(this.nextReqMessageID ? { nextReqMessageID: this.nextReqMessageID } : {}),
      });
      if (generation !== this.generation) return;
      // Messages sent or received while the newest page loaded are already drawn: it goes in front of them.
      const first = !this.nextReqMessageID && this.state.messages.length === 0;
      this.nextReqMessageID = data.nextReqMessageID;
      const known = new Set(this.state.messages.map((m) => m.ID));
      const older = data.messageList.filter((m) => !known.has(m.ID)).map((m) => ({ ...m }));
      this.set({
        messages: [...older, ...this.state.messages],
        prependedCount: this.state.prependedCount + (first ? 0 : older.length),
        isCompleted: data.isCompleted,
        isLoading: false,
      });
    } catch (error) {
      if (generation === this.generation) this.set({ isLoading: false, error });
    }
  }

  private async loadNewerPage(): Promise<void> {
    const generation = this.generation;
    if (this.state.error) this.set({ error: null });
    try {
      const page = await loadPageAfter(this.chat, this.conversationID, this.state.messages);
      if (generation !== this.generation) return;
      this.set(this.joinedIfComplete(mergeMessages(this.state.messages, page.messages), page.isCompleted));
    } catch (error) {
      if (generation === this.generation) this.set({ error });
    }
  }

  private async locate({ messageID, sequence }: JumpTarget): Promise<Message | undefined> {
    const route = routeTo(this.state, messageID, sequence);
    if (route.kind === 'shown') return route.message;
    if (route.kind === 'gone') return undefined;
    if (route.kind === 'older') return this.find(messageID, route.maxPages);
    await this.openWindowAt(route.sequence);
    return this.state.messages.find((m) => m.ID === messageID);
  }

  /** Replaces the list with the page up to `sequence` and the page after it (two requests). */
  private async openWindowAt(sequence: number): Promise<void> {
    const generation = ++this.generation;
    this.loading = null;
    this.loadingNewer = null;
    this.set({ isLoading: true, error: null });
    try {
      const opened = await loadWindowAt(this.chat, this.conversationID, sequence);
      if (generation !== this.generation) return;
      this.nextReqMessageID = opened.nextReqMessageID;
      this.set({
        ...this.joinedIfComplete(opened.messages, opened.isNewerCompleted),
        prependedCount: 0,
        isLoading: false,
        isCompleted: opened.isOlderCompleted,
        missedCount: 0,
        windowKey: this.state.windowKey + 1,
        anchorIndex: opened.anchorIndex,
      });
    } catch (error) {
      if (generation === this.generation) this.set({ isLoading: false, error });
    }
  }

  /** The window's messages, joined with those kept from the live end when nothing newer is left. */
  private joinedIfComplete(
    messages: readonly Message[],
    isCompleted: boolean,
  ): Pick<MessageListState, 'messages' | 'hasNewer' | 'missedCount'> {
    if (!isCompleted) return { messages, hasNewer: true, missedCount: this.state.missedCount };
    return { messages: mergeMessages(messages, this.live.takeAfter(messages)), hasNewer: false, missedCount: 0 };
  }

  /** While detached: a message shown is replaced in place; a new one waits for the window to reach it. */
  private keepForLater(incoming: readonly Message[]): void {
    const known = new Set(this.state.messages.map((m) => m.ID));
    const shown = incoming.filter((m) => known.has(m.ID));
    const fresh = incoming.filter((m) => !known.has(m.ID));
    if (shown.length > 0) this.upsert(shown);
    if (fresh.length === 0) return;
    this.live.keep(fresh);
    this.set({ missedCount: this.state.missedCount + fresh.filter((m) => m.flow === 'in').length });
  }

  /**
   * Shows an own message at once ('unSend'), then sends it; the row follows its status. Resolves
   * with the failure when it failed (the row then offers resend), else with undefined.
   */
  async send(message: Message, again = false): Promise<unknown> {
    // A message sent while reading an older window goes to the live end, and so does the list.
    void this.returnToLatest();
    this.outgoing.set(message.ID, message);
    this.upsert([{ ...message, status: 'unSend' }]);
    const stopWatching = watchUploadProgress(message, () => this.upsert([{ ...message }]));
    try {
      await (again ? this.chat.resendMessage(message) : this.chat.sendMessage(message));
      return undefined;
    } catch (error) {
      // The SDK marked it 'fail' (or the upload was cancelled); the row shows the resend icon.
      return error;
    } finally {
      stopWatching();
      this.upsert([{ ...message }]);
    }
  }

  /** Stops the upload of an own message being sent; its send then fails and it can be resent. */
  cancelUpload(messageID: string): void {
    const message = this.outgoing.get(messageID);
    if (message) void this.chat.cancelUploadMessage(message).catch(() => undefined);
  }

  /** Tencent's resendMessage: a failed own message again, with its ID (the server never stores it twice); resolves as send does. */
  async resend(messageID: string): Promise<unknown> {
    const original = this.outgoing.get(messageID);
    const shown = this.state.messages.find((m) => m.ID === messageID);
    const message = original ?? (shown ? { ...shown } : undefined);
    return message ? this.send(message, true) : undefined;
  }

  private open(): void {
    if (!this.registry.has(this.conversationID)) this.registry.set(this.conversationID, this);
    this.chat.on(this.chat.EVENT.MESSAGE_RECEIVED, this.handleReceived);
    this.chat.on(this.chat.EVENT.MESSAGE_MODIFIED, this.handleModified);
    this.chat.on(this.chat.EVENT.MESSAGE_REVOKED, this.handleRevoked);
    this.chat.on(this.chat.EVENT.MESSAGE_DELETED, this.handleDeleted);
    if (!this.started) {
      this.started = true;
      void this.loadOlder().then(() => this.reads.markIfUnread());
    } else {
      this.reads.markIfUnread();
    }
  }

  private close(): void {
    this.chat.off(this.chat.EVENT.MESSAGE_RECEIVED, this.handleReceived);
    this.chat.off(this.chat.EVENT.MESSAGE_MODIFIED, this.handleModified);
    this.chat.off(this.chat.EVENT.MESSAGE_REVOKED, this.handleRevoked);
    this.chat.off(this.chat.EVENT.MESSAGE_DELETED, this.handleDeleted);
    // A closed conversation loads afresh next time, so nothing missed while closed goes stale.
    if (this.registry.get(this.conversationID) === this) this.registry.delete(this.conversationID);
  }

  /**
   * A changed copy of messages this list shows (revoked, modified, flagged after delivery)
   * replaces them; a message now marked deleted leaves the list. Others are not this list's.
   */
  private replaceKnown(changed: readonly Message[]): void {
    const known = new Set(this.state.messages.map((m) => m.ID));
    const mine = changed.filter((m) => m.conversationID === this.conversationID && known.has(m.ID));
    const deleted = mine.filter((m) => m.isDeleted).map((m) => m.ID);
    const kept = mine.filter((m) => !m.isDeleted);
    if (kept.length > 0) this.upsert(kept.map((m) => ({ ...m })));
    if (deleted.length > 0) this.drop(deleted);
  }

  /** Replaces messages with the same ID in place; appends new ones at the end. */
  private upsert(incoming: readonly Message[]): void {
    this.set({ messages: mergeMessages(this.state.messages, incoming) });
  }

  private set(patch: Partial<MessageListState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

const stores = new WeakMap<ChatSDK, Map<string, MessageStore>>();

/** The store of a conversation that is open on screen, if it is: sends into it show in its list. */
export function openMessageStore(chat: ChatSDK, conversationID: string): MessageStore | undefined {
  const store = stores.get(chat)?.get(conversationID);
  return store?.isOpen ? store : undefined;
}

/** The store of one conversation, shared by the list and the composer while either is open. */
export function getMessageStore(chat: ChatSDK, conversationID: string): MessageStore {
  let byConversation = stores.get(chat);
  if (!byConversation) {
    byConversation = new Map();
    stores.set(chat, byConversation);
  }
  let store = byConversation.get(conversationID);
  if (!store) {
    store = new MessageStore(chat, conversationID, byConversation);
    byConversation.set(conversationID, store);
  }
  return store;
}
