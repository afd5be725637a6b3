import {
  type ConversationType,
  type GroupProfile,
  isTopicID,
  type MessageRemindType,
  messageForShow,
  type Profile,
  toConversationID,
  type WireConversation,
  type WireMessage,
} from '@liaison/protocol';
import { type MessageElemType, TYPES } from './core/types';
import { fromWire, mentions } from './message-model';
import type { Message, MessageStatus } from './message-types';

/** The reference SDK's `conversation.lastMessage`; all fields empty when there is none. */
export interface LastMessage {
  ID: string;
  type: MessageElemType | '';
  payload: Message['payload'] | null;
  /**
   * Text to show in a conversation list row: the text itself, or the reference SDK's label for
   * other types ('[图片]', '[文件]', …; a UI shows its own translation by `type`).
   */
  messageForShow: string;
  fromAccount: string;
  nick: string;
  nameCard: string;
  /** Seconds. */
  lastTime: number;
  lastSequence: number;
  isRevoked: boolean;
  /** Ours: who revoked it (the sender, or a group owner/admin); '' when not revoked. */
  revoker: string;
  /** Ours: moderation flagged it (possibly after delivery): show the placeholder, not its content. */
  hasRiskContent: boolean;
  isPeerRead: boolean;
  cloudCustomData: string;
  onlineOnlyFlag: boolean;
  /** Ours: 'unSend' while my message is on its way, 'fail' when its send failed; else 'success'. */
  status: MessageStatus;
}

export type GroupAtType = typeof TYPES.CONV_AT_ME | typeof TYPES.CONV_AT_ALL | typeof TYPES.CONV_AT_ALL_AT_ME;

/** An unread message in a group that mentions me or everyone. */
export interface GroupAtInfo {
  groupID: string;
  from: string;
  messageID: string;
  messageSequence: number;
  atType: GroupAtType;
}

export interface Conversation {
  /** 'C2C' + peer user ID, or 'GROUP' + group ID or community topic ID. */
  conversationID: string;
  /** TOPIC (Tencent's CONV_TOPIC) for a community topic's conversation, which the list leaves out. */
  type: ConversationType | 'TOPIC';
  /** The group type for groups, '' for C2C. */
  subType: GroupProfile['type'] | '';
  unreadCount: number;
  lastMessage: LastMessage;
  isPinned: boolean;
  messageRemindType: MessageRemindType;
  /** messageRemindType is not AcceptAndNotify. */
  isMuted: boolean;
  draftText: string;
  groupAtInfoList: GroupAtInfo[];
  /** The peer, for C2C conversations; null for groups. */
  userProfile: Profile | null;
  /** The group, for GROUP conversations; null for C2C. */
  groupProfile: GroupProfile | null;
  peerReadTime: number;
  remark: string;
  /**
   * Above 0: the user is no longer in the group, and why (TYPES.CONV_OPERATION_*: 4 removed by an
   * admin, 5 group dismissed, 8 quit; spec chat.md §4). The conversation keeps what they could read.
   */
  operationType: number;
  /** Highest sequence stored in the conversation, as far as this client knows. */
  maxSequence: number;
  /** Highest sequence the user has read. */
  readSequence: number;
  /** Server milliseconds of the last change to the user's view of the conversation. */
  updatedAt: number;
  /**
   * Ours: the conversation's change counter as far as this client knows (revokes, modifications,
   * moderation flags, my deletions); the server's is compared with it after a reconnect.
   */
  changeSequence: number;
  /**
   * Ours, C2C: how far the peer has read (0 for groups). My messages at or below it are read by
   * the peer: isPeerReadBy(conversation, message) in receipts.ts.
   */
  peerReadSequence: number;
  /** setConversationCustomData: my own data on the conversation ('' when none). */
  customData: string;
  /** markConversation: my marks (TYPES.CONV_MARK_TYPE_*, or custom 2^32 and up), ascending. */
  markList: number[];
  /** My conversation groups holding this conversation, by name. */
  conversationGroupList: string[];
}

export const emptyLastMessage: LastMessage = Object.freeze({
  ID: '',
  type: '',
  payload: null,
  messageForShow: '',
  fromAccount: '',
  nick: '',
  nameCard: '',
  lastTime: 0,
  lastSequence: 0,
  isRevoked: false,
  revoker: '',
  hasRiskContent: false,
  isPeerRead: false,
  cloudCustomData: '',
  onlineOnlyFlag: false,
  status: 'success',
});

/**
 * The server's view of a conversation, as `me` sees it. Its groupAtInfoList (the server keeps
 * mentions) is completed by `atInfo`, what this client saw arrive, for messages newer than the view.
 */
export function toConversation(wire: WireConversation, me: string, atInfo: readonly GroupAtInfo[] = []): Conversation {
  const lastMessage = wire.lastMessage ? toLastMessage(fromWire(wire.lastMessage, me)) : emptyLastMessage;
  const atFromLast = wire.lastMessage ? atInfoFor(wire.lastMessage, me) : null;
  const candidates = [...wire.groupAtInfoList, ...atInfo, ...(atFromLast ? [atFromLast] : [])];
  return withLastPeerRead({
    conversationID: wire.conversationID,
    type: wire.type,
    subType: wire.groupProfile?.type ?? '',
    unreadCount: wire.unreadCount,
    lastMessage,
    isPinned: wire.isPinned,
    messageRemindType: wire.messageRemindType,
    isMuted: wire.messageRemindType !== TYPES.MSG_REMIND_ACPT_AND_NOTE,
    draftText: wire.draftText,
    groupAtInfoList: unreadAtInfo(candidates, wire.readSequence),
    userProfile: wire.type === 'C2C' ? wire.userProfile : null,
    groupProfile: wire.type === 'C2C' ? null : wire.groupProfile,
    peerReadTime: 0,
    remark: '',
    operationType: wire.operationType,
    maxSequence: wire.maxSequence,
    readSequence: wire.readSequence,
    updatedAt: wire.updatedAt,
    changeSequence: wire.changeSequence,
    peerReadSequence: wire.peerReadSequence,
    customData: wire.customData,
    markList: wire.markList,
    conversationGroupList: wire.conversationGroupList,
  });
}

/**
 * Folds a fresh server view into the local one. The server's view wins, except that a view
 * older than messages this client has already applied (lower maxSequence) keeps the local
 * message fields, so a stale list never takes a new message away.
 */
export function mergeConversation(local: Conversation | undefined, wire: WireConversation, me: string): Conversation {
  const fresh = toConversation(wire, me, local?.groupAtInfoList ?? []);
  // The peer's read cursor only moves forward: a view fetched before a peerRead push does not undo it.
  const incoming =
    local && local.peerReadSequence > fresh.peerReadSequence
      ? { ...fresh, peerReadSequence: local.peerReadSequence }
      : fresh;
  if (!local || local.maxSequence < incoming.maxSequence) return withLastPeerRead(incoming);
  if (local.maxSequence === incoming.maxSequence) {
    // A view fetched before a change this list already applied (revoke, modify) keeps the changed last message.
    const isOlder = local.changeSequence > incoming.changeSequence;
    if (isOlder) {
      return withLastPeerRead({ ...incoming, lastMessage: local.lastMessage, changeSequence: local.changeSequence });
    }
    // My message on its way, or failed, is not on the server: a view with nothing newer keeps showing it.
    const isMineUnstored = local.lastMessage.status === 'unSend' || local.lastMessage.status === 'fail';
    return withLastPeerRead(isMineUnstored ? { ...incoming, lastMessage: local.lastMessage } : incoming);
  }
  const missed = local.maxSequence - incoming.maxSequence;
  return withLastPeerRead({
    ...incoming,
    lastMessage: local.lastMessage,
    maxSequence: local.maxSequence,
    unreadCount: Math.min(local.unreadCount, incoming.unreadCount + missed),
  });
}

/**
 * A message arrived in this conversation. Only a message newer than `maxSequence` (or an
 * unsequenced one) becomes the last message; an incoming one beyond `readSequence` counts as
 * unread and, if it mentions me or everyone, joins groupAtInfoList. One sent with Tencent's
 * messageControlInfo (or targeted) is left out of the unread count or the last message, as its
 * flags say. Returns the same object when nothing changed.
 */
export function applyMessage(conversation: Conversation, message: Message, me: string): Conversation {
  const isNew = message.sequence === 0 || message.sequence > conversation.maxSequence;
  const isUnread =
    message.flow === 'in' &&
    message.sequence > conversation.readSequence &&
    !message._isExcludedFromUnreadCount &&
    !isTipAboutMe(message, me);
  const atInfo = message.conversationType === 'GROUP' && isUnread ? atInfoFor(message, me) : null;
  const hasAtInfo =
    atInfo !== null && !conversation.groupAtInfoList.some((item) => item.messageSequence === atInfo.messageSequence);
  // Sending reads the conversation (the server moves the sender's read cursor): the peer has read my earlier messages.
  const peerRead =
    message.conversationType === 'C2C' && message.flow === 'in' && message.sequence > conversation.peerReadSequence;
  if (!isNew && !hasAtInfo && !peerRead) return conversation;
  const next: Conversation = { ...conversation };
  if (peerRead) next.peerReadSequence = message.sequence;
  if (hasAtInfo && atInfo) next.groupAtInfoList = [...conversation.groupAtInfoList, atInfo];
  if (isNew) {
    if (!message._isExcludedFromLastMessage) next.lastMessage = toLastMessage(message);
    if (message.sequence > 0) {
      next.maxSequence = message.sequence;
      if (isUnread) next.unreadCount = conversation.unreadCount + 1;
    }
  }
  return withLastPeerRead(next);
}

/**
 * My message not stored yet: on its way, it is the last message at once (its preview and time);
 * failed, the last message (if still this one) says so. The stored one replaces it (applyMessage).
 */
export function applyOwnSend(conversation: Conversation, message: Message): Conversation {
  // Sent online only or excludedFromLastMessage: never the last message, not even on its way.
  if (message._onlineOnlyFlag || message._isExcludedFromLastMessage) return conversation;
  if (message.status !== 'fail') return { ...conversation, lastMessage: toLastMessage(message) };
  if (conversation.lastMessage.ID !== message.ID) return conversation;
  return { ...conversation, lastMessage: { ...conversation.lastMessage, status: 'fail' } };
}

/**
 * A stand-in for a conversation this client has not loaded yet, built from its newest message
 * until the server's view arrives: only that message counts as unread.
 */
export function conversationFromMessage(message: Message, me: string): Conversation {
  const isIn = message.flow === 'in';
  const sequence = message.sequence;
  const base: Conversation = {
    conversationID: message.conversationID,
    type: message.conversationType === 'GROUP' && isTopicID(message.to) ? 'TOPIC' : message.conversationType,
    subType: '',
    unreadCount: 0,
    lastMessage: emptyLastMessage,
    isPinned: false,
    messageRemindType: TYPES.MSG_REMIND_ACPT_AND_NOTE,
    isMuted: false,
    draftText: '',
    groupAtInfoList: [],
    userProfile:
      message.conversationType === 'C2C'
        ? isIn
          ? { userID: message.from, nick: message.nick, avatar: message.avatar, selfSignature: '' }
          : { userID: message.to, nick: '', avatar: '', selfSignature: '' }
        : null,
    groupProfile: null,
    peerReadTime: 0,
    remark: '',
    operationType: 0,
    maxSequence: Math.max(0, sequence - 1),
    readSequence: Math.max(0, sequence - 1),
    updatedAt: 0,
    changeSequence: 0,
    peerReadSequence: 0,
    customData: '',
    markList: [],
    conversationGroupList: [],
  };
  return applyMessage(base, message, me);
}

/**
 * A message already delivered changed (revoked, modified, flagged by moderation; null for my
 * deletions): if it is the conversation's last message, the list row follows it; the change
 * counter moves up to the change's. Returns the same object when nothing changed.
 */
export function applyMessageChange(
  conversation: Conversation,
  message: Message | null,
  changeSequence: number,
): Conversation {
  const isLast = message !== null && conversation.lastMessage.ID === message.ID;
  const counter = Math.max(conversation.changeSequence, changeSequence);
  if (!isLast && counter === conversation.changeSequence) return conversation;
  return withLastPeerRead({
    ...conversation,
    changeSequence: counter,
    ...(isLast ? { lastMessage: toLastMessage(message) } : {}),
  });
}

/** The C2C peer has read up to `sequence`; returns the same object when that is no news. */
export function applyPeerRead(conversation: Conversation, sequence: number): Conversation {
  if (conversation.type !== 'C2C' || sequence <= conversation.peerReadSequence) return conversation;
  return withLastPeerRead({ ...conversation, peerReadSequence: sequence });
}

/**
 * lastMessage.isPeerRead follows the peer's read cursor (the list shows my last message as read):
 * true for my own sequenced C2C message at or below peerReadSequence.
 */
function withLastPeerRead(conversation: Conversation): Conversation {
  const last = conversation.lastMessage;
  const isPeerRead =
    conversation.type === 'C2C' &&
    last.lastSequence > 0 &&
    last.fromAccount !== '' &&
    last.fromAccount !== conversation.conversationID.slice('C2C'.length) &&
    conversation.peerReadSequence >= last.lastSequence;
  return last.isPeerRead === isPeerRead ? conversation : { ...conversation, lastMessage: { ...last, isPeerRead } };
}

/**
 * A group tip naming me (I created the group, joined, was added), or the message that opens a new
 * group, is no news to me: the server stores it as read for me, as it does my own messages.
 */
function isTipAboutMe(message: Message, me: string): boolean {
  if (message.type === TYPES.MSG_CUSTOM) return isGroupCreated(message.payload.data);
  return (
    message.type === TYPES.MSG_GRP_TIP && (message.payload.operatorID === me || message.payload.userIDList.includes(me))
  );
}

/** The 'X created the group' message (businessID group_create), which the server stores as read for every member. */
function isGroupCreated(data: string): boolean {
  if (!data.includes('group_create')) return false;
  try {
    return (JSON.parse(data) as { businessID?: unknown }).businessID === 'group_create';
  } catch {
    return false;
  }
}

/** Everything up to maxSequence read: no unread count, no pending @-mentions. */
export function markRead(conversation: Conversation): Conversation {
  if (conversation.unreadCount === 0 && conversation.groupAtInfoList.length === 0) return conversation;
  return {
    ...conversation,
    unreadCount: 0,
    readSequence: Math.max(conversation.readSequence, conversation.maxSequence),
    groupAtInfoList: [],
  };
}

export function toLastMessage(message: Message): LastMessage {
  return {
    ID: message.ID,
    type: message.type,
    payload: message.payload,
    messageForShow: messageForShow(message),
    fromAccount: message.from,
    nick: message.nick,
    nameCard: message.nameCard,
    lastTime: message.time,
    lastSequence: message.sequence,
    isRevoked: message.isRevoked,
    revoker: message.revoker,
    hasRiskContent: message.hasRiskContent,
    isPeerRead: message.isPeerRead,
    cloudCustomData: message.cloudCustomData,
    onlineOnlyFlag: false,
    status: message.status,
  };
}

/** A conversation and how recently this client saw activity in it (higher = more recent). */
export interface RankedConversation {
  conversation: Conversation;
  rank: number;
}

/** Pinned first, then by last message time (newest first), then by recent local activity. */
export function compareConversations(a: RankedConversation, b: RankedConversation): number {
  const pinned = Number(b.conversation.isPinned) - Number(a.conversation.isPinned);
  if (pinned !== 0) return pinned;
  const time = b.conversation.lastMessage.lastTime - a.conversation.lastMessage.lastTime;
  if (time !== 0) return time;
  const rank = b.rank - a.rank;
  if (rank !== 0) return rank;
  return a.conversation.conversationID < b.conversation.conversationID ? -1 : 1;
}

/** Unread messages in conversations that notify (muted ones do not count). */
export function totalUnreadCount(conversations: Iterable<Conversation>): number {
  let total = 0;
  for (const conversation of conversations) {
    if (conversation.type === 'TOPIC') continue;
    if (conversation.messageRemindType === TYPES.MSG_REMIND_ACPT_AND_NOTE) total += conversation.unreadCount;
  }
  return total;
}

function atInfoFor(
  message: Pick<WireMessage, 'atUserList' | 'conversationType' | 'from' | 'to' | 'ID' | 'sequence'>,
  me: string,
): GroupAtInfo | null {
  if (message.conversationType !== 'GROUP' || message.from === me || message.sequence === 0) return null;
  const mentioned = mentions(message, me);
  if (!mentioned.me && !mentioned.all) return null;
  const atType: GroupAtType =
    mentioned.me && mentioned.all ? TYPES.CONV_AT_ALL_AT_ME : mentioned.me ? TYPES.CONV_AT_ME : TYPES.CONV_AT_ALL;
  return { groupID: message.to, from: message.from, messageID: message.ID, messageSequence: message.sequence, atType };
}

function unreadAtInfo(list: readonly GroupAtInfo[], readSequence: number): GroupAtInfo[] {
  const bySequence = new Map<number, GroupAtInfo>();
  for (const item of list) if (item.messageSequence > readSequence) bySequence.set(item.messageSequence, item);
  return [...bySequence.values()].sort((a, b) => a.messageSequence - b.messageSequence);
}

/**
 * A stand-in for a group conversation that has just appeared (created, joined, added), built from
 * the group until the server's view arrives: shown at once under the group's name.
 */
export function conversationFromGroup(group: GroupProfile): Conversation {
  return {
    conversationID: toConversationID('GROUP', group.groupID),
    type: 'GROUP',
    subType: group.type,
    unreadCount: 0,
    lastMessage: emptyLastMessage,
    isPinned: false,
    messageRemindType: group.selfInfo?.messageRemindType ?? TYPES.MSG_REMIND_ACPT_AND_NOTE,
    isMuted: (group.selfInfo?.messageRemindType ?? TYPES.MSG_REMIND_ACPT_AND_NOTE) !== TYPES.MSG_REMIND_ACPT_AND_NOTE,
    draftText: '',
    groupAtInfoList: [],
    userProfile: null,
    groupProfile: group,
    peerReadTime: 0,
    remark: '',
    operationType: 0,
    maxSequence: 0,
    readSequence: 0,
    updatedAt: 0,
    changeSequence: 0,
    peerReadSequence: 0,
    customData: '',
    markList: [],
    conversationGroupList: [],
  };
}
