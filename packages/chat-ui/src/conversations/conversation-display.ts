import { type Conversation, TYPES } from '@liaison/sdk';
import { displayName, type Remarks } from '../core/display-name';
import type { ConversationTextKey } from '../i18n/conversation-text';
import type { ConversationTranslate } from './format-conversation-time';
import {
  type AbstractPart,
  isGroupTipLike,
  label,
  messageAbstract,
  NAME_SLOT,
  sentenceWithName,
  userText,
} from './message-abstract';

/** Above this the unread badge reads `99+` (spec chat.md §9). */
export const UNREAD_BADGE_CAP = 99;

/** The unread badge's text: the count, capped at `99+`; empty when nothing is unread. */
export function badgeText(unreadCount: number): string {
  if (unreadCount <= 0) return '';
  return unreadCount > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(unreadCount);
}

/**
 * How a row marks unread messages: a number, or only a dot when the conversation is muted
 * (spec §4); nothing when all is read.
 */
export function unreadMark(conversation: Pick<Conversation, 'unreadCount' | 'isMuted'>): 'none' | 'dot' | 'count' {
  if (conversation.unreadCount <= 0) return 'none';
  return conversation.isMuted ? 'dot' : 'count';
}

/** The name a row shows: remark, nick or user ID for one-to-one; group name or ID for groups. */
export function conversationName(conversation: Conversation): string {
  if (conversation.type === TYPES.CONV_GROUP) {
    const group = conversation.groupProfile;
    return group?.name || group?.groupID || conversation.conversationID.slice('GROUP'.length);
  }
  const user = conversation.userProfile;
  return conversation.remark || user?.nick || user?.userID || conversation.conversationID.slice('C2C'.length);
}

export function conversationAvatar(conversation: Conversation): string {
  return (
    (conversation.type === TYPES.CONV_GROUP ? conversation.groupProfile?.avatar : conversation.userProfile?.avatar) ??
    ''
  );
}

/** The group @-labels for a row: `[@me]` and/or `[@All]` for unread mentions; empty for one-to-one. */
export function atLabels(
  conversation: { type: string; groupAtInfoList: readonly { atType: number }[] },
  t: ConversationTranslate,
): string {
  if (conversation.type !== TYPES.CONV_GROUP) return '';
  let me = false;
  let all = false;
  for (const info of conversation.groupAtInfoList) {
    if (info.atType === TYPES.CONV_AT_ME || info.atType === TYPES.CONV_AT_ALL_AT_ME) me = true;
    if (info.atType === TYPES.CONV_AT_ALL || info.atType === TYPES.CONV_AT_ALL_AT_ME) all = true;
  }
  return `${me ? t('atMe') : ''}${all ? t('atAll') : ''}`;
}

/** The draft to show on a row, or '' (spec §4: only when the conversation is not the open one). */
export function visibleDraft(conversation: Conversation, activeConversationID: string | null): string {
  return conversation.conversationID === activeConversationID ? '' : conversation.draftText;
}

export type { AbstractPart } from './message-abstract';
export { NAME_SLOT, sentenceWithName } from './message-abstract';

/** What an abstract reads of a last message (a conversation's, or a community topic's). */
export type AbstractLastMessage = Pick<
  Conversation['lastMessage'],
  'payload' | 'messageForShow' | 'fromAccount' | 'nick' | 'nameCard' | 'isRevoked' | 'revoker' | 'hasRiskContent'
> & { type: string };

/**
 * The last message's one-line abstract, in parts (see messageAbstract): emoji named in the UI
 * language, a bracketed label for other types; in groups prefixed with the sender's name.
 */
export function lastMessageAbstract(
  conversation: { type: string; lastMessage: AbstractLastMessage },
  me: string,
  t: (key: ConversationTextKey, options?: Record<string, string>) => string,
  language = 'en',
  remarks: Remarks = new Map(),
): AbstractPart[] {
  const last = conversation.lastMessage;
  if (!last.type) return [];
  const sender = displayName({ userID: last.fromAccount, nameCard: last.nameCard, nick: last.nick }, remarks);
  if (last.isRevoked) {
    // A group owner or admin may revoke someone else's message: name who did it.
    const revoker = last.revoker || last.fromAccount;
    if (revoker === me) return [label(t('revokedByMe'))];
    return sentenceWithName(t('revokedBy', { who: NAME_SLOT }), revoker === last.fromAccount ? sender : revoker);
  }
  // Flagged content (possibly after delivery) is never previewed.
  const body = last.hasRiskContent ? [label(t('riskContent'))] : messageAbstract(last, language, t);
  const isGroupMessage = conversation.type === TYPES.CONV_GROUP && !isGroupTipLike(last);
  return isGroupMessage && sender ? [userText(sender), label(': '), ...body] : body;
}

/** The abstract as one string. */
export function abstractText(parts: AbstractPart[]): string {
  return parts.map((part) => part.text).join('');
}
