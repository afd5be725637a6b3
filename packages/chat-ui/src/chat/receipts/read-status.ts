import { type Conversation, type Message, TYPES } from '@liaison/sdk';
import { businessIDOf, parseCustomData } from '../message/custom/custom-data';

/** Custom messages that are signals between clients (typing, call signalling), never read by a person. */
const SIGNAL_BUSINESS_IDS: ReadonlySet<string> = new Set(['user_typing_status', '1']);

/** Both must be on for read status to show (spec §4): the app's ReadStatus feature and the user's setting. */
export interface ReadStatusSettings {
  isAppEnabled: boolean;
  isUserEnabled: boolean;
}

/** Groups without read receipts (spec §4): live broadcast and community groups. */
export function hasGroupReceipts(conversation: Pick<Conversation, 'type' | 'subType'> | undefined): boolean {
  if (!conversation || conversation.type !== TYPES.CONV_GROUP) return false;
  return conversation.subType !== TYPES.GRP_AVCHATROOM && conversation.subType !== TYPES.GRP_COMMUNITY;
}

export function isSignalMessage(message: Message): boolean {
  return message.type === TYPES.MSG_CUSTOM && SIGNAL_BUSINESS_IDS.has(businessIDOf(parseCustomData(message)));
}

/**
 * Which read status an outgoing message shows (spec §4 "Read status of an outgoing successful
 * message"): 'c2c' (read / unread), 'group' (unread / all read / N read, for messages sent with
 * needReadReceipt), or none: not mine, not sent yet, risk content, revoked, a signal, a live
 * broadcast or community group, or either setting off.
 */
export function readStatusKind(
  message: Message,
  conversation: Pick<Conversation, 'type' | 'subType'> | undefined,
  settings: ReadStatusSettings,
): 'c2c' | 'group' | null {
  if (!settings.isAppEnabled || !settings.isUserEnabled) return null;
  if (message.flow !== 'out' || message.status !== 'success') return null;
  if (message.hasRiskContent || message.isRevoked || message.isSystemMessage || isSignalMessage(message)) return null;
  if (message.type === TYPES.MSG_GRP_TIP || message.type === TYPES.MSG_GRP_SYS_NOTICE) return null;
  if (message.conversationType === TYPES.CONV_C2C) return 'c2c';
  return message.needReadReceipt && hasGroupReceipts(conversation) ? 'group' : null;
}

/**
 * Whether an incoming message asks me for a read receipt (spec §4 "Sending receipts"): a group
 * message sent with needReadReceipt, outside live broadcast and community groups. (C2C read state
 * travels as the read cursor, set when the conversation is read.)
 */
export function needsReceiptFromMe(
  message: Message,
  conversation: Pick<Conversation, 'type' | 'subType'> | undefined,
): boolean {
  return (
    message.flow === 'in' &&
    message.needReadReceipt &&
    message.conversationType === TYPES.CONV_GROUP &&
    message.status === 'success' &&
    !message.isRevoked &&
    hasGroupReceipts(conversation)
  );
}

/** What a group message's label says: nobody read it, everybody did, or how many did. */
export function groupReadLabel(counts: {
  readCount: number;
  unreadCount: number;
}): { key: 'unread' } | { key: 'allRead' } | { key: 'readCount'; count: number } {
  if (counts.readCount === 0) return { key: 'unread' };
  if (counts.unreadCount === 0) return { key: 'allRead' };
  return { key: 'readCount', count: counts.readCount };
}

/**
 * Whether my messages in this conversation go out asking for read receipts: group messages, in
 * groups that have receipts, while both the app's and the user's read-status settings are on (the
 * reference kit asks exactly then; C2C needs no receipts).
 */
export function asksForReadReceipts(
  conversation: Pick<Conversation, 'type' | 'subType'> | undefined,
  settings: ReadStatusSettings,
): boolean {
  return settings.isAppEnabled && settings.isUserEnabled && hasGroupReceipts(conversation);
}
