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
 */
export class TypingRelay {
  private readonly sessions = new WeakMap<ClientSession, SessionTyping>();

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
    this.deliver(user.userID, ref.target, {
      event: 'typing',
      data: { conversationID: `C2C${user.userID}`, userID: user.userID, isTyping },
    });
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
