import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../app';
import { connect, RawClient, recordMessages, startServer, until, userSigFor } from '../integration/harness';
import type { LimitSettings } from '../limits/settings';

/** The gateway's abuse limits, with small values, through raw sockets and the real SDK. */
function useLimitedServer(limits: Partial<LimitSettings>): () => LiaisonServer {
  let server: LiaisonServer | null = null;
  beforeAll(async () => {
    server = await startServer(undefined, { limits });
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}

let nextID = 0;
function textTo(to: string, conversationType: 'C2C' | 'GROUP' = 'C2C') {
  nextID += 1;
  return {
    ID: `limit-${process.pid}-${nextID}`,
    conversationType,
    to,
    type: 'TIMTextElem',
    payload: { text: `message ${nextID}` },
    clientTime: Math.floor(Date.now() / 1000),
    random: nextID,
  };
}

async function loggedIn(server: LiaisonServer, userID: string): Promise<RawClient> {
  const client = await RawClient.open(server);
  expect((await client.login(server, userID)).ok).toBe(true);
  return client;
}

function closeOf(client: RawClient): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    client.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

async function storedFrom(server: LiaisonServer, sender: string): Promise<number> {
  const [row] = await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM messages WHERE sender = $1', [sender]);
  return Number(row?.n);
}

describe('message send rates per user and per group', () => {
  const server = useLimitedServer({
    imUserSendsPerSecond: 5,
    imUserSendsBurst: 3,
    imGroupSendsPerSecond: 2,
    imGroupSendsBurst: 4,
  });

  it("refuse a user's sends past the burst with 10023 and a retry-after, and store nothing for them", async () => {
    await loggedIn(server(), 'rate-bob');
    const alice = await loggedIn(server(), 'rate-alice');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => alice.request('sendMessage', textTo('rate-bob'))),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(3);
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.error).toMatchObject({ code: 10023 });
      expect((answer.error as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(0);
    }
    expect(await storedFrom(server(), 'rate-alice')).toBe(3);
  });

  it('let the SDK wait out the retry-after, so a burst is delivered whole and in the order it was sent', async () => {
    const carol = await connect(server(), 'rate-carol');
    const dave = await connect(server(), 'rate-dave');
    const received = recordMessages(dave);
    const texts = Array.from({ length: 10 }, (_, i) => `burst ${i}`);
    const results = await Promise.all(
      texts.map((text) =>
        carol.sendMessage(carol.createTextMessage({ to: 'rate-dave', conversationType: 'C2C', payload: { text } })),
      ),
    );
    expect(results.every((r) => r.data.message.status === 'success')).toBe(true);
    await until(() => received.length === texts.length, 15_000, 'the whole burst');
    expect(received.map((m) => m.text)).toEqual(texts);
    await Promise.all([carol.logout(), dave.logout()]);
  });

  it("cap a group's sends across all its senders", async () => {
    const owner = await loggedIn(server(), 'rate-owner');
    const erin = await loggedIn(server(), 'rate-erin');
    const created = await owner.request('createGroup', {
      type: 'Private',
      name: 'rates',
      groupID: 'rate-group',
      memberList: [{ userID: 'rate-erin' }],
    });
    expect(created.ok).toBe(true);
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => owner.request('sendMessage', textTo('rate-group', 'GROUP'))),
      ...Array.from({ length: 3 }, () => erin.request('sendMessage', textTo('rate-group', 'GROUP'))),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(4);
    expect(answers.filter((a) => !a.ok).map((a) => a.error?.code)).toEqual([10023, 10023]);
  });
});

describe('the request rate of one connection', () => {
  const server = useLimitedServer({ imOpsPerSecond: 1, imOpsBurst: 10 });

  it('answer requests past the burst with 10006 and a retry-after', async () => {
    const client = await loggedIn(server(), 'ops-alice');
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.request('heartbeat', {})));
    // The login took one token.
    expect(answers.filter((a) => a.ok)).toHaveLength(9);
    expect(answers.filter((a) => !a.ok).every((a) => a.error?.code === 10006)).toBe(true);
    client.close();
  });

  it('close a connection that keeps sending through a whole burst of refusals (4029)', async () => {
    const client = await loggedIn(server(), 'ops-flood');
    const closed = closeOf(client);
    for (let i = 0; i < 30; i++) client.sendRaw(JSON.stringify({ id: 1000 + i, op: 'heartbeat', body: {} }));
    expect(await closed).toEqual({ code: 4029, reason: 'rate limit: too many requests' });
  });

  it('surface the refusal of other ops through the SDK without retrying them', async () => {
    const chat = await connect(server(), 'ops-sdk');
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => chat.getConversationList()));
    const codes = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { code: number }).code] : []));
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set([10006]));
    await chat.logout();
  });
});

describe('connections per address and sessions per user', () => {
  const server = useLimitedServer({ imUnauthenticatedPerAddress: 3, imSessionsPerUser: 2 });

  it('close a socket past the per-address cap on connections not logged in (4009); logging in frees a place', async () => {
    const waiting = await Promise.all(Array.from({ length: 3 }, () => RawClient.open(server())));
    const extra = await RawClient.open(server());
    expect(await closeOf(extra)).toEqual({ code: 4009, reason: 'too many connections from this address' });
    expect((await waiting[0]?.login(server(), 'cap-alice'))?.ok).toBe(true);
    const next = await RawClient.open(server());
    expect((await next.login(server(), 'cap-bob')).ok).toBe(true);
    for (const client of [...waiting, next]) client.close();
  });

  it("refuse a user's login past the session cap with 60010 and close that socket (4009); the others stay", async () => {
    const first = await connect(server(), 'cap-carol');
    const second = await connect(server(), 'cap-carol');
    const third = LiaisonChat.create({ SDKAppID: server().app.sdkAppID, server: server().url });
    const raw = await RawClient.open(server());
    const closed = closeOf(raw);
    expect((await raw.login(server(), 'cap-carol')).error?.code).toBe(60010);
    expect((await closed).code).toBe(4009);
    await expect(
      third.login({ userID: 'cap-carol', userSig: userSigFor(server(), 'cap-carol') }),
    ).rejects.toMatchObject({ code: 60010 });
    expect((await first.getMyProfile()).data.userID).toBe('cap-carol');
    expect((await second.getMyProfile()).data.userID).toBe('cap-carol');
    await Promise.all([first.logout(), second.logout()]);
  });
});

/**
 * An IM socket that says it was forwarded for `client` (as a reverse proxy would): 'served' once
 * the server answers a request on it (kept open), or the code it was closed with.
 */
function forwarded(server: LiaisonServer, client: string): Promise<{ code: number } | 'served'> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/im`, { headers: { 'x-forwarded-for': client } });
  return new Promise((resolve) => {
    socket.once('close', (code) => resolve({ code }));
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, op: 'heartbeat', body: {} })));
    socket.once('message', () => resolve('served'));
  });
}

describe('the client address of IM sockets', () => {
  describe('behind a proxy named in TRUST_PROXY', () => {
    let server: LiaisonServer;
    beforeAll(async () => {
      server = await startServer(undefined, { trustProxy: '127.0.0.1', limits: { imUnauthenticatedPerAddress: 2 } });
    });
    afterAll(() => server.close());

    it('count each forwarded client apart', async () => {
      expect(await forwarded(server, '198.51.100.1')).toBe('served');
      expect(await forwarded(server, '198.51.100.1')).toBe('served');
      expect(await forwarded(server, '198.51.100.1')).toEqual({ code: 4009 });
      expect(await forwarded(server, '198.51.100.2')).toBe('served');
    });
  });

  describe('without TRUST_PROXY', () => {
    let server: LiaisonServer;
    beforeAll(async () => {
      server = await startServer(undefined, { limits: { imUnauthenticatedPerAddress: 2 } });
    });
    afterAll(() => server.close());

    it('ignore X-Forwarded-For: the socket address is the client', async () => {
      expect(await forwarded(server, '198.51.100.1')).toBe('served');
      expect(await forwarded(server, '198.51.100.2')).toBe('served');
      expect(await forwarded(server, '198.51.100.3')).toEqual({ code: 4009 });
    });
  });
});
