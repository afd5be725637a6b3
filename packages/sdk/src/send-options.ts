import type { OpRequest } from '@liaison/protocol';
import { invalidParams } from './core/errors';
import type { Message } from './message-types';

/** Tencent's messageControlInfo, a sendMessage option its runtime reads (its declarations type options `any`). */
export interface MessageControlInfo {
  /** Counts as nobody's unread (the recipients' unread counts leave it out). */
  excludedFromUnreadCount?: boolean;
  /** Never the conversation's last message, for anyone. */
  excludedFromLastMessage?: boolean;
  /**
   * Tencent's: skip content moderation. Accepted so Tencent's code runs, and not honoured: moderation
   * is the operator's rule here, which a client may not opt out of.
   */
  excludedFromContentModeration?: boolean;
}

/** What Tencent's sendMessage(message, options) takes besides the message. */
export interface SendMessageOptions {
  /** Delivered to the recipients online now only: not stored, not in history, counts as no unread. */
  onlineUserOnly?: boolean;
  /**
   * Tencent's offline push (title, description, extension, androidInfo, apnsInfo, …). Accepted so
   * that Tencent's code runs: Liaison has no offline push, so there is nothing to send it to.
   */
  offlinePushInfo?: Record<string, unknown>;
  messageControlInfo?: MessageControlInfo;
}

type SentWith = Pick<OpRequest<'sendMessage'>, 'onlineUserOnly' | 'messageControlInfo'>;

/** The options a message was sent with, kept beside it so a resend or a retry after a reconnect sends it alike. */
const sentWith = new WeakMap<Message, SentWith>();

/**
 * Keeps the options that change how the message is sent, and marks the message with them as
 * Tencent's runtime does (`_onlineOnlyFlag`, `_isExcludedFromUnreadCount`, `_isExcludedFromLastMessage`).
 * Without options, a message keeps those it was last sent with.
 */
export function rememberSendOptions(message: Message, options: SendMessageOptions | undefined): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object') throw invalidParams('sendMessage: options must be an object');
  const control = options.messageControlInfo;
  if (control !== undefined && control !== null && typeof control !== 'object') {
    throw invalidParams('sendMessage: messageControlInfo must be an object');
  }
  const excludedFromUnreadCount = control?.excludedFromUnreadCount === true;
  const excludedFromLastMessage = control?.excludedFromLastMessage === true;
  const kept: SentWith = {
    ...(options.onlineUserOnly === true ? { onlineUserOnly: true } : {}),
    ...(excludedFromUnreadCount || excludedFromLastMessage
      ? {
          messageControlInfo: {
            ...(excludedFromUnreadCount ? { excludedFromUnreadCount } : {}),
            ...(excludedFromLastMessage ? { excludedFromLastMessage } : {}),
          },
        }
      : {}),
  };
  message._onlineOnlyFlag = options.onlineUserOnly === true;
  message._isExcludedFromUnreadCount = excludedFromUnreadCount;
  message._isExcludedFromLastMessage = excludedFromLastMessage;
  if (Object.keys(kept).length > 0) sentWith.set(message, kept);
  else sentWith.delete(message);
}

/** The sendMessage op's fields for the options; nothing for a message sent without any. */
export function sendOptionsOf(message: Message): SentWith | null {
  return sentWith.get(message) ?? null;
}

/** resendMessage takes messages this user created (Tencent: a Message instance, 2105 otherwise). */
export function requireOwnMessage(message: Message, me: string): void {
  if (typeof message !== 'object' || message === null || typeof message.ID !== 'string' || !message.type) {
    throw invalidParams('resendMessage: give the message that failed');
  }
  if (message.flow !== 'out' || message.from !== me)
    throw invalidParams('resendMessage: only your own messages are sent again');
}
