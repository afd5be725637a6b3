import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, connect, recordMessages, sendText, until } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { sampleValue, scrapeMetrics } from '../support/metrics';
import { startProcessPair } from './shared-services';

/** Each process's /metrics across PostgreSQL + NATS: the sender's writes, the recipient's bus lag. */
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
const chats: Chat[] = [];

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair('liaison_metrics', 1_400_777_002));
});

afterAll(async () => {
  for (const chat of chats) await chat.logout().catch(() => undefined);
  await stopPair?.();
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
