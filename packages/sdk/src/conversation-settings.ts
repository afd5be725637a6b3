import {
  type ConversationBatchResult,
  ErrorCode,
  isMarkType,
  LiaisonError,
  type PushEvent,
  type ReceiveMessageOpt,
  type WireConversation,
} from '@liaison/protocol';
import { type Conversation, markRead, mergeConversation } from './conversation-model';
import type { ConversationStore } from './conversation-store';
import { invalidParams } from './core/errors';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok, TYPES } from './core/types';
import type { Emitter } from './events';

export interface ConversationSettingsContext {
  request: RequestFunction;
  me(): string;
  store: ConversationStore;
  events: Pick<Emitter, 'emit'>;
}

export interface SetAllReceiveMessageOptOptions {
  /** MSG_REMIND_ACPT_AND_NOTE, MSG_REMIND_ACPT_NOT_NOTE (the default, as Tencent's) or MSG_REMIND_DISCARD. */
  messageRemindType?: ReceiveMessageOpt['messageRemindType'];
  startHour?: number;
  startMinute?: number;
  startSecond?: number;
  /** Seconds from the start. */
  duration?: number;
  /** Every day (the default); a duration of a day or more then covers the whole day. */
  isRepeated?: boolean;
}

export interface ConversationOperationResult {
  successConversationIDList: string[];
  failureConversationIDList: Array<{ conversationID: string; code: number; message: string }>;
}

const READ_ALL_SCOPES: readonly string[] = [TYPES.READ_ALL_C2C_MSG, TYPES.READ_ALL_GROUP_MSG, TYPES.READ_ALL_MSG];
const ALL_REMIND_TYPES: readonly string[] = [
  TYPES.MSG_REMIND_ACPT_AND_NOTE,
  TYPES.MSG_REMIND_ACPT_NOT_NOTE,
  TYPES.MSG_REMIND_DISCARD,
];

/**
 * The user's own settings over conversations, as Tencent's 3.6.6: cleared history, read all,
 * custom data, marks, conversation groups and the notification setting for every message. Each
 * change reaches the user's other tabs as a push (handlePush), with Tencent's events.
 */
export class ConversationSettings {
  constructor(private readonly context: ConversationSettingsContext) {}

  /** My view of the conversation's history goes (read first); the conversation stays, empty. */
  async clearHistoryMessage(conversationID: string): Promise<ChatResponse<{ conversationID: string }>> {
    if (typeof conversationID !== 'string' || conversationID === '') throw invalidParams('conversationID is required');
    const { conversation } = await this.context.request('clearHistoryMessage', { conversationID });
    this.merge([conversation]);
    return ok({ conversationID: conversation.conversationID });
  }

  /** Reads every conversation of the scope (Tencent's default TYPES.READ_ALL_MSG). */
  async setAllMessageRead(options: { scope?: string } = {}): Promise<ChatResponse<Record<string, never>>> {
    const scope = options?.scope || TYPES.READ_ALL_MSG;
    if (!READ_ALL_SCOPES.includes(scope)) throw invalidParams('scope must be one of TYPES.READ_ALL_*');
    const { conversationList } = await this.context.request('setAllMessageRead', {
      scope: scope as (typeof TYPES)['READ_ALL_MSG'],
    });
    this.merge(conversationList);
    for (const wire of conversationList) this.context.store.update(wire.conversationID, markRead);
    return ok({});
  }

  /**
   * The notification setting for every message, with Tencent's window: today (local time) from
   * startHour:startMinute:startSecond, for `duration` seconds. Stored on the server for the user.
   */
  async setAllReceiveMessageOpt(
    options: SetAllReceiveMessageOptOptions = {},
  ): Promise<ChatResponse<Record<string, never>>> {
    const messageRemindType = options.messageRemindType ?? TYPES.MSG_REMIND_ACPT_NOT_NOTE;
    if (!ALL_REMIND_TYPES.includes(messageRemindType)) {
      throw invalidParams(
        'messageRemindType must be MSG_REMIND_ACPT_AND_NOTE, MSG_REMIND_ACPT_NOT_NOTE or MSG_REMIND_DISCARD',
      );
    }
    const isRepeated = options.isRepeated ?? true;
    const { startTime, endTime } = receiveWindow(options, isRepeated);
    await this.context.request('setAllReceiveMessageOpt', { messageRemindType, startTime, endTime, isRepeated });
    return ok({});
  }

  async getAllReceiveMessageOpt(): Promise<ChatResponse<ReceiveMessageOpt>> {
    return ok(await this.context.request('getAllReceiveMessageOpt', {}));
  }

  /** My own data (at most 256 bytes; '' clears it) on each conversation of my list. */
  async setConversationCustomData(options: {
    conversationIDList: string[];
    customData: string;
  }): Promise<ChatResponse<ConversationOperationResult>> {
    const conversationIDList = idList(options?.conversationIDList);
    if (typeof options.customData !== 'string') throw invalidParams('customData must be a string');
    return this.batch(conversationIDList, () =>
      this.context.request('setConversationCustomData', { conversationIDList, customData: options.customData }),
    );
  }

  /** Sets or clears a mark (TYPES.CONV_MARK_TYPE_*, or a custom 2^n with n from 32 to 63). */
  async markConversation(options: {
    conversationIDList: string[];
    markType: number;
    enableMark: boolean;
  }): Promise<ChatResponse<ConversationOperationResult>> {
    const conversationIDList = idList(options?.conversationIDList);
    if (typeof options.markType !== 'number' || !isMarkType(options.markType)) {
      throw invalidParams('markType must be a TYPES.CONV_MARK_TYPE_* or 2^n (n from 32 to 63)');
    }
    if (typeof options.enableMark !== 'boolean') throw invalidParams('enableMark must be a boolean');
    return this.batch(conversationIDList, () =>
      this.context.request('markConversation', {
        conversationIDList,
        markType: options.markType,
        enableMark: options.enableMark,
      }),
    );
  }

  /** My conversation groups' names (Tencent's answer: the array itself as data). */
  async getConversationGroupList(): Promise<ChatResponse<string[]>> {
    const { groupNameList } = await this.context.request('getConversationGroupList', {});
    return ok(groupNameList);
  }

  async createConversationGroup(options: {
    groupName: string;
    conversationIDList: string[];
  }): Promise<ChatResponse<ConversationOperationResult>> {
    const conversationIDList = idList(options?.conversationIDList);
    const groupName = nameOf(options.groupName, 'groupName');
    return this.batch(conversationIDList, async () => {
      const change = await this.context.request('createConversationGroup', { groupName, conversationIDList });
      this.applyGroups(change.groupNameList, change.conversationList, null);
      return change;
    });
  }

  async deleteConversationGroup(groupName: string): Promise<ChatResponse<Record<string, never>>> {
    const change = await this.context.request('deleteConversationGroup', { groupName: nameOf(groupName, 'groupName') });
    this.applyGroups(change.groupNameList, change.conversationList, null);
    return ok({});
  }

  async renameConversationGroup(options: {
    oldName: string;
    newName: string;
  }): Promise<ChatResponse<Record<string, never>>> {
    const change = await this.context.request('renameConversationGroup', {
      oldName: nameOf(options?.oldName, 'oldName'),
      newName: nameOf(options.newName, 'newName'),
    });
    this.applyGroups(change.groupNameList, change.conversationList, null);
    return ok({});
  }

  async addConversationsToGroup(options: {
    groupName: string;
    conversationIDList: string[];
  }): Promise<ChatResponse<ConversationOperationResult>> {
    return this.changeGroup('addConversationsToGroup', options);
  }

  async deleteConversationsFromGroup(options: {
    groupName: string;
    conversationIDList: string[];
  }): Promise<ChatResponse<ConversationOperationResult>> {
    return this.changeGroup('deleteConversationsFromGroup', options);
  }

  /** What another tab of mine changed. */
  handlePush(
    push:
      | { event: 'conversations'; data: PushEvent<'conversations'> }
      | { event: 'conversationGroups'; data: PushEvent<'conversationGroups'> }
      | { event: 'receiveMessageOpt'; data: PushEvent<'receiveMessageOpt'> },
  ): void {
    if (push.event === 'conversations') {
      this.merge(push.data.conversationList);
      return;
    }
    if (push.event === 'conversationGroups') {
      this.applyGroups(push.data.groupNameList, push.data.conversationList, push.data.updatedGroupName);
      return;
    }
    this.context.events.emit(EVENT.ALL_RECEIVE_MESSAGE_OPT_UPDATED, push.data);
  }

  private async changeGroup(
    op: 'addConversationsToGroup' | 'deleteConversationsFromGroup',
    options: { groupName: string; conversationIDList: string[] },
  ): Promise<ChatResponse<ConversationOperationResult>> {
    const conversationIDList = idList(options?.conversationIDList);
    const groupName = nameOf(options.groupName, 'groupName');
    return this.batch(conversationIDList, async () => {
      const change = await this.context.request(op, { groupName, conversationIDList });
      this.applyGroups(change.groupNameList, change.conversationList, groupName);
      return change;
    });
  }

  /**
   * The conversations as they are now, then Tencent's event: CONVERSATION_IN_GROUP_UPDATED for
   * conversations added to or taken from `updatedGroupName`, else CONVERSATION_GROUP_LIST_UPDATED.
   */
  private applyGroups(
    groupNameList: string[],
    conversationList: readonly WireConversation[],
    updatedGroupName: string | null,
  ): void {
    this.merge(conversationList);
    if (updatedGroupName === null) {
      this.context.events.emit(EVENT.CONVERSATION_GROUP_LIST_UPDATED, groupNameList);
      return;
    }
    this.context.events.emit(EVENT.CONVERSATION_IN_GROUP_UPDATED, {
      groupName: updatedGroupName,
      conversationList: this.context.store
        .getSnapshot()
        .filter((conversation) => conversation.conversationGroupList.includes(updatedGroupName)),
    });
  }

  /**
   * A change of several conversations, answered as Tencent's: the server refuses a batch none of
   * whose conversations is in my list, which Tencent answers with every one as a failure.
   */
  private async batch(
    conversationIDList: string[],
    run: () => Promise<ConversationBatchResult>,
  ): Promise<ChatResponse<ConversationOperationResult>> {
    try {
      const result = await run();
      this.merge(result.conversationList);
      return ok({
        successConversationIDList: result.successConversationIDList,
        failureConversationIDList: result.failureConversationIDList,
      });
    } catch (error) {
      if (!(error instanceof LiaisonError) || error.code !== ErrorCode.CONVERSATION_NOT_FOUND) throw error;
      const failureConversationIDList = [...new Set(conversationIDList)].map((conversationID) => ({
        conversationID,
        code: error.code,
        message: error.message,
      }));
      return ok({ successConversationIDList: [], failureConversationIDList });
    }
  }

  private merge(list: readonly WireConversation[]): Conversation[] {
    const { store } = this.context;
    const me = this.context.me();
    return list.map((wire) => {
      const merged = mergeConversation(store.get(wire.conversationID), wire, me);
      store.put(merged);
      return merged;
    });
  }
}

/** Tencent's window: today at the start time (local), `duration` seconds long; a whole day when repeated and ≥ 1 day. */
function receiveWindow(
  options: SetAllReceiveMessageOptOptions,
  isRepeated: boolean,
): { startTime: number; endTime: number } {
  const { startHour = 0, startMinute = 0, startSecond = 0, duration = 0 } = options;
  for (const [name, value] of Object.entries({ startHour, startMinute, startSecond, duration })) {
    if (!Number.isInteger(value) || value < 0) throw invalidParams(`${name} must be a non-negative integer`);
  }
  const now = new Date();
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate(), startHour, startMinute, startSecond);
  const startTime = Math.round(start.getTime() / 1000);
  return { startTime, endTime: isRepeated && duration >= 86_400 ? startTime + 86_400 : startTime + duration };
}

function idList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((id) => typeof id === 'string')) {
    throw invalidParams('conversationIDList must be a non-empty array of conversation IDs');
  }
  return value;
}

function nameOf(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw invalidParams(`${field} must be a non-empty string`);
  return value;
}
