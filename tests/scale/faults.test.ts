import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Chat,
  connect,
  type ReceivedText,
  recordMessages,
  until,
} from '../../apps/server/src/integration/harness';
import { type ServerProcess, startServerProcess } from '../../apps/server/src/integration/server-process';
import { startFailoverProxy } from './failover-proxy';
import { type PrivateService, startPrivateNats, startPrivatePostgres } from './private-services';

/**
 * Faults under load: two server processes on a PostgreSQL and a NATS of this file's own, which
 * it restarts (and a process it kills) in the middle of a burst of sends in both directions and
 * into a group. Every send is accounted for: acknowledged, or failed with a code the caller saw.
 * Every acknowledged message reaches every recipient exactly once, in sequence order.
 */
const app = { SDK_APP_ID: '1400777002', SDK_SECRET_KEY: randomBytes(16).toString('hex') };
const BURST = 120;
const SEND_INTERVAL_MS = 20;

let postgres: PrivateService;
let nats: PrivateService;
let p1: ServerProcess;
let p2: ServerProcess;
let env: Record<string, string>;
const proxies: Array<{ close(): Promise<void> }> = [];
const chats: Chat[] = [];
let alice: Chat;
let bob: Chat;
let carol: Chat;
const got: Record<'alice' | 'bob' | 'carol', ReceivedText[]> = { alice: [], bob: [], carol: [] };

function backend(server: ServerProcess) {
  const { hostname, port } = new URL(server.url);
  return { host: hostname, port: Number(port) };
}

/** A user reaching the service through a balancer that prefers the given processes in order. */
async function userVia(prefer: ServerProcess[], userID: string): Promise<Chat> {
  const proxy = await startFailoverProxy(prefer.map(backend));
  proxies.push(proxy);
  const chat = await connect({ url: proxy.url, app: p1.app }, userID);
  chats.push(chat);
  return chat;
}

beforeAll(async () => {
  [postgres, nats] = await Promise.all([startPrivatePostgres(), startPrivateNats()]);
  env = { DATABASE_URL: postgres.url, NATS_URL: nats.url, ...app };
  [p1, p2] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  alice = await userVia([p1, p2], 'fault-alice');
  bob = await userVia([p2, p1], 'fault-bob');
  carol = await userVia([p2, p1], 'fault-carol');
  got.alice = recordMessages(alice);
  got.bob = recordMessages(bob);
  got.carol = recordMessages(carol);
  await alice.createGroup({
    type: 'Community',
    name: 'Faults',
    groupID: 'fault-group',
    memberList: [{ userID: 'fault-bob' }, { userID: 'fault-carol' }],
  });
});

afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  for (const proxy of proxies) await proxy.close();
  for (const p of [p1, p2]) {
    if (p && p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  }
  await Promise.all([postgres?.stop(), nats?.stop()]);
});

describe('faults during a burst (private PostgreSQL + NATS, two server processes)', () => {
  it('loses no acknowledged message and fails the rest visibly when PostgreSQL restarts', async () => {
    await burstThrough('pg', () => postgres.restart(500));
  });

  it('fails sends visibly, never silently, when PostgreSQL stays down longer than the server retries', async () => {
    const failures = await burstThrough('pgdown', () => postgres.restart(12_000));
    expect(Object.values(failures).some((n) => n > 0)).toBe(true);
  });

  it('loses no acknowledged message and fails the rest visibly when NATS restarts', async () => {
    await burstThrough('nats', () => nats.restart(500));
  });

  it('loses no acknowledged message and fails the rest visibly when a server process is killed', async () => {
    await burstThrough('kill', async () => {
      p2.child.kill('SIGKILL');
      await p2.exited;
    });
  });

  it('moves every client to the other process and loses nothing when a process is stopped with SIGTERM', async () => {
    // p2 comes back on its old port (the balancers know it by address); p1 is then stopped the
    // way a rolling restart stops it, and its clients go to p2.
    p2 = await startServerProcess({ ...env, PORT: String(backend(p2).port) });
    const failures = await burstThrough('term', async () => {
      p1.child.kill('SIGTERM');
      expect(await p1.exited).toBe(0);
    });
    expect(failures).toEqual({ 'term-ab-': 0, 'term-ba-': 0, 'term-cg-': 0 });
  });
});

interface Sent {
  text: string;
  /** Set once acknowledged. */
  ID?: string;
  /** Set once failed: the catalogue code the caller saw. */
  code?: number;
}

/**
 * alice → bob, bob → alice and carol → the group, one send every SEND_INTERVAL_MS each, with
 * `fault` injected a third of the way through; then checks the accounts and the deliveries.
 * Returns how many sends of each stream failed (visibly).
 */
async function burstThrough(tag: string, fault: () => Promise<void>): Promise<Record<string, number>> {
  const streams = [
    { from: alice, to: 'fault-bob', type: 'C2C' as const, prefix: `${tag}-ab-`, recipients: ['bob'] as const },
    { from: bob, to: 'fault-alice', type: 'C2C' as const, prefix: `${tag}-ba-`, recipients: ['alice'] as const },
    {
      from: carol,
      to: 'fault-group',
      type: 'GROUP' as const,
      prefix: `${tag}-cg-`,
      recipients: ['alice', 'bob'] as const,
    },
  ];
  const sent = streams.map(() => [] as Sent[]);
  const settled: Array<Promise<unknown>> = [];
  let faulted: Promise<void> | null = null;
  for (let i = 0; i < BURST; i++) {
    if (i === Math.floor(BURST / 3)) faulted = fault();
    streams.forEach((stream, s) => {
      const record: Sent = { text: `${stream.prefix}${i}` };
      sent[s]?.push(record);
      const message = stream.from.createTextMessage({
        to: stream.to,
        conversationType: stream.type,
        payload: { text: record.text },
      });
      settled.push(
        stream.from.sendMessage(message).then(
          (result) => {
            record.ID = result.data.message.ID;
          },
          (err: unknown) => {
            record.code = (err as { code?: number }).code ?? -1;
          },
        ),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, SEND_INTERVAL_MS));
  }
  await faulted;
  await Promise.all(settled);

  const failures: Record<string, number> = {};
  for (const [s, stream] of streams.entries()) {
    const records = sent[s] ?? [];
    // Every send is accounted for: acknowledged, or failed with a numeric code.
    expect(records.filter((r) => r.ID === undefined && typeof r.code !== 'number')).toEqual([]);
    failures[stream.prefix] = records.filter((r) => r.ID === undefined).length;
    const acked = records.filter((r) => r.ID !== undefined).map((r) => r.ID as string);
    for (const name of stream.recipients) {
      const mine = () => got[name].filter((m) => m.text.startsWith(stream.prefix));
      await until(
        () => {
          const ids = new Set(mine().map((m) => m.ID));
          return acked.every((id) => ids.has(id));
        },
        60_000,
        `${name} has every acknowledged ${stream.prefix} message`,
      );
    }
  }
  // Late duplicates would arrive now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const stream of streams) {
    for (const name of stream.recipients) {
      const received = got[name].filter((m) => m.text.startsWith(stream.prefix));
      expect(new Set(received.map((m) => m.ID)).size, `${name}: ${stream.prefix} exactly once`).toBe(received.length);
      const sequences = received.map((m) => m.sequence);
      expect(sequences, `${name}: ${stream.prefix} in order`).toEqual([...sequences].sort((a, b) => a - b));
    }
  }
  console.log(`${tag}: ${BURST} sends per stream, visibly failed per stream: ${JSON.stringify(failures)}`);
  return failures;
}
