import type { Message } from '@liaison/sdk';
import type { ConversationTextKey } from '../../i18n/conversation-text';

/**
 * A quote as it travels in a message's cloudCustomData (spec §3): `{"messageReply": {...}}`, the
 * shape the reference kits write and read, so quotes work across clients.
 */
export interface MessageReply {
  messageID: string;
  /** The quoted text, or a type label such as '[Image]' in the quoting user's language. */
  messageAbstract: string;
  /** The quoted message's sender as the quoting user saw them (nick, else user ID). */
  messageSender: string;
  /** The reference SDKs' element type number (1 text, 3 image…); a type name is accepted too. */
  messageType: number;
  /** Where the quoted message is in its conversation (as the reference's mobile kits write it): a far one opens there. */
  messageSequence?: number;
  version: 1;
}

/** A quoted text's abstract keeps this many characters. */
export const QUOTE_ABSTRACT_MAX = 100;

/** The reference SDKs' element type numbers (V2TIMElemType), by our type names. */
const ELEM_TYPE: Record<string, number> = {
  TIMTextElem: 1,
  TIMCustomElem: 2,
  TIMImageElem: 3,
  TIMSoundElem: 4,
  TIMVideoFileElem: 5,
  TIMFileElem: 6,
  TIMLocationElem: 7,
  TIMFaceElem: 8,
  TIMGroupTipElem: 9,
  TIMRelayElem: 10,
};
const TYPE_NAME: Record<number, string> = Object.fromEntries(Object.entries(ELEM_TYPE).map(([name, n]) => [n, name]));

/**
 * The type labels a quote shows for what is not text (spec §4: image, voice, video, file, custom,
 * sticker, chat record, and 'message' for anything else), from the conversation list's labels.
 */
const QUOTE_LABELS: Record<string, ConversationTextKey> = {
  TIMImageElem: 'typeImage',
  TIMSoundElem: 'typeAudio',
  TIMVideoFileElem: 'typeVideo',
  TIMFileElem: 'typeFile',
  TIMCustomElem: 'typeCustom',
  TIMFaceElem: 'typeFace',
  TIMRelayElem: 'typeMerger',
};

/** The label key for a quoted message of this type (a type name or number); undefined for text. */
export function quoteLabelKey(type: string | number): ConversationTextKey | undefined {
  const name = typeof type === 'number' ? TYPE_NAME[type] : type;
  if (name === 'TIMTextElem') return undefined;
  return (name && QUOTE_LABELS[name]) || 'typeUnknown';
}

/** Who a quote names as the sender: the group card, the nick, else the user ID. */
export function quoteSender(message: Message): string {
  return message.nameCard || message.nick || message.from;
}

/** The abstract of a quoted message: its text (cut to 100 characters), else its type label. */
export function quoteAbstract(message: Message, label: (key: ConversationTextKey) => string): string {
  if (message.type === 'TIMTextElem') return [...message.payload.text].slice(0, QUOTE_ABSTRACT_MAX).join('');
  return label(quoteLabelKey(message.type) ?? 'typeUnknown');
}

export function messageReplyFor(message: Message, label: (key: ConversationTextKey) => string): MessageReply {
  return {
    messageID: message.ID,
    messageAbstract: quoteAbstract(message, label),
    messageSender: quoteSender(message),
    messageType: ELEM_TYPE[message.type] ?? 0,
    ...(message.sequence > 0 ? { messageSequence: message.sequence } : {}),
    version: 1,
  };
}

/** cloudCustomData with the quote added, keeping any other fields an object there already holds. */
export function withMessageReply(cloudCustomData: string, reply: MessageReply): string {
  return JSON.stringify({ ...parseObject(cloudCustomData), messageReply: reply });
}

/** The quote a message carries, or null when its cloudCustomData holds none (or is not ours to read). */
export function parseMessageReply(cloudCustomData: string): MessageReply | null {
  const reply = parseObject(cloudCustomData)?.messageReply;
  if (!reply || typeof reply !== 'object') return null;
  const { messageID, messageAbstract, messageSender, messageType, messageSequence } = reply as Record<string, unknown>;
  if (typeof messageID !== 'string' || messageID === '') return null;
  const type =
    typeof messageType === 'number'
      ? messageType
      : typeof messageType === 'string'
        ? (ELEM_TYPE[messageType] ?? Number(messageType))
        : 0;
  return {
    messageID,
    messageAbstract: typeof messageAbstract === 'string' ? messageAbstract : '',
    messageSender: typeof messageSender === 'string' ? messageSender : '',
    messageType: Number.isFinite(type) ? type : 0,
    ...(Number.isSafeInteger(messageSequence) && Number(messageSequence) > 0
      ? { messageSequence: Number(messageSequence) }
      : {}),
    version: 1,
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
