import {
  CLOSE_RATE_LIMITED,
  CLOSE_TOO_MANY_CONNECTIONS,
  ErrorCode,
  LiaisonError,
  RateLimitError,
} from '@liaison/protocol';
import type { LimitSettings } from '../limits/settings';
import { BucketMap, TokenBucket } from '../limits/token-bucket';
import { countRefusal } from '../metrics/metrics';
import type { SessionRegistry } from './registry';
import type { Session } from './session';

interface Connection {
  readonly address: string;
  readonly ops: TokenBucket;
  authenticated: boolean;
  /** Frames refused in a row; past the burst the client is not listening, and is closed. */
  refusedInRow: number;
}

/**
 * The IM gateway's abuse limits, all in this process's memory (docs/security.md, Abuse limits):
 * connections per address before login, sessions per user, a request rate per connection, and
 * send rates per user and per group. The per-group rate is divided by IM_SERVER_PROCESSES, since
 * a group's senders are spread over every process.
 */
export class ConnectionLimits {
  private readonly connections = new Map<Session, Connection>();
  private readonly unauthenticated = new Map<string, number>();
  private readonly userSends: BucketMap;
  private readonly groupSends: BucketMap;

  constructor(
    private readonly settings: LimitSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.userSends = new BucketMap(settings.imUserSendsPerSecond, settings.imUserSendsBurst);
    const processes = settings.imServerProcesses;
    this.groupSends = new BucketMap(
      settings.imGroupSendsPerSecond / processes,
      Math.max(1, Math.floor(settings.imGroupSendsBurst / processes)),
    );
  }

  /**
   * A new socket from the client at `address` (see clientAddress). False: that address holds too
   * many sockets that have not logged in; it is closed.
   */
  opened(session: Session, address: string): boolean {
    const waiting = this.unauthenticated.get(address) ?? 0;
    if (waiting >= this.settings.imUnauthenticatedPerAddress) {
      countRefusal('im_unauthenticated_per_address');
      session.socket.close(CLOSE_TOO_MANY_CONNECTIONS, 'too many connections from this address');
      return false;
    }
    this.unauthenticated.set(address, waiting + 1);
    const { imOpsPerSecond, imOpsBurst } = this.settings;
    this.connections.set(session, {
      address,
      ops: new TokenBucket(imOpsPerSecond, imOpsBurst, this.now()),
      authenticated: false,
      refusedInRow: 0,
    });
    return true;
  }

  closed(session: Session): void {
    const connection = this.connections.get(session);
    if (!connection) return;
    this.connections.delete(session);
    if (!connection.authenticated) this.release(connection.address);
  }

  /**
   * Every frame, before it is parsed: null, or the refusal to answer it with. A connection that
   * goes on sending past a whole burst of refusals is closed (4029).
   */
  admitFrame(session: Session): RateLimitError | null {
    const connection = this.connections.get(session);
    if (!connection) return null;
    const now = this.now();
    const waitMs = connection.ops.waitMs(now);
    if (waitMs === 0) {
      connection.ops.take(now);
      connection.refusedInRow = 0;
      return null;
    }
    countRefusal('im_ops_per_connection');
    connection.refusedInRow += 1;
    if (connection.refusedInRow > this.settings.imOpsBurst) {
      session.socket.close(CLOSE_RATE_LIMITED, 'rate limit: too many requests');
    }
    return new RateLimitError(ErrorCode.OPERATION_RATE_LIMITED, waitMs);
  }

  /** Before a login: the user may not hold more sessions here than allowed (the socket is then closed, 4009). */
  admitLogin(session: Session, userID: string, registry: SessionRegistry): void {
    // A second login on one connection is refused by the login itself.
    if (session.user || registry.countUser(userID) < this.settings.imSessionsPerUser) return;
    countRefusal('im_sessions_per_user');
    // Closed once the refusal is on its way.
    setImmediate(() => session.socket.close(CLOSE_TOO_MANY_CONNECTIONS, 'too many sessions for this user'));
    throw new LiaisonError(ErrorCode.TOO_MANY_SESSIONS);
  }

  loggedIn(session: Session): void {
    const connection = this.connections.get(session);
    if (!connection || connection.authenticated) return;
    connection.authenticated = true;
    this.release(connection.address);
  }

  /** Logged out on a socket that stays open: it counts as not logged in again (never closed for it here). */
  loggedOut(session: Session): void {
    const connection = this.connections.get(session);
    if (!connection?.authenticated) return;
    connection.authenticated = false;
    this.unauthenticated.set(connection.address, (this.unauthenticated.get(connection.address) ?? 0) + 1);
  }

  /**
   * A message from a logged-in session to a user or group: within both the sender's and the
   * group's rate. Only members' sends count against a group, so outsiders cannot use up its rate.
   */
  admitSend(session: Session, userID: string, message: { conversationType: string; to: string }): void {
    const now = this.now();
    const user = this.userSends.get(userID, now);
    const isMember = message.conversationType === 'GROUP' && session.groups.has(message.to);
    const group = isMember ? this.groupSends.get(message.to, now) : null;
    const waitMs = Math.max(user.waitMs(now), group?.waitMs(now) ?? 0);
    if (waitMs > 0) {
      countRefusal(user.waitMs(now) > 0 ? 'im_send_per_user' : 'im_send_per_group');
      throw new RateLimitError(ErrorCode.SEND_RATE_LIMITED, waitMs);
    }
    user.take(now);
    group?.take(now);
  }

  private release(address: string): void {
    const waiting = (this.unauthenticated.get(address) ?? 1) - 1;
    if (waiting > 0) this.unauthenticated.set(address, waiting);
    else this.unauthenticated.delete(address);
  }
}
