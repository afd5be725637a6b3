import { type ConversationType, Limits, type OpRequest, toConversationID, type WireMessage } from '@liaison/protocol';
import { invalidParams } from './core/errors';
import { TYPES } from './core/types';
import { resolveContentURLs, type URLResolver } from './file-urls';
import type { Message, MessageBase, MessageContent, MessagePriority, RevokerInfo } from './message-types';
import { sendContentOf } from './send-content';

export interface CreateTextMessageOptions {
  /** Peer user ID for C2C, group ID for groups. */
  to: string;
  conversationType: ConversationType;
  payload: { text: string; atUserList?: string[] };
  needReadReceipt?: boolean;
  cloudCustomData?: string;
  priority?: MessagePriority;
  isSupportExtension?: boolean;
  /** A targeted group message: only these members receive it (Limits.RECEIVER_LIST_MAX; the rest are dropped, as Tencent's). */
  receiverList?: string[];
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
  /** TYPES.MSG_PRIORITY_*; anything else is Normal, as Tencent's. */
  priority?: MessagePriority;
  isSupportExtension?: boolean;
  receiverList?: string[];
}

const PRIORITIES: ReadonlySet<string> = new Set(['High', 'Normal', 'Low', 'Lowest']);

/** Shared by every message not revoked: the revoke replaces it, nothing writes into it. */
const NOT_REVOKED: RevokerInfo = Object.freeze({ userID: '', nick: '', avatar: '' });

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
    priority: PRIORITIES.has(options.priority as string) ? (options.priority as MessagePriority) : 'Normal',
    isSupportExtension: options.isSupportExtension === true,
  };
  const receivers = receiverListOf(options.receiverList);
  if (receivers) base._receiverList = receivers;
  return Object.assign(base, content);
}

/**
 * Tencent's receiverList: user IDs; an empty list is no list. Past Limits.RECEIVER_LIST_MAX the
 * rest is dropped, as Tencent's SDK drops it (with a console warning) before sending.
 */
function receiverListOf(receiverList: unknown): string[] | null {
  if (receiverList === undefined || receiverList === null) return null;
  if (!Array.isArray(receiverList) || receiverList.some((userID) => typeof userID !== 'string' || userID === '')) {
    throw invalidParams('receiverList must be an array of user IDs');
  }
  return receiverList.length === 0 ? null : receiverList.slice(0, Limits.RECEIVER_LIST_MAX);
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
    revokerInfo: wire.revokerInfo ?? NOT_REVOKED,
    isSupportExtension: wire.isSupportExtension === true,
    version: wire.version,
    isModified: wire.version > 0,
    _isExcludedFromUnreadCount: wire.messageControlInfo?.excludedFromUnreadCount === true || isReadOnImport(wire),
    _isExcludedFromLastMessage: wire.messageControlInfo?.excludedFromLastMessage === true,
    _onlineOnlyFlag: wire.onlineOnly === true,
    ...(wire.receiverList ? { _receiverList: [...wire.receiverList] } : {}),
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
    ...(message.isSupportExtension ? { isSupportExtension: true } : {}),
    // Tencent's SDK sends a receiverList with group messages only.
    ...(message._receiverList && message.conversationType === TYPES.CONV_GROUP
      ? { receiverList: message._receiverList }
      : {}),
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
    revokerInfo: NOT_REVOKED,
    revokeReason: '',
    isSupportExtension: false,
    isDeleted: false,
    isModified: false,
    version: 0,
    isSystemMessage: false,
    isBroadcastMessage: false,
    hasRiskContent: false,
    reactionList: [],
    progress: 1,
    _isExcludedFromUnreadCount: false,
    _isExcludedFromLastMessage: false,
    _onlineOnlyFlag: false,
  };
}

/**
 * A group message moved in by import_group_msg, after which the server marks the group read for
 * every member: the client counts it as the server does, as nobody's unread.
 */
function isReadOnImport(wire: WireMessage): boolean {
  return wire.imported === true && wire.conversationType === 'GROUP';
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
