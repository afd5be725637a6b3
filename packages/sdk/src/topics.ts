import {
  communityOfTopic,
  ErrorCode,
  isTopicID,
  LiaisonError,
  type PushEvent,
  type WireTopic,
} from '@liaison/protocol';
import { invalidParams } from './core/errors';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok } from './core/types';
import type { Emitter } from './events';
import type { URLResolver } from './file-urls';
import type { Group } from './groups';
import type { Message } from './message-types';
import { type Topic, toTopic, withMessage, withProfile } from './topic-model';

export interface TopicsContext {
  request: RequestFunction;
  me(): string;
  events: Pick<Emitter, 'emit'>;
  resolveURL: URLResolver;
}

interface TopicFields {
  avatar?: string;
  notification?: string;
  introduction?: string;
  customData?: string;
}

export interface CreateTopicOptions extends TopicFields {
  groupID: string;
  topicName: string;
  /** `<groupID>@TOPIC#_<part>`; the server makes one when absent. */
  topicID?: string;
}

export interface UpdateTopicOptions extends TopicFields {
  groupID: string;
  topicID: string;
  topicName?: string;
  muteAllMembers?: boolean;
}

export interface TopicListOptions {
  groupID: string;
  /** Undefined (or empty): every topic of the community. */
  topicIDList?: string[] | undefined;
}

export interface TopicFailure {
  topicID: string;
  code: number;
  message: string;
}

/**
 * Communities that support topics and their topics, as Tencent's: the owner and admins create,
 * change and delete topics; members list them. A topic's messages are a conversation of its own
 * (`GROUP<topicID>`, type CONV_TOPIC, sent with `to: topicID`). TOPIC_UPDATED follows a profile
 * change and each message that arrives in a topic this client has listed.
 */
export class Topics {
  /** Per community, its topics as this client last heard of them. */
  private readonly known = new Map<string, Map<string, Topic>>();

  constructor(readonly context: TopicsContext) {}

  async getJoinedCommunityList(): Promise<ChatResponse<{ groupList: Group[] }>> {
    const { groupList } = await this.context.request('getJoinedCommunityList', {});
    return ok({ groupList });
  }

  async createTopicInCommunity(options: CreateTopicOptions): Promise<ChatResponse<{ topicID: string }>> {
    requireGroupID(options);
    if (typeof options.topicName !== 'string') throw invalidParams('topicName must be a string');
    // Tencent's SDK refuses a malformed topic ID before asking (3021).
    if (options.topicID !== undefined && !isTopicID(options.topicID)) {
      throw new LiaisonError(ErrorCode.ILLEGAL_TOPIC_ID);
    }
    const { topicID } = await this.context.request('createTopicInCommunity', {
      groupID: options.groupID,
      topicName: options.topicName,
      topicID: options.topicID,
      avatar: options.avatar,
      notification: options.notification,
      introduction: options.introduction,
      customData: options.customData,
    });
    return ok({ topicID });
  }

  async deleteTopicFromCommunity(
    options: TopicListOptions,
  ): Promise<ChatResponse<{ successTopicList: { topicID: string }[]; failureTopicList: TopicFailure[] }>> {
    requireGroupID(options);
    const result = await this.context.request('deleteTopicFromCommunity', {
      groupID: options.groupID,
      topicIDList: topicIDList(options),
    });
    const topics = this.known.get(options.groupID);
    for (const { topicID } of result.successTopicList) topics?.delete(topicID);
    return ok(result);
  }

  async updateTopicProfile(options: UpdateTopicOptions): Promise<ChatResponse<{ topic: Topic }>> {
    requireGroupID(options);
    if (typeof options.topicID !== 'string') throw invalidParams('topicID must be a string');
    const { topic } = await this.context.request('updateTopicProfile', {
      groupID: options.groupID,
      topicID: options.topicID,
      topicName: options.topicName,
      avatar: options.avatar,
      notification: options.notification,
      introduction: options.introduction,
      customData: options.customData,
      muteAllMembers: options.muteAllMembers,
    });
    return ok({ topic: this.remember(options.groupID, topic) });
  }

  async getTopicList(
    options: TopicListOptions,
  ): Promise<ChatResponse<{ successTopicList: Topic[]; failureTopicList: TopicFailure[] }>> {
    requireGroupID(options);
    const result = await this.context.request('getTopicList', {
      groupID: options.groupID,
      topicIDList: topicIDList(options),
    });
    return ok({
      successTopicList: result.successTopicList.map((topic) => this.remember(options.groupID, topic)),
      failureTopicList: result.failureTopicList,
    });
  }

  handlePush(
    push:
      | { event: 'topicCreated'; data: PushEvent<'topicCreated'> }
      | { event: 'topicDeleted'; data: PushEvent<'topicDeleted'> }
      | { event: 'topicUpdated'; data: PushEvent<'topicUpdated'> },
  ): void {
    const { events } = this.context;
    if (push.event === 'topicCreated') {
      events.emit(EVENT.TOPIC_CREATED, push.data);
      return;
    }
    if (push.event === 'topicDeleted') {
      const topics = this.known.get(push.data.groupID);
      for (const topicID of push.data.topicIDList) topics?.delete(topicID);
      events.emit(EVENT.TOPIC_DELETED, push.data);
      return;
    }
    const { groupID, topic: profile } = push.data;
    const topic = this.known.get(groupID)?.get(profile.topicID);
    if (topic) {
      this.update(groupID, withProfile(topic, profile));
      return;
    }
    // Not listed here yet: the caller's reading of it comes with the list.
    void this.getTopicList({ groupID, topicIDList: [profile.topicID] })
      .then(({ data }) => {
        for (const listed of data.successTopicList) events.emit(EVENT.TOPIC_UPDATED, { groupID, topic: listed });
      })
      .catch(() => undefined);
  }

  /** A message arrived (or was sent) in a topic this client has listed: its last message and unread count follow. */
  handleMessage(message: Message): void {
    if (message.conversationType !== 'GROUP' || !isTopicID(message.to)) return;
    const groupID = communityOfTopic(message.to);
    const topic = this.known.get(groupID)?.get(message.to);
    if (!topic) return;
    const next = withMessage(topic, message);
    if (next !== topic) this.update(groupID, next);
  }

  reset(): void {
    this.known.clear();
  }

  private remember(groupID: string, wire: WireTopic): Topic {
    const topic = toTopic(wire, this.context.me(), this.context.resolveURL);
    this.topicsOf(groupID).set(topic.topicID, topic);
    return topic;
  }

  private update(groupID: string, topic: Topic): void {
    this.topicsOf(groupID).set(topic.topicID, topic);
    this.context.events.emit(EVENT.TOPIC_UPDATED, { groupID, topic });
  }

  private topicsOf(groupID: string): Map<string, Topic> {
    let topics = this.known.get(groupID);
    if (!topics) {
      topics = new Map();
      this.known.set(groupID, topics);
    }
    return topics;
  }
}

function requireGroupID(options: { groupID: string } | undefined): void {
  if (typeof options?.groupID !== 'string' || options.groupID === '') throw invalidParams('groupID must be a string');
}

/** Tencent's `undefined` (and an empty list) means every topic. */
function topicIDList(options: TopicListOptions): string[] | undefined {
  if (options.topicIDList === undefined || options.topicIDList === null) return undefined;
  if (!Array.isArray(options.topicIDList)) throw invalidParams('topicIDList must be an array of topic IDs');
  return options.topicIDList.length > 0 ? options.topicIDList : undefined;
}
