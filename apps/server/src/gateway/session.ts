import type { Duplex } from 'node:stream';
import type { PushEventName, ResponseFrame } from '@liaison/protocol';
import { WebSocket } from 'ws';
import type { ClientSession, SessionUser } from '../im/session';

/** A slow reader past this much unsent data is dropped; it reconnects and syncs what it missed. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** One WebSocket connection and, after login, the user it speaks for. */
export class Session implements ClientSession {
  user: SessionUser | null = null;
  /** Groups the user belongs to, for routing group pushes to this connection. */
  readonly groups = new Set<string>();
  expiryTimer: NodeJS.Timeout | null = null;
  /** The portal session whose userSig logged this connection in; its logout ends this one. */
  portalSessionID: string | null = null;

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
  ) {}

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  reply(frame: ResponseFrame): void {
    this.write(JSON.stringify(frame));
  }

  push(event: PushEventName, data: unknown): void {
    this.write(JSON.stringify({ event, data }));
  }

  /** Pushes an already-serialised frame: group fan-out serialises once for every member. */
  write(text: string): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    corkUntilNextTurn(this.socket);
    this.socket.send(text);
  }
}

const corked = new Set<Duplex>();

/**
 * Frames written to one socket in the same turn of the event loop (a batch's acks, a burst of
 * pushes) leave in one write instead of one syscall each.
 */
function corkUntilNextTurn(socket: WebSocket): void {
  // ws keeps its TCP socket private; without it, frames are simply written one by one.
  const tcp = (socket as unknown as { _socket?: Duplex })._socket;
  if (!tcp || corked.has(tcp)) return;
  tcp.cork();
  if (corked.size === 0) setImmediate(uncorkAll);
  corked.add(tcp);
}

function uncorkAll(): void {
  for (const tcp of corked) tcp.uncork();
  corked.clear();
}
