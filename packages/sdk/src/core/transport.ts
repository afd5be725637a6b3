import { type BackoffOptions, backoffDelay, defaultBackoff } from './backoff';

/**
 * A bivariant callback type, so that both the DOM's `WebSocket` and the `ws` package's class
 * (whose handlers take richer event types) fit `WebSocketLike` without casts.
 */
type Callback<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The part of the WebSocket API the SDK uses; the browser's and `ws`'s both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Callback<unknown> | null;
  onmessage: Callback<{ data: unknown }> | null;
  onclose: Callback<{ code: number; reason: string }> | null;
  onerror: Callback<unknown> | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface TransportHandlers {
  /** The socket is open. */
  onOpen(): void;
  onMessage(data: unknown): void;
  /**
   * The socket closed or could not open; not called after `disconnect()`. `code` is the close
   * code the server sent, when it sent one.
   */
  onClose(code?: number): void;
}

export interface TransportOptions {
  url: string;
  loadWebSocket: () => Promise<WebSocketConstructor>;
  /** A socket that has not opened by then is abandoned (and reported closed). */
  connectTimeoutMs: number;
  backoff?: BackoffOptions;
}

const OPEN = 1;

/**
 * One WebSocket at a time, and the timing of reconnects. It does not decide *whether* to
 * reconnect: the session calls `scheduleReconnect()` after a close it did not ask for.
 */
export class Transport {
  private socket: WebSocketLike | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped for every socket and by disconnect(), so that stale callbacks do nothing. */
  private generation = 0;

  constructor(
    private readonly options: TransportOptions,
    private readonly handlers: TransportHandlers,
  ) {}

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Opens a socket now, replacing any current one (whose close is not reported). */
  connect(): void {
    this.clearTimers();
    this.detach();
    void this.open(++this.generation);
  }

  /** Connects again after the next backoff delay. */
  scheduleReconnect(): void {
    this.clearTimers();
    const delay = backoffDelay(this.attempt++, this.options.backoff ?? defaultBackoff);
    const generation = this.generation;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (generation === this.generation) this.connect();
    }, delay);
  }

  /** Connects again at once, keeping the backoff state for the attempts after this one. */
  reconnectNow(): void {
    this.connect();
  }

  /** The connection proved good (logged in): the next outage starts from the shortest delay. */
  resetBackoff(): void {
    this.attempt = 0;
  }

  send(text: string): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(text);
    return true;
  }

  /** Closes the current socket and reports it closed at once (the session wants a fresh one). */
  drop(): void {
    if (!this.socket) return;
    this.detach();
    this.generation++;
    this.handlers.onClose();
  }

  /** Closes everything; nothing is reported afterwards. */
  disconnect(): void {
    this.generation++;
    this.clearTimers();
    this.detach();
  }

  private async open(generation: number): Promise<void> {
    let socket: WebSocketLike;
    try {
      const WebSocketImpl = await this.options.loadWebSocket();
      if (generation !== this.generation) return;
      socket = new WebSocketImpl(this.options.url);
    } catch {
      if (generation === this.generation) this.closed(generation);
      return;
    }
    this.socket = socket;
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null;
      if (generation === this.generation && socket.readyState !== OPEN) this.drop();
    }, this.options.connectTimeoutMs);
    socket.onopen = () => {
      if (generation !== this.generation) return;
      this.clearConnectTimer();
      this.handlers.onOpen();
    };
    socket.onmessage = (event) => {
      if (generation === this.generation) this.handlers.onMessage(event.data);
    };
    socket.onclose = (event) => {
      if (generation === this.generation) this.closed(generation, event.code);
    };
    socket.onerror = () => {
      // A close event follows every error; that is where it is handled.
    };
  }

  private closed(generation: number, code?: number): void {
    if (generation !== this.generation) return;
    this.clearConnectTimer();
    this.socket = null;
    this.generation++;
    this.handlers.onClose(code);
  }

  private detach(): void {
    const socket = this.socket;
    this.socket = null;
    this.clearConnectTimer();
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    // Not null: closing a socket still connecting makes Node's `ws` emit an error a moment later,
    // and an error event nobody listens to is thrown there. The socket is being let go.
    socket.onerror = () => undefined;
    try {
      socket.close(1000, 'client closed');
    } catch {
      // Closing a socket that never opened may throw in some implementations; it is gone either way.
    }
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private clearTimers(): void {
    this.clearConnectTimer();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}

/** globalThis.WebSocket where there is one (browsers, Node 22+); the `ws` package otherwise. */
export async function loadDefaultWebSocket(): Promise<WebSocketConstructor> {
  if (typeof globalThis.WebSocket === 'function') return globalThis.WebSocket;
  // Dynamic, so bundlers for the browser never pull `ws` into the main chunk.
  const module = await import('ws');
  return module.WebSocket;
}
