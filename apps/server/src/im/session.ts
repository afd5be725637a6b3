import type { PushEventName } from '@liaison/protocol';
import type { BusDelivery } from '../bus/bus';

/** The user a logged-in connection speaks for, as its session knows them. */
export interface SessionUser {
  userID: string;
  nick: string;
  avatar: string;
}

/** One client connection as the capabilities see it; the gateway's Session is the one kind there is. */
export interface ClientSession {
  readonly id: string;
  user: SessionUser | null;
  /** The portal session whose userSig logged this connection in; its logout ends this one. */
  portalSessionID: string | null;
  readonly isOpen: boolean;
  push(event: PushEventName, data: unknown): void;
  /** Pushes an already-serialised frame. */
  write(text: string): void;
}

/** Who wants to know when users come and go on this process (presence, calls). */
export interface RegistryObserver {
  /** The user's first session on this process logged in. */
  firstSession?(userID: string): void;
  /** The user's last session on this process went (closed, logged out, ended by the portal). */
  lastSessionGone?(userID: string): void;
  /** A logged-in session left; what it held (status subscriptions, the calls it joined) goes with it. */
  sessionRemoved?(session: ClientSession): void;
}

/** The logged-in sessions of this process (the gateway's SessionRegistry), as the capabilities reach them. */
export interface SessionDirectory {
  observe(observer: RegistryObserver): void;
  /** Logged-in sessions of one user on this process. */
  countUser(userID: string): number;
  /** Logged-in sessions of one user on this process. */
  sessionsOf(userID: string): ReadonlySet<ClientSession>;
  /** Delivers one bus delivery to the local sessions it concerns, each once. */
  deliver(delivery: BusDelivery): void;
}
