import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { Session } from './core/session';
import { type ChatResponse, EVENT, ok } from './core/types';
import type { Emitter } from './events';

export interface LoginOptions {
  userID: string;
  userSig: string;
}

export interface LoginContext {
  session: Pick<Session, 'isActive' | 'userID' | 'logout'>;
  events: Pick<Emitter, 'emit' | 'removeAll'>;
  /** SDK_READY was emitted and the state is not yet cleared. */
  isReady(): boolean;
  /** Logs in and loads the user's state; gives up once `epoch` is no longer current. */
  start(options: LoginOptions, epoch: number): Promise<void>;
  /** The state is loaded and login() has resolved: SDK_READY, and what waited for it. */
  announceReady(): void;
  /** Forgets the logged-in user's state. */
  clear(): void;
}

/**
 * Logins and logouts in the order they were asked for: a login of the user already logged in (or
 * logging in) waits for that one and reports a repeat; a login of another user logs out first.
 * Each login and logout starts a new epoch, so that work begun for an older one stops.
 */
export class Logins {
  private current = 0;
  private inFlight: { userID: string; done: Promise<unknown> } | null = null;

  constructor(private readonly context: LoginContext) {}

  get epoch(): number {
    return this.current;
  }

  /**
   * Connects, logs in and loads the user's state, then resolves; SDK_READY follows once the
   * caller's `then` has run, as Tencent's does (its kits listen for it in `login().then`).
   */
  async login(options: LoginOptions): Promise<ChatResponse<{ repeatLogin: boolean }>> {
    const { session } = this.context;
    if (session.isActive || this.inFlight) {
      if (session.userID === options.userID || this.inFlight?.userID === options.userID) {
        await this.inFlight?.done;
        return ok({ repeatLogin: true });
      }
      await this.logout();
    }
    const epoch = ++this.current;
    const done = this.context.start(options, epoch);
    this.inFlight = { userID: options.userID, done };
    try {
      await done;
      setTimeout(() => {
        if (this.isCurrent(epoch)) this.context.announceReady();
      }, 0);
      return ok({ repeatLogin: false });
    } finally {
      if (this.inFlight?.done === done) this.inFlight = null;
    }
  }

  /**
   * Logs out and closes the connection; no reconnect follows. As Tencent's, it resolves even when
   * the server cannot be told, and refuses with 2024 when nobody is logged in (before login, after
   * a logout or a kick).
   */
  async logout(): Promise<ChatResponse<Record<string, never>>> {
    const wasActive = this.context.session.isActive || this.context.isReady();
    if (!wasActive && !this.inFlight) throw new LiaisonError(ErrorCode.USER_NOT_LOGGED_IN);
    this.current++;
    await this.context.session.logout();
    this.context.clear();
    if (wasActive) this.context.events.emit(EVENT.SDK_NOT_READY, undefined);
    return ok({});
  }

  /**
   * Logs out, then (whether that worked or not) `announce`s it, then forgets every listener; like
   * Tencent's, it still refuses with 2024 when nobody was logged in.
   */
  async destroy(announce: () => void): Promise<void> {
    try {
      await this.logout();
    } finally {
      announce();
      this.context.events.removeAll();
    }
  }

  /** The session ended without a logout (kicked out): work begun for it stops. */
  end(): void {
    this.current++;
  }

  isCurrent(epoch: number): boolean {
    return epoch === this.current;
  }
}
