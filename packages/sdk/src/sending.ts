import {
  ErrorCode,
  LiaisonError,
  Limits,
  messageBodyBytes,
  type OpResponse,
  RateLimitError,
  type WireMessage,
} from '@liaison/protocol';
import { SendMessageError, toLiaisonError } from './errors';
import type { URLResolver } from './file-urls';
import { fromWire, type Message, toSendBody } from './messages';
import type { RequestFunction } from './requests';
import { hasSendContent, sendContentOf } from './send-content';
import { SendGate } from './send-gate';
import { type ChatResponse, ok } from './types';

export interface SenderContext {
  request: RequestFunction;
  me(): string;
  /** Remembers the ID as ours before it goes out. */
  markOwn(messageID: string): void;
  /** The stored message came back: advance cursors and the conversation. */
  onStored(message: WireMessage): void;
  /** How long a send may wait, for a connection and for the answer, before it fails. */
  sendTimeout: number;
  /** Jitter in [0, 1) for rate-limit retries; injectable for tests. */
  random?: () => number;
  /** Uploads a file-bearing message's files before it is sent (media-send.ts); nothing for others. */
  upload?: (message: Message) => Promise<void>;
  /** The message was stored: release what was kept for sending it. */
  onSent?: (message: Message) => void;
  /** Makes the stored message's file URLs loadable (file-urls.ts). */
  resolveURL?: URLResolver;
}

/** A send refused for rate limit is tried again after the server's retry-after, this many times at most. */
export const RATE_LIMIT_RETRIES = 5;

/**
 * Sends messages. A send survives dropped connections: it is repeated with the same ID after
 * the session logs in again (the server answers a repeated ID with the stored message), and
 * fails only on a server error, on logout, or after `sendTimeout`. A send refused for rate limit
 * is tried again after the retry-after the server gave, up to RATE_LIMIT_RETRIES times within
 * `sendTimeout`; meanwhile the SendGate holds the other sends back and lets them out in order.
 */
export class MessageSender {
  /** Sends in progress by message ID, so sending the same message twice shares one attempt. */
  private readonly inFlight = new Map<string, Promise<ChatResponse<{ message: Message }>>>();
  private readonly gate: SendGate;

  constructor(private readonly context: SenderContext) {
    this.gate = new SendGate(context.random);
  }

  send(message: Message): Promise<ChatResponse<{ message: Message }>> {
    const current = this.inFlight.get(message.ID);
    if (current) return current;
    const attempt = this.attempt(message).finally(() => this.inFlight.delete(message.ID));
    this.inFlight.set(message.ID, attempt);
    return attempt;
  }

  private async attempt(message: Message): Promise<ChatResponse<{ message: Message }>> {
    if (message.status === 'success') return ok({ message });
    message.status = 'unSend';
    try {
      if (messageBodyBytes(bodyPayload(message), message.cloudCustomData) > Limits.MESSAGE_MAX_BYTES) {
        throw new LiaisonError(ErrorCode.MESSAGE_TOO_LONG);
      }
      await this.context.upload?.(message);
      this.context.markOwn(message.ID);
      const result = await this.sendWithRetries(message);
      const stored = fromWire(result.message, this.context.me(), this.context.resolveURL);
      // Text keeps its payload object; other types take the server's (URLs, sizes, the record).
      if (stored.type !== 'TIMTextElem') Object.assign(message, { type: stored.type, payload: stored.payload });
      Object.assign(message, {
        status: 'success',
        time: stored.time,
        clientTime: stored.clientTime,
        sequence: stored.sequence,
        random: stored.random,
        nick: stored.nick,
        avatar: stored.avatar,
        conversationID: stored.conversationID,
        hasRiskContent: stored.hasRiskContent,
        progress: 1,
      } satisfies Partial<Message>);
      this.context.onSent?.(message);
      this.context.onStored(result.message);
      return ok({ message });
    } catch (error) {
      message.status = 'fail';
      throw new SendMessageError(toLiaisonError(error), message);
    }
  }

  private async sendWithRetries(message: Message): Promise<OpResponse<'sendMessage'>> {
    const deadline = Date.now() + this.context.sendTimeout;
    const body = toSendBody(message);
    const ticket = this.gate.ticket();
    for (let refusals = 0; ; ) {
      if (!(await this.gate.enter(ticket, deadline))) throw new LiaisonError(ErrorCode.SEND_RATE_LIMITED);
      try {
        const result = await this.context.request('sendMessage', body, {
          timeoutMs: Math.max(1, deadline - Date.now()),
        });
        this.gate.finished(ticket);
        return result;
      } catch (error) {
        const retry =
          error instanceof RateLimitError &&
          refusals < RATE_LIMIT_RETRIES &&
          Date.now() + error.retryAfterMs < deadline;
        if (!retry) {
          this.gate.finished(ticket);
          throw error;
        }
        refusals += 1;
        this.gate.refused(ticket, error.retryAfterMs);
      }
    }
  }
}

/** What counts towards the 12 KB limit: what will be sent (a merger's references, not its local copy). */
function bodyPayload(message: Message): unknown {
  return hasSendContent(message) ? sendContentOf(message).payload : message.payload;
}
