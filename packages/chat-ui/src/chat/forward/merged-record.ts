import type { Message } from '@liaison/sdk';
import { messageAbstract } from '../../conversations/message-abstract';
import type { ConversationTextKey } from '../../i18n/conversation-text';
import type { MergedRecordText } from './forward-messages';

/** A record's card shows this many lines (spec §9), so no more are sent. */
export const MERGED_ABSTRACT_LINES = 7;
/** Lines and the title are cut to stay within the server's byte limits (512 and 256). */
const LINE_MAX = 120;
const TITLE_MAX = 60;

export interface MergedRecordContext {
  /** 'GROUP…' or 'C2C…': whose history it is. */
  conversationID: string;
  /** The forwarding user's name and, for C2C, the peer's. */
  myName: string;
  peerName: string;
  language: string;
  /** The `action` namespace's words for the title and the compatible text. */
  text: (
    key: 'mergedTitleGroup' | 'mergedTitleC2C' | 'mergedCompatibleText',
    values?: Record<string, string>,
  ) => string;
  /** The `conversation` namespace's type labels for the lines. */
  label: (key: ConversationTextKey, values?: Record<string, string>) => string;
}

/**
 * The title and first lines of a merged record, as the reference kit writes them: 'Group chat
 * history' or 'Chat history of A and B', then 'sender: abstract' for the first messages.
 */
export function mergedRecordText(messages: readonly Message[], context: MergedRecordContext): MergedRecordText {
  const isGroup = context.conversationID.startsWith('GROUP');
  const title = isGroup
    ? context.text('mergedTitleGroup')
    : context.text('mergedTitleC2C', { first: context.myName, second: context.peerName });
  const abstractList = messages.slice(0, MERGED_ABSTRACT_LINES).map((message) => {
    const sender = message.nameCard || message.nick || message.from;
    const abstract = messageAbstract(message, context.language, context.label)
      .map((part) => part.text)
      .join('');
    return cut(`${sender}: ${abstract}`, LINE_MAX);
  });
  return { title: cut(title, TITLE_MAX), abstractList, compatibleText: context.text('mergedCompatibleText') };
}

function cut(text: string, max: number): string {
  const characters = [...text];
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : text;
}
