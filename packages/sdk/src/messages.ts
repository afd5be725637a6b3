import {
  type ConversationType,
  type CustomPayload,
  type FacePayload,
  type FilePayload,
  type GroupSystemNoticePayload,
  type GroupTipPayload,
  type ImagePayload,
  Limits,
  type LocationPayload,
  type OpRequest,
  type ReactionUser,
  type SoundPayload,
  toConversationID,
  type VideoPayload,
  type MergedMessage as WireMergedMessage,
  type MergerPayload as WireMergerPayload,
  type WireMessage,
} from '@liaison/protocol';
import { invalidParams } from './errors';
import { resolveContentURLs, type URLResolver } from './file-urls';
import { sendContentOf } from './send-content';
import { TYPES } from './types';

export type MessageFlow = 'in' | 'out';
export type MessageStatus = 'unSend' | 'success' | 'fail';

export interface TextPayload {
  text: string;
}

/** A message inside a merged record (payload.messageList of MSG_MERGER), with its file URLs resolved. */
export interface MergedMessage extends Omit<WireMergedMessage, 'messageBody'> {
  /** One element: the message's type and payload, as a Message has them. */
  messageBody: MessageContent[];
}

/** payload of MSG_MERGER: messageList is empty for a large record until downloadMergerMessage fills it. */
export interface MergerPayload extends Omit<WireMergerPayload, 'messageList'> {
  messageList: MergedMessage[];
}

/** The payload of each message type, with the reference SDK's field names (spec chat.md §3). */
export interface MessagePayloads {
  TIMTextElem: TextPayload;
  TIMImageElem: ImagePayload;
  TIMSoundElem: SoundPayload;
  TIMVideoFileElem: VideoPayload;
  TIMFileElem: FilePayload;
  TIMLocationElem: LocationPayload;
  TIMFaceElem: FacePayload;
  TIMCustomElem: CustomPayload;
  TIMRelayElem: MergerPayload;
  TIMGroupTipElem: GroupTipPayload;
  TIMGroupSystemNoticeElem: GroupSystemNoticePayload;
}
export type MessageType = keyof MessagePayloads;

/** A type and its payload: `message.type === TYPES.MSG_IMAGE` narrows `message.payload`. */
export type MessageContent = { [T in MessageType]: { type: T; payload: MessagePayloads[T] } }[MessageType];

export interface ReadReceiptInfo {
  readCount: number;
  unreadCount: number;
  isPeerRead: boolean;
}

export interface MessageReaction {
  reactionID: string;
  /** Exact, however many reacted. */
  totalUserCount: number;
  reactedByMyself: boolean;
  /** The first few reactors, oldest first, as the reference SDK lists them. */
  partialUserList: ReactionUser[];
}

/** The fields every message has, whatever its type. */
export interface MessageBase {
  ID: string;
  conversationID: string;
  conversationType: ConversationType;
  /** Peer user ID for C2C, group ID for groups. */
  to: string;
  from: string;
  flow: MessageFlow;
  /** Server time in seconds (the local time until the server has stored it). */
  time: number;
  /** Sender's clock at creation, seconds. */
  clientTime: number;
  status: MessageStatus;
  /** Per-conversation server sequence; 0 until stored, and always 0 in AVChatRoom. */
  sequence: number;
  random: number;
  priority: 'Normal';
  nick: string;
  nameCard: string;
  avatar: string;
  atUserList: string[];
  cloudCustomData: string;
  needReadReceipt: boolean;
  isPeerRead: boolean;
  readReceiptInfo: ReadReceiptInfo;
  isRevoked: boolean;
  revoker: string;
  isDeleted: boolean;
  isModified: boolean;
  /** Ours: bumped by every modifyMessage (isModified once above 0); modifyMessage sends it back. */
  version: number;
  isSystemMessage: boolean;
  isBroadcastMessage: boolean;
  /** Moderation flagged the content (possibly after delivery): show a placeholder, offer no download. */
  hasRiskContent: boolean;
  reactionList: MessageReaction[];
  /** Upload progress 0..1 of a message with a file; 1 for everything else and once uploaded. */
  progress: number;
}

/**
 * A message, with the reference SDK's field names (spec chat.md §3). `conversationID` and
 * `flow` are relative to the logged-in user. A union on `type`: each type has its own payload.
 */
export type Message = MessageBase & MessageContent;

/** A message of one type. */
export type MessageOf<T extends MessageType> = MessageBase & { type: T; payload: MessagePayloads[T] };

export interface CreateTextMessageOptions {
  /** Peer user ID for C2C, group ID for groups. */
  to: string;
  conversationType: ConversationType;
  payload: { text: string; atUserList?: string[] };
  needReadReceipt?: boolean;
  cloudCustomData?: string;
}

export interface Sender {
  userID: string;
  nick: string;
  avatar: string;
}

/** Sources of time and randomness, injectable for tests. */
export interface MessageEntropy {
  now: () => number;
  random: () => number;
}

export const defaultEntropy: MessageEntropy = { now: Date.now, random: randomUint31 };

/** A new outgoing text message, status 'unSend', with a fresh client-side ID. */
export function createTextMessage(
  options: CreateTextMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const { payload } = options;
  if (typeof payload?.text !== 'string') throw invalidParams('payload.text must be a string');
  return createOutgoingMessage(
    { type: TYPES.MSG_TEXT, payload: { text: payload.text } },
    { ...options, atUserList: payload.atUserList },
    sender,
    entropy,
  );
}

/** Where an outgoing message goes and what it carries besides its content. */
export interface OutgoingOptions {
  /** Peer user ID for C2C, group ID for groups. */
  to: string;
  conversationType: ConversationType;
  needReadReceipt?: boolean;
  cloudCustomData?: string;
  atUserList?: string[];
}

/** A new outgoing message of any type, status 'unSend', with a fresh client-side ID. */
export function createOutgoingMessage<C extends MessageContent>(
  content: C,
  options: OutgoingOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): MessageBase & C {
  const { to, conversationType } = options;
  if (conversationType !== TYPES.CONV_C2C && conversationType !== TYPES.CONV_GROUP) {
    throw invalidParams(`conversationType must be ${TYPES.CONV_C2C} or ${TYPES.CONV_GROUP}`);
  }
  if (typeof to !== 'string' || to.length === 0) throw invalidParams('to must be a non-empty user or group ID');
  const nowMs = entropy.now();
  const random = entropy.random();
  const clientTime = Math.floor(nowMs / 1000);
  const base: MessageBase = {
    ...blankMessage(),
    ID: generateMessageID(sender.userID, nowMs, random),
    conversationID: toConversationID(conversationType, to),
    conversationType,
    to,
    from: sender.userID,
    flow: 'out',
    time: clientTime,
    clientTime,
    status: 'unSend',
    random,
    nick: sender.nick,
    avatar: sender.avatar,
    atUserList: [...(options.atUserList ?? [])],
    cloudCustomData: options.cloudCustomData ?? '',
    needReadReceipt: options.needReadReceipt ?? false,
  };
  return Object.assign(base, content);
}

/**
 * `${userID}-${milliseconds}-${random}`: unique per sender in practice, and within the
 * protocol's message ID charset (user IDs are letters, digits, _ and - only).
 */
export function generateMessageID(userID: string, nowMs: number, random: number): string {
  return `${userID}-${nowMs}-${random}`.slice(0, Limits.MESSAGE_ID_MAX);
}

/**
 * A stored message as the logged-in user `me` sees it; `resolveURL` turns the server's file paths
 * into URLs the viewer can load (file-urls.ts).
 */
export function fromWire(wire: WireMessage, me: string, resolveURL: URLResolver = keepURL): Message {
  return {
    ...blankMessage(),
    ...resolveContentURLs(wire, resolveURL),
    ID: wire.ID,
    conversationID: conversationIDOf(wire, me),
    conversationType: wire.conversationType,
    to: wire.to,
    from: wire.from,
    flow: wire.from === me ? 'out' : 'in',
    time: wire.time,
    clientTime: wire.clientTime,
    status: 'success',
    sequence: wire.sequence,
    random: wire.random,
    nick: wire.nick,
    avatar: wire.avatar,
    atUserList: [...wire.atUserList],
    cloudCustomData: wire.cloudCustomData,
    needReadReceipt: wire.needReadReceipt,
    hasRiskContent: wire.hasRiskContent,
    isRevoked: wire.isRevoked,
    revoker: wire.revoker,
    version: wire.version,
    isModified: wire.version > 0,
  };
}

/** C2C plus the other party (or me, for notes to self), or GROUP plus the group ID. */
export function conversationIDOf(message: Pick<WireMessage, 'conversationType' | 'from' | 'to'>, me: string): string {
  if (message.conversationType === TYPES.CONV_GROUP) return toConversationID('GROUP', message.to);
  return toConversationID('C2C', message.from === me ? message.to : message.from);
}

/** The `sendMessage` request body for an outgoing message (its content as send-content.ts has it). */
export function toSendBody(message: Message): OpRequest<'sendMessage'> {
  return {
    ID: message.ID,
    conversationType: message.conversationType,
    to: message.to,
    ...sendContentOf(message),
    atUserList: message.atUserList,
    clientTime: message.clientTime,
    random: message.random,
    cloudCustomData: message.cloudCustomData,
    needReadReceipt: message.needReadReceipt,
  };
}

/** Whether the message mentions `me` directly or everyone. */
export function mentions(message: Pick<Message, 'atUserList'>, me: string): { me: boolean; all: boolean } {
  return { me: message.atUserList.includes(me), all: message.atUserList.includes(TYPES.MSG_AT_ALL) };
}

/** The fields of a message that start the same for every message. */
export function blankMessage(): Omit<
  MessageBase,
  | 'ID'
  | 'conversationID'
  | 'conversationType'
  | 'to'
  | 'from'
  | 'flow'
  | 'time'
  | 'clientTime'
  | 'status'
  | 'random'
  | 'nick'
  | 'avatar'
  | 'atUserList'
  | 'cloudCustomData'
  | 'needReadReceipt'
> {
  return {
    sequence: 0,
    priority: 'Normal',
    nameCard: '',
    isPeerRead: false,
    readReceiptInfo: { readCount: 0, unreadCount: 0, isPeerRead: false },
    isRevoked: false,
    revoker: '',
    isDeleted: false,
    isModified: false,
    version: 0,
    isSystemMessage: false,
    isBroadcastMessage: false,
    hasRiskContent: false,
    reactionList: [],
    progress: 1,
  };
}

function keepURL(path: string): string {
  return path;
}

function randomUint31(): number {
  const cryptoSource = globalThis.crypto;
  if (cryptoSource?.getRandomValues) {
    const buffer = new Uint32Array(1);
    cryptoSource.getRandomValues(buffer);
    return (buffer[0] ?? 0) >>> 1;
  }
  return Math.floor(Math.random() * 0x7fffffff);
}

/** The one conversation every message of the list is in; 60003 for an empty or mixed list. */
export function oneConversation(messageList: readonly Message[]): string {
  const conversationID = messageList[0]?.conversationID;
  if (typeof conversationID !== 'string' || messageList.some((m) => m?.conversationID !== conversationID)) {
    throw invalidParams('messageList must hold messages of one conversation');
  }
  return conversationID;
}
