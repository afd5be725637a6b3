import { ErrorCode, LiaisonError, RateLimitError } from '@liaison/protocol';
import type { BusEnvelope } from '../../bus/bus';
import { TokenBucket } from '../../limits/token-bucket';
import { countRefusal } from '../../metrics/metrics';
import { requireConversation } from '../messages/keys';
import type { ClientSession, SessionUser } from '../session';

/** The same state to the same peer again within this long is not relayed again (the SDK refreshes every few seconds). */
const REPEAT_MS = 1_000;
/** Peers whose last relayed state a connection remembers; older ones are forgotten first. */
const PEERS_REMEMBERED = 64;

interface SessionTyping {
  bucket: TokenBucket;
  /** Per peer: the state last relayed, and when. */
  last: Map<string, { isTyping: boolean; at: number }>;
}

/**
 * setTypingStatus: C2C only (60003 for a group). The peer's tabs, on whatever process, get
 * `typing` with the conversation as they see it; nothing is stored, and the peer's SDK drops the
 * state by itself after Limits.TYPING_TIMEOUT_MS.
 * A relay goes out once the frames read in this turn of the event loop are handled: a later state
 * to the same peer in the same turn replaces it, and a message to that peer drops it, since the
 * message ends the typing state on the peer's side anyway (a client sends "stopped typing" and the
 * message together).
 */
export class TypingRelay {
  private readonly sessions = new WeakMap<ClientSession, SessionTyping>();
  /** Relays of this turn, by sender and peer, with the sending connection's state. */
  private readonly pending = new Map<string, { from: string; to: string; isTyping: boolean; state: SessionTyping }>();

  /**
   * `limit`: typing relays per connection, sustained rate and burst. Apart from the send budget
   * (typing never slows a message down) and far above what a person typing in a few chats needs.
   */
  constructor(
    /** From one user to the other's tabs on every process; nothing when they have none. */
    private readonly deliver: (fromUserID: string, toUserID: string, envelope: BusEnvelope) => void,
    private readonly limit: { perSecond: number; burst: number },
    private readonly now: () => number = Date.now,
  ) {}

  relay(session: ClientSession, user: SessionUser, conversationID: string, isTyping: boolean): void {
    const ref = requireConversation(user.userID, conversationID);
    if (ref.type !== 'C2C')
      throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'typing status is for C2C conversations only');
    if (ref.target === user.userID) throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'typing status goes to a peer');
    const now = this.now();
    const state = this.stateOf(session, now);
    const last = state.last.get(ref.target);
    if (last && last.isTyping === isTyping && now - last.at < REPEAT_MS) return;
    const waitMs = state.bucket.waitMs(now);
    if (waitMs > 0) {
      countRefusal('im_typing_per_connection');
      throw new RateLimitError(ErrorCode.OPERATION_RATE_LIMITED, waitMs);
    }
    state.bucket.take(now);
    state.last.delete(ref.target);
    state.last.set(ref.target, { isTyping, at: now });
    if (state.last.size > PEERS_REMEMBERED) state.last.delete(state.last.keys().next().value as string);
    if (this.pending.size === 0) setImmediate(() => this.flush());
    this.pending.set(pairKey(user.userID, ref.target), { from: user.userID, to: ref.target, isTyping, state });
  }

  /**
   * A message from one user to the other is being stored: a typing state relayed with it would say
   * nothing. The dropped state is forgotten too, so the next one is relayed even within REPEAT_MS.
   */
  messageSent(fromUserID: string, toUserID: string): void {
    const key = pairKey(fromUserID, toUserID);
    this.pending.get(key)?.state.last.delete(toUserID);
    this.pending.delete(key);
  }

  private flush(): void {
    for (const { from, to, isTyping } of this.pending.values()) {
      this.deliver(from, to, { event: 'typing', data: { conversationID: `C2C${from}`, userID: from, isTyping } });
    }
    this.pending.clear();
  }

  private stateOf(session: ClientSession, now: number): SessionTyping {
    let state = this.sessions.get(session);
    if (!state) {
      state = { bucket: new TokenBucket(this.limit.perSecond, this.limit.burst, now), last: new Map() };
      this.sessions.set(session, state);
    }
    return state;
  }
}

const pairKey = (from: string, to: string) => `${from}\n${to}`;
