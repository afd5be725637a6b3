import { SearchLimits } from '@liaison/protocol';
import { type Conversation, type Message, TYPES } from '@liaison/sdk';
import { conversationAvatar, conversationName } from '../conversations/conversation-display';
import { messageAbstract } from '../conversations/message-abstract';
import type { ConversationT } from '../conversations/use-conversation-text';

/** How a hit shows (spec chat.md §2): a line of text (info), a bubble, a file card or a picture. */
export type HitLayout = 'info' | 'bubble' | 'file' | 'image';

export function hitLayout(message: Message): HitLayout {
  switch (message.type) {
    case TYPES.MSG_TEXT:
      return 'bubble';
    case TYPES.MSG_FILE:
      return 'file';
    case TYPES.MSG_IMAGE:
    case TYPES.MSG_VIDEO:
      return 'image';
    default:
      return 'info';
  }
}

/**
 * The words of a hit that the search matched, to show with the keywords marked: the text, a file's
 * name, a location's or custom message's description, a record's title; a type label otherwise.
 */
export function hitText(message: Message, language: string, t: ConversationT): string {
  switch (message.type) {
    case TYPES.MSG_FILE:
      return message.payload.fileName;
    case TYPES.MSG_LOCATION:
      return message.payload.description || abstractOf(message, language, t);
    case TYPES.MSG_CUSTOM:
      return message.payload.description || abstractOf(message, language, t);
    case TYPES.MSG_MERGER:
      return message.payload.title || abstractOf(message, language, t);
    default:
      return abstractOf(message, language, t);
  }
}

/** A picture for an image or video hit: the smallest size of an image, a video's snapshot. */
export function hitPicture(message: Message): string {
  if (message.type === TYPES.MSG_IMAGE) {
    const sizes = message.payload.imageInfoArray;
    return (sizes[2] ?? sizes[1] ?? sizes[0])?.url ?? '';
  }
  if (message.type === TYPES.MSG_VIDEO) return message.payload.snapshotUrl;
  return '';
}

/** Who sent a hit, as the chat names them: group name card, nick, else ID. */
export function senderName(message: Message): string {
  return message.nameCard || message.nick || message.from;
}

/** A result's conversation as the list shows it; one no longer in the list falls back to its ID. */
export interface ConversationInfo {
  name: string;
  avatar: string;
  isGroup: boolean;
}

export function conversationInfo(conversation: Conversation | undefined, conversationID: string): ConversationInfo {
  const isGroup = conversationID.startsWith('GROUP');
  if (!conversation) {
    return { name: conversationID.slice(isGroup ? 'GROUP'.length : 'C2C'.length), avatar: '', isGroup };
  }
  return { name: conversationName(conversation), avatar: conversationAvatar(conversation), isGroup };
}

function abstractOf(message: Message, language: string, t: ConversationT): string {
  return messageAbstract(message, language, t)
    .map((part) => part.text)
    .join('');
}

/**
 * A conversation's hit count across conversations: the server stops counting at
 * CONVERSATION_HITS_MAX (docs/search.md), so that many reads "99+".
 */
export function hitCountLabel(messageCount: number): string {
  return messageCount >= SearchLimits.CONVERSATION_HITS_MAX
    ? `${SearchLimits.CONVERSATION_HITS_MAX - 1}+`
    : String(messageCount);
}
