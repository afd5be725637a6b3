import type { OpRequest } from '@liaison/protocol';
import { invalidParams } from './core/errors';
import type { Message } from './message-types';

/** What Tencent's sendMessage(message, options) takes besides the message. */
export interface SendMessageOptions {
  /** Delivered to the recipients online now only: not stored, not in history, counts as no unread. */
  onlineUserOnly?: boolean;
  /**
   * Tencent's offline push (title, description, extension, androidInfo, apnsInfo, …). Accepted so
   * that Tencent's code runs: Liaison has no offline push, so there is nothing to send it to.
   */
  offlinePushInfo?: Record<string, unknown>;
}

/** The options a message was sent with, kept beside it so a resend or a retry after a reconnect sends it alike. */
const sentWith = new WeakMap<Message, OpRequest<'sendMessage'>['onlineUserOnly']>();

export function rememberSendOptions(message: Message, options: SendMessageOptions | undefined): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object') throw invalidParams('sendMessage: options must be an object');
  if (options.onlineUserOnly === true) sentWith.set(message, true);
  else sentWith.delete(message);
}

/** The sendMessage op's fields for the options; nothing for a message sent without any. */
export function sendOptionsOf(message: Message): Pick<OpRequest<'sendMessage'>, 'onlineUserOnly'> | null {
  return sentWith.get(message) ? { onlineUserOnly: true } : null;
}

/** resendMessage takes messages this user created (Tencent: a Message instance, 2105 otherwise). */
export function requireOwnMessage(message: Message, me: string): void {
  if (typeof message !== 'object' || message === null || typeof message.ID !== 'string' || !message.type) {
    throw invalidParams('resendMessage: give the message that failed');
  }
  if (message.flow !== 'out' || message.from !== me)
    throw invalidParams('resendMessage: only your own messages are sent again');
}
