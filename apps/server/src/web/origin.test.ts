import { CLOSE_ORIGIN_NOT_ALLOWED, ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../app';
import { startServer, userSigFor } from '../integration/harness';
import { loadBrowserConfig } from './browser-config';

type Outcome = { opened: true; loggedIn: boolean } | { opened: false; code: number; reason: string };

/** Opens the IM socket as a page from `origin` would (none: as the SDK in Node does) and logs in. */
async function connectFrom(server: LiaisonServer, origin: string | undefined, host?: string): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (origin !== undefined) headers.origin = origin;
  if (host !== undefined) headers.host = host;
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/im`, { headers });
  const answer = new Promise<Outcome>((resolve) => {
    socket.once('close', (code, reason) => resolve({ opened: false, code, reason: reason.toString() }));
    socket.once('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { ok?: boolean };
      resolve({ opened: true, loggedIn: frame.ok === true });
      socket.close();
    });
  });
  socket.once('open', () => {
    const userSig = userSigFor(server, 'origin-user');
    socket.send(
      JSON.stringify({ id: 1, op: 'login', body: { SDKAppID: server.app.sdkAppID, userID: 'origin-user', userSig } }),
    );
  });
  return answer;
}

const REFUSED = { opened: false, code: CLOSE_ORIGIN_NOT_ALLOWED, reason: 'origin not allowed' };
const ADMITTED = { opened: true, loggedIn: true };

describe('the IM socket in production, behind its public address', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    const browser = loadBrowserConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://chat.example.com',
      ALLOWED_ORIGINS: 'https://partner.example.org',
    });
    server = await startServer(undefined, { browser });
  });
  afterAll(() => server.close());

  it('admits pages of its own origin and of the allowed origins', async () => {
    expect(await connectFrom(server, 'https://chat.example.com')).toEqual(ADMITTED);
    expect(await connectFrom(server, 'https://partner.example.org')).toEqual(ADMITTED);
    expect(await connectFrom(server, 'http://portal.internal:8080', 'portal.internal:8080')).toEqual(ADMITTED);
  });

  it('admits clients that send no Origin, as the SDK in Node does', async () => {
    expect(await connectFrom(server, undefined)).toEqual(ADMITTED);
  });

  it('closes a socket from any other page with 4003 before it can log in', async () => {
    expect(await connectFrom(server, 'https://evil.example.net')).toEqual(REFUSED);
    expect(await connectFrom(server, 'http://chat.example.com')).toEqual(REFUSED);
    expect(await connectFrom(server, 'https://partner.example.org.evil.example.net')).toEqual(REFUSED);
    expect(await connectFrom(server, 'null')).toEqual(REFUSED);
    expect(server.gateway.sessionCount()).toBe(0);
  });

  it('fails the SDK login of a refused page with 60020 instead of retrying', async () => {
    /** The ws client as a browser on another site would open it: with that site's Origin. */
    class FromEvilPage extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { origin: 'https://evil.example.net' } });
      }
    }
    const chat = LiaisonChat.create({ SDKAppID: server.app.sdkAppID, server: server.url, WebSocket: FromEvilPage });
    const login = chat.login({ userID: 'origin-user', userSig: userSigFor(server, 'origin-user') });
    await expect(login).rejects.toMatchObject({ code: ErrorCode.ORIGIN_NOT_ALLOWED });
    expect(server.gateway.sessionCount()).toBe(0);
  });
});

describe('the IM socket in production without settings', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    server = await startServer(undefined, { browser: loadBrowserConfig({ NODE_ENV: 'production' }) });
  });
  afterAll(() => server.close());

  it('admits only pages served from the host the socket is opened on', async () => {
    const host = new URL(server.url).host;
    expect(await connectFrom(server, `http://${host}`)).toEqual(ADMITTED);
    expect(await connectFrom(server, 'http://localhost:1')).toEqual(REFUSED);
  });
});

describe('the IM socket in development', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    server = await startServer(undefined, { browser: loadBrowserConfig({ NODE_ENV: 'development' }) });
  });
  afterAll(() => server.close());

  it('admits pages of any origin, such as a Vite dev server on another port', async () => {
    expect(await connectFrom(server, 'http://localhost:5173')).toEqual(ADMITTED);
  });
});
