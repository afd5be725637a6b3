import type { UserStatus } from '@liaison/protocol';
import type { ClientSession } from '../session';

/** A connection may watch this many users at once (several calls of up to 100 each). */
export const SUBSCRIPTIONS_PER_SESSION_MAX = 1_000;

interface Watched {
  /** The user's custom status as last read or announced: pushes carry it without a query. */
  customStatus: string;
  sessions: Set<ClientSession>;
}

/**
 * Which sessions of this process watch whose status. Subscriptions belong to a session and end
 * with it (the SDK subscribes again after a reconnect). Pushes are gathered per session and sent
 * once per turn of the event loop, so a dead process's thousand users cost each watcher one frame.
 */
export class StatusSubscriptions {
  /** Whom each session watches, and whether it may see them. */
  private readonly bySession = new Map<ClientSession, Map<string, boolean>>();
  private readonly watched = new Map<string, Watched>();
  private readonly outbox = new Map<ClientSession, Map<string, UserStatus>>();
  private isFlushScheduled = false;

  /** How many more users this session may watch. */
  room(session: ClientSession): number {
    return SUBSCRIPTIONS_PER_SESSION_MAX - (this.bySession.get(session)?.size ?? 0);
  }

  isWatching(session: ClientSession, userID: string): boolean {
    return this.bySession.get(session)?.has(userID) === true;
  }

  /** Hidden: the session's user may not see this user's status (visibility.ts) and is told nothing of it. */
  add(session: ClientSession, userID: string, customStatus: string, isVisible: boolean): void {
    let mine = this.bySession.get(session);
    if (!mine) {
      mine = new Map();
      this.bySession.set(session, mine);
    }
    mine.set(userID, isVisible);
    const entry = this.watched.get(userID);
    if (entry) {
      entry.customStatus = customStatus;
      entry.sessions.add(session);
    } else {
      this.watched.set(userID, { customStatus, sessions: new Set([session]) });
    }
  }

  isVisible(session: ClientSession, userID: string): boolean {
    return this.bySession.get(session)?.get(userID) === true;
  }

  setVisible(session: ClientSession, userID: string, isVisible: boolean): void {
    const mine = this.bySession.get(session);
    if (mine?.has(userID)) mine.set(userID, isVisible);
  }

  /** Every subscription here in which one of these users is watched, or watches through one of `viewerSessions`. */
  involving(
    userIDs: Iterable<string>,
    viewerSessions: Iterable<ClientSession>,
  ): Array<{ session: ClientSession; userID: string }> {
    const found: Array<{ session: ClientSession; userID: string }> = [];
    const seen = new Set<string>();
    const take = (session: ClientSession, userID: string) => {
      const key = `${session.id}\n${userID}`;
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ session, userID });
    };
    for (const userID of userIDs) for (const session of this.watched.get(userID)?.sessions ?? []) take(session, userID);
    for (const session of viewerSessions)
      for (const userID of this.bySession.get(session)?.keys() ?? []) take(session, userID);
    return found;
  }

  /** Without userIDs: everyone the session watches. */
  remove(session: ClientSession, userIDs?: readonly string[]): void {
    const mine = this.bySession.get(session);
    if (!mine) return;
    for (const userID of userIDs ?? [...mine.keys()]) {
      if (!mine.delete(userID)) continue;
      const entry = this.watched.get(userID);
      entry?.sessions.delete(session);
      if (entry?.sessions.size === 0) this.watched.delete(userID);
    }
    if (mine.size === 0) this.bySession.delete(session);
  }

  dropSession(session: ClientSession): void {
    this.remove(session);
    this.outbox.delete(session);
  }

  /** The user's custom status, if anyone here watches them. */
  customStatusOf(userID: string): string | undefined {
    return this.watched.get(userID)?.customStatus;
  }

  /** Tells this process's watchers of the user; a custom status updates what they are told from now on. */
  notify(userID: string, statusType: UserStatus['statusType'], customStatus?: string): void {
    const entry = this.watched.get(userID);
    if (!entry) return;
    if (customStatus !== undefined) entry.customStatus = customStatus;
    for (const session of entry.sessions) {
      if (this.isVisible(session, userID))
        this.queue(session, { userID, statusType, customStatus: entry.customStatus });
    }
  }

  /** One push to one session (the current statuses after it subscribed), sent with whatever else is due. */
  queue(session: ClientSession, status: UserStatus): void {
    let pending = this.outbox.get(session);
    if (!pending) {
      pending = new Map();
      this.outbox.set(session, pending);
    }
    pending.set(status.userID, status);
    if (this.isFlushScheduled) return;
    this.isFlushScheduled = true;
    // After this turn: a subscriber gets its answer before the statuses it asked about.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.isFlushScheduled = false;
    for (const [session, pending] of this.outbox) session.push('userStatus', { userStatusList: [...pending.values()] });
    this.outbox.clear();
  }
}
