import type { MessageRemindType, TopicProfile, WireGroupAtInfo, WireTopic } from '@liaison/protocol';
import { toLastMessage } from './conversation-model';
import type { URLResolver } from './file-urls';
import { fromWire } from './message-model';
import type { Message } from './message-types';

/** A topic's last message, as Tencent's Topic.lastMessage (all empty when there is none). */
export interface TopicLastMessage {
  lastTime: number;
  lastSequence: number;
  fromAccount: string;
  payload: Message['payload'] | null;
  type: string;
  messageForShow: string;
  nick: string;
  avatar: string;
  version: number;
  cloudCustomData: string;
  isRevoked: boolean;
  revoker: string | null;
}

/** Tencent's Topic: the profile every member shares, and the caller's reading of it. */
export interface Topic {
  topicID: string;
  topicName: string;
  avatar: string;
  introduction: string;
  notification: string;
  unreadCount: number;
  muteAllMembers: boolean;
  customData: string;
  groupAtInfoList: WireGroupAtInfo[];
  nextMessageSeq: number;
  lastMessage: TopicLastMessage;
  selfInfo: {
    muteTime: number;
    readedSequence: number;
    messageRemindType: MessageRemindType;
    excludedUnreadSequenceList: undefined;
  };
}

const noLastMessage: TopicLastMessage = {
  lastTime: 0,
  lastSequence: 0,
  fromAccount: '',
  payload: null,
  type: '',
  messageForShow: '',
  nick: '',
  avatar: '',
  version: 0,
  cloudCustomData: '',
  isRevoked: false,
  revoker: null,
};

export function topicLastMessage(message: Message | null): TopicLastMessage {
  if (!message) return noLastMessage;
  return {
    lastTime: message.time,
    lastSequence: message.sequence,
    fromAccount: message.from,
    payload: message.payload,
    type: message.type,
    messageForShow: toLastMessage(message).messageForShow,
    nick: message.nick,
    avatar: message.avatar,
    version: message.version,
    cloudCustomData: message.cloudCustomData,
    isRevoked: message.isRevoked,
    revoker: message.revoker || null,
  };
}

export function toTopic(wire: WireTopic, me: string, resolveURL?: URLResolver): Topic {
  const last = wire.lastMessage ? fromWire(wire.lastMessage, me, resolveURL) : null;
  return {
    topicID: wire.topicID,
    topicName: wire.topicName,
    avatar: wire.avatar,
    introduction: wire.introduction,
    notification: wire.notification,
    unreadCount: wire.unreadCount,
    muteAllMembers: wire.muteAllMembers,
    customData: wire.customData,
    groupAtInfoList: wire.groupAtInfoList,
    nextMessageSeq: wire.nextMessageSeq,
    lastMessage: topicLastMessage(last),
    selfInfo: {
      muteTime: 0,
      readedSequence: wire.readSequence,
      messageRemindType: wire.messageRemindType,
      excludedUnreadSequenceList: undefined,
    },
  };
}

/** The topic with a TOPIC_UPDATED push's shared profile applied; the caller's reading is kept. */
export function withProfile(topic: Topic, profile: TopicProfile): Topic {
  return {
    ...topic,
    topicName: profile.topicName,
    avatar: profile.avatar,
    introduction: profile.introduction,
    notification: profile.notification,
    customData: profile.customData,
    muteAllMembers: profile.muteAllMembers,
  };
}

/** A message arrived in the topic: it is the last one, and unread unless it is mine. */
export function withMessage(topic: Topic, message: Message): Topic {
  if (message.sequence < topic.nextMessageSeq) return topic;
  const isMine = message.flow === 'out';
  return {
    ...topic,
    nextMessageSeq: message.sequence + 1,
    lastMessage: topicLastMessage(message),
    unreadCount: isMine ? 0 : topic.unreadCount + 1,
    selfInfo: isMine ? { ...topic.selfInfo, readedSequence: message.sequence } : topic.selfInfo,
  };
}

/** The topic's conversation was read up to its end. */
export function withRead(topic: Topic): Topic {
  if (topic.unreadCount === 0 && topic.groupAtInfoList.length === 0) return topic;
  return {
    ...topic,
    unreadCount: 0,
    groupAtInfoList: [],
    selfInfo: { ...topic.selfInfo, readedSequence: topic.nextMessageSeq - 1 },
  };
}
