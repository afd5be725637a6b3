import type { PushEvent } from '@liaison/protocol';
import { invalidParams } from './core/errors';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok } from './core/types';
import type { Emitter } from './events';
import type { URLResolver } from './file-urls';
import { fromWire } from './message-model';
import type { Message } from './message-types';

export interface GroupDataContext {
  request: RequestFunction;
  me(): string;
  events: Pick<Emitter, 'emit'>;
  resolveURL: URLResolver;
}

/** Who pinned a message: the reference's pinnerInfo (on listed messages) and operatorInfo (on the event). */
export interface PinnerInfo {
  userID: string;
  nick: string;
  avatar: string;
}

/** A pinned message as getPinnedGroupMessageList lists it. */
export type PinnedMessage = Message & { pinnerInfo: PinnerInfo };

type Attributes = Record<string, string>;
type Counters = Record<string, number>;

/**
 * Group attributes, counters and pinned messages, with the reference SDK's names, shapes and
 * events. Every change, this tab's included, comes back as the server's push to the group's
 * members, and the event is emitted from it, so every tab and every member sees the same events.
 */
export class GroupData {
  constructor(private readonly context: GroupDataContext) {}

  async initGroupAttributes(options: {
    groupID: string;
    groupAttributes: Attributes;
  }): Promise<ChatResponse<{ groupAttributes: Attributes }>> {
    return ok(await this.context.request('initGroupAttributes', options));
  }

  async setGroupAttributes(options: {
    groupID: string;
    groupAttributes: Attributes;
  }): Promise<ChatResponse<{ groupAttributes: Attributes }>> {
    return ok(await this.context.request('setGroupAttributes', options));
  }

  /** An empty keyList deletes every attribute, as the reference's. */
  async deleteGroupAttributes(options: {
    groupID: string;
    keyList: string[];
  }): Promise<ChatResponse<{ keyList: string[] }>> {
    return ok(
      await this.context.request('deleteGroupAttributes', { groupID: options.groupID, keyList: options.keyList ?? [] }),
    );
  }

  async getGroupAttributes(options: {
    groupID: string;
    keyList?: string[];
  }): Promise<ChatResponse<{ groupAttributes: Attributes }>> {
    return ok(await this.context.request('getGroupAttributes', { groupID: options.groupID, keyList: options.keyList }));
  }

  async setGroupCounters(options: {
    groupID: string;
    counters: Counters;
  }): Promise<ChatResponse<{ counters: Counters }>> {
    return ok(await this.context.request('setGroupCounters', options));
  }

  /** Resolves with `{counters: {[key]: value now}}`, as the reference's runtime (its docs show `{groupID, key, value}`). */
  async increaseGroupCounter(options: {
    groupID: string;
    key: string;
    value: number;
  }): Promise<ChatResponse<{ counters: Counters }>> {
    return ok(await this.context.request('increaseGroupCounter', options));
  }

  async decreaseGroupCounter(options: {
    groupID: string;
    key: string;
    value: number;
  }): Promise<ChatResponse<{ counters: Counters }>> {
    return ok(await this.context.request('decreaseGroupCounter', options));
  }

  async getGroupCounters(options: {
    groupID: string;
    keyList?: string[];
  }): Promise<ChatResponse<{ counters: Counters }>> {
    return ok(await this.context.request('getGroupCounters', { groupID: options.groupID, keyList: options.keyList }));
  }

  /** Resolves with empty data, as the reference's. */
  async pinGroupMessage(options: {
    groupID: string;
    message: Pick<Message, 'ID'>;
    isPinned: boolean;
  }): Promise<ChatResponse<Record<string, never>>> {
    if (!options.message?.ID) throw invalidParams('message: give the message to pin (a Message with its ID)');
    await this.context.request('pinGroupMessage', {
      groupID: options.groupID,
      messageID: options.message.ID,
      isPinned: options.isPinned,
    });
    return ok({});
  }

  async getPinnedGroupMessageList(groupID: string): Promise<ChatResponse<{ messageList: PinnedMessage[] }>> {
    const { messageList } = await this.context.request('getPinnedGroupMessageList', { groupID });
    const me = this.context.me();
    return ok({
      messageList: messageList.map(({ message, pinnerInfo }) => ({
        ...fromWire(message, me, this.context.resolveURL),
        pinnerInfo,
      })),
    });
  }

  handleAttributes(data: PushEvent<'groupAttributes'>): void {
    this.context.events.emit(EVENT.GROUP_ATTRIBUTES_UPDATED, data);
  }

  /** One GROUP_COUNTER_UPDATED per counter, as the reference's. */
  handleCounters(data: PushEvent<'groupCounters'>): void {
    for (const { key, value } of data.counterList) {
      this.context.events.emit(EVENT.GROUP_COUNTER_UPDATED, { groupID: data.groupID, key, value });
    }
  }

  handlePinned(data: PushEvent<'pinnedGroupMessage'>): void {
    const message = fromWire(data.message, this.context.me(), this.context.resolveURL);
    this.context.events.emit(EVENT.PINNED_GROUP_MESSAGE_UPDATED, {
      groupID: data.groupID,
      message: data.isPinned ? { ...message, pinnerInfo: data.operatorInfo } : message,
      isPinned: data.isPinned,
      operatorInfo: data.operatorInfo,
    });
  }
}
