import type { PushEventName, ResponseFrame } from '@liaison/protocol';
import { WebSocket } from 'ws';

/** A slow reader past this much unsent data is dropped; it reconnects and syncs what it missed. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export interface SessionUser {
  userID: string;
  nick: string;
  avatar: string;
}

/** One WebSocket connection and, after login, the user it speaks for. */
export class Session {
  user: SessionUser | null = null;
  /** Groups the user belongs to, for routing group pushes to this connection. */
  readonly groups = new Set<string>();
  expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
  ) {}

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
    this.socket.send(text);
  }
}
