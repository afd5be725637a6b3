import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, get, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GOING_AWAY_CLOSE_CODE } from '@liaison/protocol';
import type { WebSocketConstructor } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Chat, connect, until, wholeHistory } from './harness';
import { startServerProcess } from './server-process';
import { startStallingProxy } from './stalling-proxy';

const CLIENTS = 100;
const SENDERS = 20;
const SENDS_EACH = 10;
const IDLE_HTTP_CONNECTIONS = 4;
/** Clients behind a dead network: they never answer the close handshake. */
const STALLED_CLIENTS = 2;

let dataDir: string;
const chats: Chat[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liaison-shutdown-'));
});

afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await rm(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown with clients connected', () => {
  it('on SIGTERM sends every client away with the going-away code, cuts stalled sockets and requests, exits 0 and keeps every acknowledged message', {
    timeout: 180_000,
  }, async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    const closeCodes: number[][] = [];
    for (let start = 0; start < CLIENTS; start += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, j) => {
          const codes: number[] = [];
          closeCodes.push(codes);
          return connect(first, `sd-${start + j}`, { WebSocket: recordingWebSocket(codes) });
        }),
      );
      chats.push(...batch);
    }
    const idle = await openIdleKeepAliveConnections(first.url, IDLE_HTTP_CONNECTIONS);
    const { hostname, port } = new URL(first.url);
    const proxy = await startStallingProxy({ host: hostname, port: Number(port) });
    for (let i = 0; i < STALLED_CLIENTS; i++)
      chats.push(await connect({ url: proxy.url, app: first.app }, `sd-stall-${i}`));
    proxy.stall();
    const unfinished = startUnfinishedUpload(first.url);

    const acked: Array<{ to: string; id: string }> = [];
    let sigtermAt = 0;
    const sends = chats.slice(0, SENDERS).flatMap((chat, s) =>
      Array.from({ length: SENDS_EACH }, (_, i) => {
        const to = `sd-${SENDERS + s}`;
        const message = chat.createTextMessage({ to, conversationType: 'C2C', payload: { text: `s${s}-${i}` } });
        return chat.sendMessage(message).then((r) => {
          acked.push({ to, id: r.data.message.ID });
          if (acked.length === 50) {
            sigtermAt = performance.now();
            first.child.kill('SIGTERM');
          }
        });
      }),
    );
    expect(await first.exited).toBe(0);
    const shutdownMs = performance.now() - sigtermAt;
    console.log(`shutdown with ${CLIENTS} connected clients: ${shutdownMs.toFixed(0)} ms from SIGTERM to exit`);

    expect(closeCodes.map((codes) => codes[0])).toEqual(Array(CLIENTS).fill(GOING_AWAY_CLOSE_CODE));
    await until(() => idle.every((c) => c.closed), 5_000, 'idle keep-alive connections closed');
    await unfinished;
    await proxy.close();

    // Stop the clients' retries (sends still waiting fail visibly), then look at what was kept.
    await Promise.all(chats.splice(0).map((chat) => chat.logout().catch(() => undefined)));
    await Promise.allSettled(sends);
    expect(acked.length).toBeGreaterThanOrEqual(50);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const missing: string[] = [];
      for (let s = 0; s < SENDERS; s++) {
        const receiver = await connect(second, `sd-${SENDERS + s}`);
        chats.push(receiver);
        const stored = new Set(await storedIDs(receiver, `C2Csd-${s}`));
        for (const { to, id } of acked) if (to === `sd-${SENDERS + s}` && !stored.has(id)) missing.push(id);
      }
      expect(missing).toEqual([]);
    } finally {
      await Promise.all(chats.splice(0).map((chat) => chat.logout().catch(() => undefined)));
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

/** The `ws` client, recording the close code of every socket the SDK opens with it. */
function recordingWebSocket(codes: number[]): WebSocketConstructor {
  return class extends WebSocket {
    constructor(url: string) {
      super(url);
      this.on('close', (code) => codes.push(code));
    }
  };
}

/** HTTP keep-alive connections, each used for one request and then left idle, as browsers leave them. */
async function openIdleKeepAliveConnections(url: string, n: number): Promise<Array<{ closed: boolean }>> {
  const agent = new Agent({ keepAlive: true, maxSockets: n });
  const states = Array.from({ length: n }, () => ({ closed: false }));
  await Promise.all(
    states.map(
      (state) =>
        new Promise<void>((resolve, reject) => {
          get(`${url}/healthz`, { agent }, (res) => {
            res.resume();
            res.on('end', resolve);
          })
            .on('socket', (socket) => socket.once('close', () => (state.closed = true)))
            .on('error', reject);
        }),
    ),
  );
  expect(states.some((s) => s.closed)).toBe(false);
  return states;
}

/** A request whose body never finishes arriving, as a slow upload: the shutdown must not wait for it. */
function startUnfinishedUpload(url: string): Promise<void> {
  const req = request(`${url}/healthz`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'content-length': '1000000' },
  });
  req.write(Buffer.alloc(1000));
  return new Promise((resolve) => {
    req.on('error', () => resolve());
    req.on('close', () => resolve());
  });
}

/** Every message ID in the conversation's stored history, oldest first. */
async function storedIDs(chat: Chat, conversationID: string): Promise<string[]> {
  return (await wholeHistory(chat, conversationID)).map((m) => m.ID);
}
