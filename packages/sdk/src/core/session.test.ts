import { GOING_AWAY_CLOSE_CODE } from '@liaison/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Session } from './session';
import type { WebSocketLike } from './transport';

/** A socket the test drives: it opens, answers the login, and closes with a chosen code. */
class FakeSocket implements WebSocketLike {
  static opened: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }

  send(data: string): void {
    const frame = JSON.parse(data) as { id: number; op: string };
    if (frame.op !== 'login') return;
    const profile = { userID: 'me', nick: '', avatar: '', selfSignature: '' };
    queueMicrotask(() =>
      this.onmessage?.({ data: JSON.stringify({ id: frame.id, ok: true, data: { profile, serverTime: 0 } }) }),
    );
  }

  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  closedByServer(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

async function onlineSession(): Promise<Session> {
  const session = new Session(
    {
      url: 'ws://server/im',
      SDKAppID: 1,
      requestTimeout: 5_000,
      heartbeatInterval: 0,
      loadWebSocket: () => Promise.resolve(FakeSocket),
    },
    { onPush() {}, onConnectionLost() {}, onReconnected() {}, onKicked() {}, onError() {} },
  );
  const login = session.login({ userID: 'me', userSig: 'sig' });
  await vi.waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
  FakeSocket.opened[0]?.open();
  await login;
  return session;
}

/** Lets the promise callbacks run without moving the fake clock. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe('session reconnects', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reconnects at once, without waiting out a backoff, when the server closes with going-away', async () => {
    const session = await onlineSession();
    vi.useFakeTimers();
    FakeSocket.opened[0]?.closedByServer(GOING_AWAY_CLOSE_CODE);
    await settle();
    expect(FakeSocket.opened).toHaveLength(2);
    session.stop();
  });

  it('waits for the backoff delay after a connection is lost any other way', async () => {
    const session = await onlineSession();
    vi.useFakeTimers();
    FakeSocket.opened[0]?.closedByServer(1006);
    await settle();
    expect(FakeSocket.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.opened).toHaveLength(2);
    session.stop();
  });
});
