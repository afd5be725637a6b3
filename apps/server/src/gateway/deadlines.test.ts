import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../app';
import { RawClient, startServer, until, userSigFor } from '../integration/harness';

/** Sockets that never log in, and logged-in sockets that stop answering, do not stay open. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer(undefined, {
    limits: { imLoginTimeoutMs: 1_000, imHeartbeatMs: 1_000, imUnauthenticatedPerAddress: 300 },
  });
});
afterAll(() => server.close());

const imUrl = () => `${server.url.replace(/^http/, 'ws')}/im`;

function open(options: { autoPong?: boolean } = {}): Promise<WebSocket> {
  const socket = new WebSocket(imUrl(), options);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function login(socket: WebSocket, userID: string): Promise<{ ok: boolean }> {
  return new Promise((resolve) => {
    socket.once('message', (raw) => resolve(JSON.parse(raw.toString()) as { ok: boolean }));
    socket.send(
      JSON.stringify({
        id: 1,
        op: 'login',
        body: { SDKAppID: server.app.sdkAppID, userID, userSig: userSigFor(server, userID) },
      }),
    );
  });
}

describe('socket deadlines', () => {
  it('close 200 idle sockets from one address that never log in with 4008, and keep a logged-in one', async () => {
    const closes: Array<{ code: number; reason: string }> = [];
    const idle = await Promise.all(Array.from({ length: 200 }, () => open()));
    for (const socket of idle) {
      socket.on('close', (code, reason) => closes.push({ code, reason: reason.toString() }));
    }
    const member = await RawClient.open(server);
    expect((await member.login(server, 'deadline-alice')).ok).toBe(true);
    await until(() => closes.length === 200, 20_000, '200 idle sockets closed');
    expect(new Set(closes.map((c) => `${c.code} ${c.reason}`))).toEqual(new Set(['4008 no login in time']));
    expect(member.socket.readyState).toBe(WebSocket.OPEN);
    expect((await member.request('heartbeat', {})).ok).toBe(true);
    member.close();
  });

  it('give a socket that logs out the same deadline to log in again', async () => {
    const client = await RawClient.open(server);
    expect((await client.login(server, 'deadline-leaver')).ok).toBe(true);
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    expect((await client.request('logout', {})).ok).toBe(true);
    expect(await closed).toBe(4008);
  });

  it('drop a logged-in socket that stops answering pings, and keep one that answers', async () => {
    const silent = await open({ autoPong: false });
    const answering = await open();
    expect((await login(silent, 'deadline-silent')).ok).toBe(true);
    expect((await login(answering, 'deadline-answering')).ok).toBe(true);
    let silentClosed = false;
    silent.on('close', () => {
      silentClosed = true;
    });
    await until(() => silentClosed, 10_000, 'the silent socket dropped');
    expect(answering.readyState).toBe(WebSocket.OPEN);
    answering.close();
  });
});
