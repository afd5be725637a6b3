import {
  ErrorCode,
  type GroupProfile,
  LiaisonError,
  Limits,
  type MessageRemindType,
  type PushEvent,
  toConversationID,
  type WireConversation,
} from '@liaison/protocol';
import {
  applyMessage,
  applyMessageChange,
  applyOwnSend,
  type Conversation,
  conversationFromGroup,
  conversationFromMessage,
  markRead,
  mergeConversation,
} from './conversation-model';
import type { ConversationStore } from './conversation-store';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok, TYPES } from './core/types';
import type { Message } from './message-types';

export interface ConversationsContext {
  request: RequestFunction;
  me(): string;
  store: ConversationStore;
  onError(error: unknown): void;
  /** The group as the group list has it, for a conversation that appears with a message. */
  groupOf(groupID: string): GroupProfile | undefined;
}

export interface SetMessageRemindTypeOptions {
  messageRemindType: MessageRemindType;
  conversationID?: string;
  /** Reference form for a group conversation. */
  groupID?: string;
  /** Reference form for C2C conversations: one call per user. */
  userIDList?: string[];
}

export interface ConversationResult {
  conversationID: string;
  conversation: Conversation;
}

/**
 * The conversation calls of the public API, and how messages and pushes change the local
 * conversation list.
 */
export class ConversationAPI {
  /** Conversations whose server view is being fetched because a message arrived in them. */
  private readonly fetching = new Set<string>();
  /** Conversations whose view being fetched went out of date (I joined or left the group meanwhile). */
  private readonly outdated = new Set<string>();

  constructor(private readonly context: ConversationsContext) {}

  /** The list loaded at login replaces everything. */
  load(list: readonly WireConversation[]): void {
    const me = this.context.me();
    this.context.store.replaceAll(list.map((wire) => mergeConversation(undefined, wire, me)));
  }

  /**
   * A fresh list from the server: merge it in, and drop local conversations it no longer has
   * unless a message touched them after `since` (store.activityMark() before the request).
   */
  refresh(list: readonly WireConversation[], since: number): void {
    const { store } = this.context;
    const me = this.context.me();
    for (const wire of list) store.put(mergeConversation(store.get(wire.conversationID), wire, me));
    store.retainOnly(new Set(list.map((wire) => wire.conversationID)), since);
  }

  /** A new message (incoming or own) in order: last message, unread count, @-info, position. */
  handleMessage(message: Message): void {
    const { store } = this.context;
    const me = this.context.me();
    if (
      store.update(message.conversationID, (conversation) => applyMessage(conversation, message, me), { touch: true })
    ) {
      return;
    }
    // AVChatRoom messages (sequence 0) have no conversation on the server.
    if (message.sequence === 0) return;
    const standIn = conversationFromMessage(message, me);
    const group = message.conversationType === 'GROUP' ? this.context.groupOf(message.to) : undefined;
    store.put(group ? { ...standIn, groupProfile: group, subType: group.type } : standIn, { touch: true });
    void this.fetchProfile(message.conversationID);
  }

  /** My message on its way, or failed: its row shows it at once (conversation-model applyOwnSend). */
  handleOwnSend(message: Message): void {
    // Sent online only: never part of the conversation (as Tencent's, which lists it nowhere).
    if (message._onlineOnlyFlag) return;
    const { store } = this.context;
    const isSending = message.status !== 'fail';
    if (store.update(message.conversationID, (c) => applyOwnSend(c, message), { touch: isSending })) return;
    // A first message to someone: the conversation shows while it is on its way.
    if (!isSending || message.conversationType === 'GROUP') return;
    store.put(conversationFromMessage(message, this.context.me()), { touch: true });
    void this.fetchProfile(message.conversationID);
  }

  /**
   * I am in a group now (created, joined, added, let in): its conversation shows at once under
   * its name, as a member's again if I had left it, then as the server has it.
   */
  handleGroupJoined(group: GroupProfile): void {
    const { store } = this.context;
    const conversationID = toConversationID('GROUP', group.groupID);
    const existing = store.get(conversationID);
    store.put(
      existing
        ? { ...existing, groupProfile: group, subType: group.type, operationType: 0 }
        : conversationFromGroup(group),
      { touch: !existing },
    );
    void this.fetchProfile(conversationID);
  }

  /** The group's profile changed (a tip): the conversation shows the group as it is now. */
  handleGroupChanged(group: GroupProfile): void {
    this.context.store.update(toConversationID('GROUP', group.groupID), (conversation) =>
      conversation.groupProfile === group ? conversation : { ...conversation, groupProfile: group },
    );
  }

  /** I am out of the group (TYPES.CONV_OPERATION_*): the conversation stays, with the reason. */
  handleGroupLeft(groupID: string, operationType: number): void {
    const conversationID = toConversationID('GROUP', groupID);
    const known = this.context.store.update(conversationID, (conversation) =>
      conversation.operationType === operationType ? conversation : { ...conversation, operationType },
    );
    if (known) void this.fetchProfile(conversationID);
  }

  /** A delivered message changed (revoked, modified, flagged): its row follows if it is the last one. */
  handleMessageChanged(message: Message, changeSequence: number): void {
    this.context.store.update(message.conversationID, (c) => applyMessageChange(c, message, changeSequence));
  }

  /** I deleted messages for myself: when the last one went, the server says which is the last now. */
  handleMessagesDeleted(conversationID: string, messageIDs: readonly string[], changeSequence: number): void {
    const { store } = this.context;
    const lastID = store.get(conversationID)?.lastMessage.ID;
    store.update(conversationID, (c) => applyMessageChange(c, null, changeSequence));
    if (lastID && messageIDs.includes(lastID)) void this.fetchProfile(conversationID);
  }

  handlePush(
    push:
      | { event: 'conversation'; data: PushEvent<'conversation'> }
      | { event: 'conversationDeleted'; data: PushEvent<'conversationDeleted'> },
  ): void {
    const { store } = this.context;
    if (push.event === 'conversationDeleted') {
      store.remove(push.data.conversationID);
      return;
    }
    const wire = push.data.conversation;
    store.put(mergeConversation(store.get(wire.conversationID), wire, this.context.me()));
  }

  /**
   * Tencent's three forms: no argument for every conversation, an array of conversation IDs for
   * those (none for an empty array), or a filter (GetConversationListFilter).
   */
  async getConversationList(
    options?: string[] | GetConversationListFilter,
  ): Promise<ChatResponse<{ conversationList: Conversation[]; isSyncCompleted: boolean }>> {
    const since = this.context.store.activityMark();
    const { conversationList } = await this.context.request('getConversationList', {});
    this.refresh(conversationList, since);
    const all = this.context.store.getSnapshot();
    return ok({ conversationList: selectConversations(all, options), isSyncCompleted: true });
  }

  async getConversationProfile(conversationID: string): Promise<ChatResponse<{ conversation: Conversation }>> {
    const { conversation } = await this.context.request('getConversationProfile', { conversationID });
    return ok({ conversation: this.merge(conversation) });
  }

  /**
   * A conversation ID answers `{ conversationID }`; Tencent's object form answers
   * `{ conversationIDList }` of those deleted (at most the first 100; their history too unless
   * clearHistoryMessage is false).
   */
  async deleteConversation(
    options: string | DeleteConversationOptions,
  ): Promise<ChatResponse<{ conversationID: string } | { conversationIDList: string[] }>> {
    if (typeof options === 'string') {
      const [conversationID = options] = await this.deleteList([options], true);
      return ok({ conversationID });
    }
    const list: unknown = options?.conversationIDList;
    if (!Array.isArray(list) || list.length === 0 || !list.every((id) => typeof id === 'string')) {
      throw new LiaisonError(
        ErrorCode.INVALID_PARAMS,
        'conversationIDList must be a non-empty array of conversation IDs',
      );
    }
    const clearHistoryMessage = options.clearHistoryMessage ?? true;
    if (typeof clearHistoryMessage !== 'boolean') {
      throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'clearHistoryMessage must be a boolean');
    }
    const conversationIDList = await this.deleteList(
      list.slice(0, Limits.CONVERSATION_DELETE_MAX),
      clearHistoryMessage,
    );
    return ok({ conversationIDList });
  }

  async pinConversation(options: {
    conversationID: string;
    isPinned: boolean;
  }): Promise<ChatResponse<ConversationResult>> {
    const { conversation } = await this.context.request('pinConversation', {
      conversationID: options.conversationID,
      isPinned: options.isPinned,
    });
    return this.result(conversation);
  }

  async setMessageRemindType(options: SetMessageRemindTypeOptions): Promise<ChatResponse<ConversationResult>> {
    const ids = remindTargets(options);
    if (ids.length === 0) {
      throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'Give conversationID, groupID or userIDList');
    }
    const results = await Promise.all(
      ids.map((conversationID) =>
        this.context.request('setMessageRemindType', { conversationID, messageRemindType: options.messageRemindType }),
      ),
    );
    const last = results[results.length - 1];
    if (!last) throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'Give conversationID, groupID or userIDList');
    for (const { conversation } of results.slice(0, -1)) this.merge(conversation);
    return this.result(last.conversation);
  }

  async setConversationDraft(options: {
    conversationID: string;
    draftText: string;
  }): Promise<ChatResponse<ConversationResult>> {
    const { conversation } = await this.context.request('setConversationDraft', {
      conversationID: options.conversationID,
      draftText: options.draftText,
    });
    return this.result(conversation);
  }

  async setMessageRead(options: { conversationID: string }): Promise<ChatResponse<ConversationResult>> {
    const { conversation } = await this.context.request('setMessageRead', { conversationID: options.conversationID });
    this.merge(conversation);
    this.context.store.update(conversation.conversationID, markRead);
    return this.result(conversation);
  }

  private async deleteList(conversationIDList: string[], clearHistoryMessage: boolean): Promise<string[]> {
    const result = await this.context.request('deleteConversation', { conversationIDList, clearHistoryMessage });
    for (const conversationID of result.conversationIDList) this.context.store.remove(conversationID);
    return result.conversationIDList;
  }

  private result(wire: WireConversation): ChatResponse<ConversationResult> {
    return ok({ conversationID: wire.conversationID, conversation: this.merge(wire) });
  }

  private merge(wire: WireConversation): Conversation {
    const { store } = this.context;
    const merged = mergeConversation(store.get(wire.conversationID), wire, this.context.me());
    store.put(merged);
    return merged;
  }

  /** Replaces a stand-in conversation with the server's view; on failure the stand-in stays. */
  private async fetchProfile(conversationID: string): Promise<void> {
    if (this.fetching.has(conversationID)) {
      // Asked while an answer is on its way: that answer may predate what changed since.
      this.outdated.add(conversationID);
      return;
    }
    this.fetching.add(conversationID);
    try {
      const { conversation } = await this.context.request('getConversationProfile', { conversationID });
      if (this.context.store.has(conversationID) && !this.outdated.has(conversationID)) this.merge(conversation);
    } catch (error) {
      this.context.onError(error);
    } finally {
      this.fetching.delete(conversationID);
      if (this.outdated.delete(conversationID)) void this.fetchProfile(conversationID);
    }
  }
}

/** Tencent's filter for getConversationList (its GET_CONVERSATION_LIST_OPTIONS). */
export interface GetConversationListFilter {
  /** TYPES.CONV_C2C or TYPES.CONV_GROUP; anything else does not filter. */
  type?: string;
  /** Conversations with this mark; 0 for those without any. */
  markType?: number;
  /** Conversations in this conversation group; '' for those in none. */
  groupName?: string;
  hasUnreadCount?: boolean;
  hasGroupAtInfo?: boolean;
}

export interface DeleteConversationOptions {
  conversationIDList: string[];
  /** Default true: my history of them goes too; false keeps it for when they come back. */
  clearHistoryMessage?: boolean;
}

/** getConversationList's selection, as Tencent's runtime does it on its local list. */
function selectConversations(
  all: readonly Conversation[],
  options: string[] | GetConversationListFilter | undefined,
): Conversation[] {
  if (options === undefined || options === null) return [...all];
  if (Array.isArray(options)) return all.filter((c) => options.includes(c.conversationID));
  if (typeof options !== 'object') return [];
  const { type, markType, groupName, hasUnreadCount, hasGroupAtInfo } = options;
  return all.filter(
    (c) =>
      (type !== TYPES.CONV_C2C && type !== TYPES.CONV_GROUP ? true : c.type === type) &&
      (typeof markType !== 'number'
        ? true
        : markType === 0
          ? c.markList.length === 0
          : c.markList.includes(markType)) &&
      (typeof groupName !== 'string'
        ? true
        : groupName === ''
          ? c.conversationGroupList.length === 0
          : c.conversationGroupList.includes(groupName)) &&
      (hasUnreadCount === undefined ? true : hasUnreadCount === c.unreadCount > 0) &&
      (hasGroupAtInfo === undefined ? true : hasGroupAtInfo === c.groupAtInfoList.length > 0),
  );
}

function remindTargets(options: SetMessageRemindTypeOptions): string[] {
  if (options.conversationID) return [options.conversationID];
  if (options.groupID) return [toConversationID('GROUP', options.groupID)];
  return (options.userIDList ?? []).map((userID) => toConversationID('C2C', userID));
}
