import {
  CLOSE_ORIGIN_NOT_ALLOWED,
  ErrorCode,
  GOING_AWAY_CLOSE_CODE,
  LiaisonError,
  type OpResponse,
} from '@liaison/protocol';
import type { BackoffOptions } from './backoff';
import { toLiaisonError } from './errors';
import { type KnownPush, parseIncoming } from './incoming';
import { type CallOptions, type RequestFunction, Requests } from './requests';
import { ServerClock } from './server-clock';
import { Transport, type WebSocketConstructor } from './transport';
import { type KickedOutType, TYPES } from './types';

export interface Credentials {
  userID: string;
  userSig: string;
}

export type LoginResult = OpResponse<'login'>;

export interface SessionHooks {
  onPush(push: KnownPush): void;
  /** The socket dropped unexpectedly; reconnecting (called once per outage). */
  onConnectionLost(): void;
  /** Logged in again after an outage; queued requests are already on their way. */
  onReconnected(result: LoginResult): void;
  /** The server ended the session for good; nothing more will happen until the next login. */
  onKicked(type: KickedOutType): void;
  /** Something went wrong that no caller is waiting for (a malformed frame, an orphan error). */
  onError(error: LiaisonError): void;
}

export interface SessionOptions {
  url: string;
  SDKAppID: number;
  requestTimeout: number;
  /** How often a logged-in session checks the server still answers; 0 turns it off. */
  heartbeatInterval: number;
  loadWebSocket: () => Promise<WebSocketConstructor>;
  backoff?: BackoffOptions;
}

/** Login failures that no retry can fix: the session ends as if kicked. */
const AUTH_ERRORS: ReadonlySet<number> = new Set([
  ErrorCode.USERSIG_EXPIRED,
  ErrorCode.USERSIG_INVALID,
  ErrorCode.USERSIG_USER_MISMATCH,
  ErrorCode.USERSIG_APP_MISMATCH,
  ErrorCode.USERSIG_REVOKED,
  ErrorCode.USERSIG_KICKED,
]);

type Phase =
  | { name: 'idle' }
  | { name: 'firstLogin'; resolve(result: LoginResult): void; reject(error: LiaisonError): void }
  | { name: 'online' }
  | { name: 'reconnecting' };

/**
 * One logged-in connection to the server, kept alive: the first login fails fast; after that
 * a dropped socket is reconnected with backoff, forever, and the same credentials logged in
 * again. Requests wait for a logged-in socket (see Requests).
 */
export class Session {
  private readonly transport: Transport;
  private readonly requests: Requests;
  private credentials: Credentials | null = null;
  private phase: Phase = { name: 'idle' };
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** The server's time, from login's and every heartbeat's answer. */
  readonly clock = new ServerClock();

  constructor(
    private readonly options: SessionOptions,
    private readonly hooks: SessionHooks,
  ) {
    this.requests = new Requests({
      send: (text) => this.transport.send(text),
      defaultTimeoutMs: options.requestTimeout,
      // A socket can look open long after the network is gone (sleep, Wi-Fi change): an
      // unanswered request is the sign; a fresh connection costs little and syncs what was missed.
      onUnanswered: () => {
        if (this.phase.name === 'online') this.transport.drop();
      },
    });
    this.transport = new Transport(
      {
        url: options.url,
        loadWebSocket: options.loadWebSocket,
        connectTimeoutMs: options.requestTimeout,
        ...(options.backoff ? { backoff: options.backoff } : {}),
      },
      {
        onOpen: () => this.handleOpen(),
        onMessage: (data) => this.handleMessage(data),
        onClose: (code) => this.handleClose(code),
      },
    );
  }

  get userID(): string | null {
    return this.credentials?.userID ?? null;
  }

  /** Between login() and logout()/kick, whether or not the socket is up right now. */
  get isActive(): boolean {
    return this.phase.name !== 'idle';
  }

  get isOnline(): boolean {
    return this.phase.name === 'online';
  }

  /** Connects and logs in; rejects with the server's error or NETWORK_ERROR, leaving the session idle. */
  login(credentials: Credentials): Promise<LoginResult> {
    if (this.phase.name !== 'idle') {
      return Promise.reject(new LiaisonError(ErrorCode.ALREADY_LOGGED_IN, 'A login is already in progress'));
    }
    this.credentials = credentials;
    return new Promise<LoginResult>((resolve, reject) => {
      this.phase = { name: 'firstLogin', resolve, reject };
      this.transport.connect();
    });
  }

  request: RequestFunction = (op, body, options?: CallOptions) => {
    if (this.phase.name === 'idle') return Promise.reject(new LiaisonError(ErrorCode.SDK_NOT_READY));
    return this.requests.call(op, body, options);
  };

  /** Tells the server (best effort, briefly) and closes. */
  async logout(): Promise<void> {
    if (this.phase.name === 'online') {
      const timeoutMs = Math.min(this.options.requestTimeout, 3_000);
      await this.requests.call('logout', {}, { timeoutMs }).catch(() => undefined);
    }
    this.stop(new LiaisonError(ErrorCode.SDK_NOT_READY, 'Logged out'));
  }

  /** Closes without telling the server; pending requests fail with `reason`. */
  stop(reason: LiaisonError = new LiaisonError(ErrorCode.SDK_NOT_READY, 'Logged out')): void {
    const phase = this.phase;
    this.phase = { name: 'idle' };
    this.credentials = null;
    this.stopHeartbeat();
    this.transport.disconnect();
    this.requests.rejectAll(reason);
    if (phase.name === 'firstLogin') phase.reject(reason);
  }

  private handleOpen(): void {
    const credentials = this.credentials;
    if (!credentials) return;
    const body = { SDKAppID: this.options.SDKAppID, userID: credentials.userID, userSig: credentials.userSig };
    this.requests.call('login', body, { beforeLogin: true }).then(
      (result) => this.handleLoggedIn(result),
      (error: unknown) => this.handleLoginFailed(toLiaisonError(error)),
    );
  }

  private handleLoggedIn(result: LoginResult): void {
    const phase = this.phase;
    if (phase.name === 'idle') return;
    this.clock.observe(result.serverTime);
    this.phase = { name: 'online' };
    this.transport.resetBackoff();
    this.requests.open();
    this.startHeartbeat();
    if (phase.name === 'firstLogin') phase.resolve(result);
    else this.hooks.onReconnected(result);
  }

  private handleLoginFailed(error: LiaisonError): void {
    const phase = this.phase;
    if (phase.name === 'idle') return;
    if (phase.name === 'firstLogin') {
      this.stop(error);
      return;
    }
    if (AUTH_ERRORS.has(error.code)) {
      this.stop(error);
      // A revoked userSig means the kick itself was missed while the socket was down.
      this.hooks.onKicked(
        error.code === ErrorCode.USERSIG_REVOKED || error.code === ErrorCode.USERSIG_KICKED
          ? TYPES.KICKED_OUT_REST_API
          : TYPES.KICKED_OUT_USERSIG_EXPIRED,
      );
      return;
    }
    // Anything else (timeout, a server hiccup): try again on a fresh socket.
    this.transport.drop();
  }

  /**
   * While online, a heartbeat that goes unanswered within its timeout drops the socket (see
   * onUnanswered), and the usual reconnect and catch-up follow.
   */
  private startHeartbeat(): void {
    this.stopHeartbeat();
    if (this.options.heartbeatInterval <= 0) return;
    const timeoutMs = Math.min(this.options.requestTimeout, this.options.heartbeatInterval);
    this.heartbeat = setInterval(() => {
      if (this.phase.name !== 'online') return;
      this.requests.call('heartbeat', {}, { timeoutMs }).then(
        ({ serverTime }) => this.clock.observe(serverTime),
        () => undefined,
      );
    }, this.options.heartbeatInterval);
    // In Node, the heartbeat alone must not keep a process alive.
    (this.heartbeat as { unref?: () => void }).unref?.();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private handleClose(code?: number): void {
    this.stopHeartbeat();
    this.requests.connectionLost();
    const phase = this.phase;
    if (phase.name === 'idle') return;
    // The page's origin is refused: every retry would be refused the same way.
    if (code === CLOSE_ORIGIN_NOT_ALLOWED) {
      const error = new LiaisonError(ErrorCode.ORIGIN_NOT_ALLOWED);
      this.stop(error);
      if (phase.name !== 'firstLogin') this.hooks.onError(error);
      return;
    }
    if (phase.name === 'firstLogin') {
      this.stop(new LiaisonError(ErrorCode.NETWORK_ERROR));
      return;
    }
    if (phase.name === 'online') {
      this.phase = { name: 'reconnecting' };
      this.hooks.onConnectionLost();
    }
    // A server shutting down asks for a reconnect now: another process (or the restarted one)
    // takes over, and waiting out a backoff would only lengthen the outage.
    if (code === GOING_AWAY_CLOSE_CODE && phase.name === 'online') this.transport.reconnectNow();
    else this.transport.scheduleReconnect();
  }

  private handleMessage(data: unknown): void {
    const incoming = parseIncoming(data);
    switch (incoming.kind) {
      case 'response':
        if (!this.requests.handleResponse(incoming.frame) && !incoming.frame.ok) {
          this.hooks.onError(new LiaisonError(incoming.frame.error.code as ErrorCode, incoming.frame.error.message));
        }
        return;
      case 'push':
        if (incoming.push.event === 'kicked') {
          const type = KICK_REASONS[incoming.push.data.reason];
          this.stop(new LiaisonError(ErrorCode.SDK_NOT_READY, `Kicked out: ${type}`));
          this.hooks.onKicked(type);
          return;
        }
        this.hooks.onPush(incoming.push);
        return;
      case 'unknownPush':
        return;
      case 'malformed':
        this.hooks.onError(incoming.error);
        return;
    }
  }
}

/** The reference SDK's kick types: a portal logout is a kick by the server, as its REST API kick. */
const KICK_REASONS: Record<'userSigExpired' | 'portalLogout' | 'restApiKick', KickedOutType> = {
  userSigExpired: TYPES.KICKED_OUT_USERSIG_EXPIRED,
  portalLogout: TYPES.KICKED_OUT_REST_API,
  restApiKick: TYPES.KICKED_OUT_REST_API,
};
