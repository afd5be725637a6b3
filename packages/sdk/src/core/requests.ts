import {
  ErrorCode as Codes,
  type ErrorCode,
  invalidParamsCode,
  LiaisonError,
  type OpName,
  type OpRequest,
  type OpResponse,
  ops,
  RateLimitError,
  type ResponseFrame,
  requestSchemaError,
} from '@liaison/protocol';
import { describeIssues } from './errors';

export interface CallOptions {
  /** Overrides the default timeout, counted from the call. */
  timeoutMs?: number;
  /** Goes out at once on an open socket, before login (the login op itself). */
  beforeLogin?: boolean;
}

export interface RequestsOptions {
  /** Writes one frame; false when there is no open socket. */
  send(text: string): boolean;
  defaultTimeoutMs: number;
  /** A sent request got no answer in time: the connection may be dead. */
  onUnanswered?(): void;
}

export type RequestFunction = <K extends OpName>(
  op: K,
  body: OpRequest<K>,
  options?: CallOptions,
) => Promise<OpResponse<K>>;

/**
 * Ops that may have taken effect when the connection drops before the answer and are not safe
 * to repeat; they fail with NETWORK_ERROR instead of being re-sent after reconnect. Everything
 * else is either a read, sets a value, or is idempotent by ID (sendMessage).
 */
const NOT_REPEATABLE: ReadonlySet<OpName> = new Set<OpName>([
  'login',
  'logout',
  'createGroup',
  'quitGroup',
  // Group administration done twice would fail the second time (handled, not a member, not the owner).
  'dismissGroup',
  'handleGroupApplication',
  'deleteGroupMember',
  'changeGroupOwner',
  'deleteConversation',
  // Relationship changes: repeated after they took effect, they would fail (already friends, no
  // such request, already blocked).
  'addFriend',
  'acceptFriendApplication',
  'refuseFriendApplication',
  'deleteFriendApplication',
  'deleteFriend',
  'addToBlacklist',
  'removeFromBlacklist',
  // Call steps bound to the connection that made them: on a new connection they would start a
  // second call, or answer for a tab that has gone.
  'startCall',
  'acceptCall',
  'rejectCall',
  'hangupCall',
  'joinCall',
  'inviteToCall',
]);

interface Pending {
  readonly op: OpName;
  readonly frame: string;
  readonly beforeLogin: boolean;
  state: 'queued' | 'sent';
  settle(outcome: { data: unknown } | { error: LiaisonError }): void;
}

/**
 * Request/response tracking: ids, per-request timeouts, and a gate. Until `open()` (the
 * session has logged in) requests wait in a queue; on `connectionLost()` those already sent
 * are queued again if repeating them is safe. A request that times out while waiting for a
 * connection fails with NETWORK_ERROR; one that was sent and got no answer, REQUEST_TIMEOUT.
 */
export class Requests {
  private nextID = 1;
  private readonly pending = new Map<number, Pending>();
  private isOpen = false;

  constructor(private readonly options: RequestsOptions) {}

  call = <K extends OpName>(op: K, body: OpRequest<K>, callOptions: CallOptions = {}): Promise<OpResponse<K>> => {
    const request = ops[op].request.safeParse(body);
    if (!request.success) {
      return Promise.reject(
        requestSchemaError(request.error, describeIssues(request.error, op), invalidParamsCode(op)),
      );
    }
    const id = this.nextID++;
    const frame = JSON.stringify({ id, op, body: request.data });
    return new Promise<OpResponse<K>>((resolve, reject) => {
      const timer = setTimeout(() => {
        const entry = this.pending.get(id);
        if (!entry) return;
        const wasSent = entry.state === 'sent';
        entry.settle({ error: new LiaisonError(wasSent ? Codes.REQUEST_TIMEOUT : Codes.NETWORK_ERROR) });
        if (wasSent) this.options.onUnanswered?.();
      }, callOptions.timeoutMs ?? this.options.defaultTimeoutMs);
      const entry: Pending = {
        op,
        frame,
        beforeLogin: callOptions.beforeLogin ?? false,
        state: 'queued',
        settle: (outcome) => {
          clearTimeout(timer);
          this.pending.delete(id);
          if ('error' in outcome) {
            reject(outcome.error);
            return;
          }
          const response = ops[op].response.safeParse(outcome.data);
          if (response.success) {
            // The schema of `op` produced this value.
            resolve(response.data as OpResponse<K>);
          } else {
            reject(
              new LiaisonError(
                Codes.MALFORMED_FRAME,
                `Malformed answer to ${op}: ${describeIssues(response.error, 'data')}`,
              ),
            );
          }
        },
      };
      this.pending.set(id, entry);
      if (entry.beforeLogin || this.isOpen) this.transmit(entry);
    });
  };

  /**
   * Settles the request a response frame answers. Returns false for a frame that answers
   * nothing this tracker knows (an error about a frame, or a request that already timed out).
   */
  handleResponse(frame: ResponseFrame): boolean {
    if (frame.id === null) return false;
    const entry = this.pending.get(frame.id);
    if (!entry) return false;
    if (frame.ok) entry.settle({ data: frame.data });
    else {
      const { code, message, retryAfterMs } = frame.error;
      const error =
        retryAfterMs === undefined
          ? new LiaisonError(code as ErrorCode, message)
          : new RateLimitError(code as ErrorCode, retryAfterMs, message);
      entry.settle({ error });
    }
    return true;
  }

  /** The session is logged in: send everything that waited, oldest first. */
  open(): void {
    this.isOpen = true;
    for (const entry of [...this.pending.values()]) if (entry.state === 'queued') this.transmit(entry);
  }

  /** The socket is gone: requests in flight wait for the next connection, or fail if unsafe to repeat. */
  connectionLost(): void {
    this.isOpen = false;
    for (const entry of [...this.pending.values()]) {
      if (entry.state !== 'sent') continue;
      if (entry.beforeLogin || NOT_REPEATABLE.has(entry.op))
        entry.settle({ error: new LiaisonError(Codes.NETWORK_ERROR) });
      else entry.state = 'queued';
    }
  }

  /** Fails every pending request with `error` (logout, kicked). */
  rejectAll(error: LiaisonError): void {
    this.isOpen = false;
    for (const entry of [...this.pending.values()]) entry.settle({ error });
  }

  get size(): number {
    return this.pending.size;
  }

  private transmit(entry: Pending): void {
    if (this.options.send(entry.frame)) entry.state = 'sent';
    else if (entry.beforeLogin) entry.settle({ error: new LiaisonError(Codes.NETWORK_ERROR) });
  }
}
