import {
  type ErrorBody,
  ErrorCode,
  LiaisonError,
  Limits,
  messageBodyBytes,
  type OpResponse,
  RateLimitError,
  type WireMessage,
} from '@liaison/protocol';
import { toLiaisonError } from './core/errors';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok } from './core/types';
import type { URLResolver } from './file-urls';
import { fromWire, toSendBody } from './message-model';
import type { Message } from './message-types';
import { hasSendContent, sendContentOf } from './send-content';
import { SendGate } from './send-gate';
import { rememberSendOptions, type SendMessageOptions, sendOptionsOf } from './send-options';

export interface SenderContext {
  request: RequestFunction;
  me(): string;
  /** Remembers the ID as ours before it goes out. */
  markOwn(messageID: string): void;
  /** The stored message came back: advance cursors and the conversation. */
  onStored(message: WireMessage): void;
  /** My message went out ('unSend') or failed ('fail'): the conversation shows it meanwhile. */
  onOwnStatus?(message: Message): void;
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
  /**
   * A message this sender tries again by itself (after a reconnect) changed status: 'unSend' as
   * the retry starts, then 'success' or 'fail'. Nobody is awaiting those sends, so this is how
   * the change is told.
   */
  onRetryStatus?: (message: Message) => void;
}

/** sendMessage rejects with this: the code and message of the failure, and the failed message. */
export class SendMessageError extends LiaisonError {
  readonly data: { message: Message };

  constructor(cause: ErrorBody, message: Message) {
    super(cause.code, cause.message);
    this.name = 'SendMessageError';
    this.data = { message };
  }
}

/** A send refused for rate limit is tried again after the server's retry-after, this many times at most. */
export const RATE_LIMIT_RETRIES = 5;

/** How many messages that failed for want of a connection are kept to be sent again after a reconnect. */
export const RETRY_AFTER_RECONNECT_MAX = 100;

/** Failures that say nothing about the message, only about the line: the send may simply be tried again. */
const CONNECTION_FAILURES: ReadonlySet<number> = new Set([ErrorCode.NETWORK_ERROR, ErrorCode.REQUEST_TIMEOUT]);

/**
 * Sends messages. A send survives dropped connections: it is repeated with the same ID after
 * the session logs in again (the server answers a repeated ID with the stored message), and
 * fails only on a server error, on logout, or after `sendTimeout`. A send refused for rate limit
 * is tried again after the retry-after the server gave, up to RATE_LIMIT_RETRIES times within
 * `sendTimeout`; meanwhile the SendGate holds the other sends back and lets them out in order.
 *
 * A send that failed for want of a connection (nothing reached the server in time, or its answer
 * never came back) is kept and sent again, with the same ID and in the order sent, once the session
 * has logged in again (`retryAfterReconnect`): the server answers an ID it already stored with the
 * stored message, so the message is stored once however many times it went out.
 */
export class MessageSender {
  /** Sends in progress by message ID, so sending the same message twice shares one attempt. */
  private readonly inFlight = new Map<string, Promise<ChatResponse<{ message: Message }>>>();
  /** Messages whose last send failed for want of a connection, oldest first. */
  private readonly awaitingConnection = new Map<string, Message>();
  private isRetrying = false;
  private readonly gate: SendGate;

  constructor(private readonly context: SenderContext) {
    this.gate = new SendGate(context.random);
  }

  send(message: Message, options?: SendMessageOptions): Promise<ChatResponse<{ message: Message }>> {
    rememberSendOptions(message, options);
    const current = this.inFlight.get(message.ID);
    if (current) return current;
    const attempt = this.attempt(message).finally(() => this.inFlight.delete(message.ID));
    this.inFlight.set(message.ID, attempt);
    return attempt;
  }

  /**
   * The session is back after an outage: send again, one after another in the order they were
   * first sent, the messages that failed for want of a connection. Each one's status changes are
   * told through `onRetryStatus`. One that fails for the line again waits for the next reconnect.
   */
  async retryAfterReconnect(): Promise<void> {
    if (this.isRetrying) return;
    this.isRetrying = true;
    try {
      for (const message of [...this.awaitingConnection.values()]) {
        // Sent meanwhile by hand (or forgotten at logout): nothing left to do for it.
        if (this.awaitingConnection.get(message.ID) !== message || message.status === 'success') continue;
        const sending = this.send(message);
        this.context.onRetryStatus?.(message);
        const stillOffline = await sending.then(
          ({ data }) => {
            // A resend by hand of a copy (same ID) may be the attempt shared: the kept message follows it.
            if (data.message !== message) Object.assign(message, data.message);
            return false;
          },
          (error: unknown) => CONNECTION_FAILURES.has(toLiaisonError(error).code),
        );
        this.context.onRetryStatus?.(message);
        // The line went again: the rest wait for the next reconnect, still in order.
        if (stillOffline) return;
      }
    } finally {
      this.isRetrying = false;
    }
  }

  /** Logout: nothing of this user's is sent again by itself. */
  forgetRetries(): void {
    this.awaitingConnection.clear();
  }

  private async attempt(message: Message): Promise<ChatResponse<{ message: Message }>> {
    if (message.status === 'success') return ok({ message });
    message.status = 'unSend';
    this.context.onOwnStatus?.(message);
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
        // The server drops an @all from a sender who is neither the group's owner nor an admin.
        atUserList: stored.atUserList,
        // A targeted message counts as nobody's unread.
        _isExcludedFromUnreadCount: stored._isExcludedFromUnreadCount,
        progress: 1,
      } satisfies Partial<Message>);
      // A targeted message: the receivers the server kept (the group's members).
      if (stored._receiverList) message._receiverList = stored._receiverList;
      this.awaitingConnection.delete(message.ID);
      this.context.onSent?.(message);
      this.context.onStored(result.message);
      return ok({ message });
    } catch (error) {
      message.status = 'fail';
      this.context.onOwnStatus?.(message);
      const failure = toLiaisonError(error);
      this.rememberForReconnect(message, failure.code);
      throw new SendMessageError(failure, message);
    }
  }

  private rememberForReconnect(message: Message, code: number): void {
    this.awaitingConnection.delete(message.ID);
    if (!CONNECTION_FAILURES.has(code)) return;
    this.awaitingConnection.set(message.ID, message);
    if (this.awaitingConnection.size > RETRY_AFTER_RECONNECT_MAX) {
      const oldest = this.awaitingConnection.keys().next();
      if (!oldest.done) this.awaitingConnection.delete(oldest.value);
    }
  }

  private async sendWithRetries(message: Message): Promise<OpResponse<'sendMessage'>> {
    const deadline = Date.now() + this.context.sendTimeout;
    const extra = sendOptionsOf(message);
    const body = extra ? { ...toSendBody(message), ...extra } : toSendBody(message);
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
