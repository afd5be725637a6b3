import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, connect, recordMessages, sendText, until } from '../../apps/server/src/integration/harness';
import { type ServerProcess, startServerProcess } from '../../apps/server/src/integration/server-process';
import { sampleValue, scrapeMetrics } from '../support/metrics';

/** Each process's /metrics across PostgreSQL + NATS: the sender's writes, the recipient's bus lag. */
const ADMIN_URL = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.SCALE_NATS_URL ?? 'nats://127.0.0.1:4222';
const database = `liaison_metrics_${randomBytes(4).toString('hex')}`;
const app = { SDK_APP_ID: '1400777002', SDK_SECRET_KEY: randomBytes(16).toString('hex') };

let p1: ServerProcess;
let p2: ServerProcess;
const chats: Chat[] = [];

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const env = { DATABASE_URL: url.toString(), NATS_URL, ...app };
  [p1, p2] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
});

afterAll(async () => {
  for (const chat of chats) await chat.logout().catch(() => undefined);
  for (const p of [p1, p2]) {
    if (p && p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${database}`);
});

describe('metrics of two processes on PostgreSQL + NATS', () => {
  it('count sends and batches where they are written, and bus lag where they are delivered', async () => {
    const alice = await user(p1, 'metrics-alice');
    const bob = await user(p2, 'metrics-bob');
    const received = recordMessages(bob);
    for (const text of ['one', 'two', 'three']) await sendText(alice, 'metrics-bob', text);
    await until(() => received.length === 3, 10_000, 'messages across processes');

    const sender = await scrapeMetrics(p1.url);
    const recipient = await scrapeMetrics(p2.url);
    expect(sampleValue(sender, 'liaison_ops_total{op="sendMessage",result="ok"}')).toBe(3);
    expect(sampleValue(sender, 'liaison_send_latency_seconds_count')).toBe(3);
    expect(sampleValue(sender, 'liaison_writer_batch_size_sum')).toBe(3);
    expect(sampleValue(recipient, 'liaison_ops_total{op="sendMessage",result="ok"}')).toBe(0);
    // Bob's process received the three pushes over NATS, stamped by alice's process.
    expect(sampleValue(recipient, 'liaison_bus_lag_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(sampleValue(sender, 'liaison_sessions')).toBe(1);
    expect(sampleValue(recipient, 'liaison_sessions')).toBe(1);
  });
});

async function user(server: ServerProcess, userID: string): Promise<Chat> {
  const chat = await connect(server, userID);
  chats.push(chat);
  return chat;
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
