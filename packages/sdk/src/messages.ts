import {
  type ConversationType,
  ErrorCode,
  LiaisonError,
  Limits,
  type OpRequest,
  toConversationID,
  type WireMessage,
} from '@liaison/protocol';
import { TYPES } from './types';

export type MessageFlow = 'in' | 'out';
export type MessageStatus = 'unSend' | 'success' | 'fail';

export interface TextPayload {
  text: string;
}

export interface ReadReceiptInfo {
  readCount: number;
  unreadCount: number;
  isPeerRead: boolean;
}

export interface MessageReaction {
  reactionID: string;
  totalUserCount: number;
  reactedByMyself: boolean;
  partialUserList: string[];
}

/**
 * A message, with the reference SDK's field names (spec chat.md §3). `conversationID` and
 * `flow` are relative to the logged-in user. Only text messages exist today, so `type` and
 * `payload` are those of a text message; other kinds will join this as a union.
 */
export interface Message {
  ID: string;
  type: typeof TYPES.MSG_TEXT;
  payload: TextPayload;
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
  isSystemMessage: boolean;
  isBroadcastMessage: boolean;
  hasRiskContent: boolean;
  reactionList: MessageReaction[];
  /** Upload progress 0..1; text has nothing to upload, so 1. */
  progress: number;
}

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
  const { to, conversationType, payload } = options;
  if (conversationType !== TYPES.CONV_C2C && conversationType !== TYPES.CONV_GROUP) {
    throw invalid(`conversationType must be ${TYPES.CONV_C2C} or ${TYPES.CONV_GROUP}`);
  }
  if (typeof to !== 'string' || to.length === 0) throw invalid('to must be a non-empty user or group ID');
  if (typeof payload?.text !== 'string') throw invalid('payload.text must be a string');
  const nowMs = entropy.now();
  const random = entropy.random();
  const clientTime = Math.floor(nowMs / 1000);
  return {
    ...blankMessage(),
    ID: generateMessageID(sender.userID, nowMs, random),
    type: TYPES.MSG_TEXT,
    payload: { text: payload.text },
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
    atUserList: [...(payload.atUserList ?? [])],
    cloudCustomData: options.cloudCustomData ?? '',
    needReadReceipt: options.needReadReceipt ?? false,
  };
}

/**
 * `${userID}-${milliseconds}-${random}`: unique per sender in practice, and within the
 * protocol's message ID charset (user IDs are letters, digits, _ and - only).
 */
export function generateMessageID(userID: string, nowMs: number, random: number): string {
  return `${userID}-${nowMs}-${random}`.slice(0, Limits.MESSAGE_ID_MAX);
}

/** A stored message as the logged-in user `me` sees it. */
export function fromWire(wire: WireMessage, me: string): Message {
  return {
    ...blankMessage(),
    ID: wire.ID,
    type: wire.type,
    payload: { text: wire.payload.text },
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
  };
}

/** C2C plus the other party (or me, for notes to self), or GROUP plus the group ID. */
export function conversationIDOf(message: Pick<WireMessage, 'conversationType' | 'from' | 'to'>, me: string): string {
  if (message.conversationType === TYPES.CONV_GROUP) return toConversationID('GROUP', message.to);
  return toConversationID('C2C', message.from === me ? message.to : message.from);
}

/** The `sendMessage` request body for an outgoing message. */
export function toSendBody(message: Message): OpRequest<'sendMessage'> {
  return {
    ID: message.ID,
    conversationType: message.conversationType,
    to: message.to,
    type: message.type,
    payload: { text: message.payload.text },
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

function blankMessage(): Omit<
  Message,
  | 'ID'
  | 'type'
  | 'payload'
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
    isSystemMessage: false,
    isBroadcastMessage: false,
    hasRiskContent: false,
    reactionList: [],
    progress: 1,
  };
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

function invalid(message: string): LiaisonError {
  return new LiaisonError(ErrorCode.INVALID_PARAMS, message);
}
