import { CLOSE_LOGIN_TIMEOUT } from '@liaison/protocol';
import type { Session } from './session';

/**
 * A connection must log in within the login deadline (IM_LOGIN_TIMEOUT_MS) or it is closed with
 * 4008, so idle sockets cannot pile up. (Logged-in connections that stop answering pings are the
 * heartbeat's job: see IM_HEARTBEAT_MS in gateway.ts.)
 */
export class LoginDeadlines {
  private readonly timers = new Map<Session, NodeJS.Timeout>();

  constructor(private readonly loginTimeoutMs: number) {}

  /** A new socket, or one that logged out: the deadline starts now. */
  opened(session: Session): void {
    this.settled(session);
    const timer = setTimeout(() => {
      this.timers.delete(session);
      if (!session.user) session.socket.close(CLOSE_LOGIN_TIMEOUT, 'no login in time');
    }, this.loginTimeoutMs);
    timer.unref();
    this.timers.set(session, timer);
  }

  /** Logged in, or closed: no deadline any more. */
  settled(session: Session): void {
    const timer = this.timers.get(session);
    if (timer) clearTimeout(timer);
    this.timers.delete(session);
  }
}
