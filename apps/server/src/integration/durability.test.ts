import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, connect } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';

let dataDir: string;
const chats: Chat[] = [];
/** Bursts of 300 from one user exceed the default per-user send burst (200); durability is the subject here. */
const BURSTS = { IM_SEND_PER_USER_BURST: '1000' };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liaison-durability-'));
});

afterAll(async () => {
  for (const chat of chats) await chat.logout().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

async function sendBurst(server: ServerProcess, prefix: string, n: number): Promise<string[]> {
  const alice = await connect(server, 'dur-alice');
  chats.push(alice);
  await connect(server, 'dur-bob').then((c) => chats.push(c));
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      alice.sendMessage(
        alice.createTextMessage({ to: 'dur-bob', conversationType: 'C2C', payload: { text: `${prefix}${i}` } }),
      ),
    ),
  );
  return results.map((r) => r.data.message.ID);
}

async function storedIDs(server: ServerProcess): Promise<string[]> {
  const bob = await connect(server, 'dur-bob');
  chats.push(bob);
  const ids: string[] = [];
  let next: string | undefined;
  for (;;) {
    const page = (await bob.getMessageList({ conversationID: 'C2Cdur-alice', nextReqMessageID: next })).data;
    ids.unshift(...page.messageList.map((m) => m.ID));
    if (page.isCompleted) return ids;
    next = page.nextReqMessageID;
  }
}

describe('durability of acknowledged messages', () => {
  it('keeps every acknowledged message, in order, when the server is killed with SIGKILL right after the acks', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir, ...BURSTS });
    const acked = await sendBurst(first, 'k', 300);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    for (const chat of chats.splice(0)) await chat.logout().catch(() => undefined);

    const second = await startServerProcess({ DATA_DIR: dataDir, ...BURSTS });
    try {
      expect(await storedIDs(second)).toEqual(acked);
    } finally {
      for (const chat of chats.splice(0)) await chat.logout().catch(() => undefined);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });
});

describe('graceful shutdown', () => {
  it('commits and keeps every acknowledged message when stopped with SIGTERM in the middle of a burst', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir, ...BURSTS });
    const alice = await connect(first, 'dur-alice');
    chats.push(alice);
    const acked: string[] = [];
    const sends = Array.from({ length: 300 }, (_, i) =>
      alice
        .sendMessage(alice.createTextMessage({ to: 'dur-bob', conversationType: 'C2C', payload: { text: `t${i}` } }))
        .then((r) => {
          acked.push(r.data.message.ID);
          if (acked.length === 50) first.child.kill('SIGTERM');
        }),
    );
    expect(await first.exited).toBe(0);
    await alice.logout();
    await Promise.allSettled(sends);
    expect(acked.length).toBeGreaterThanOrEqual(50);

    const second = await startServerProcess({ DATA_DIR: dataDir, ...BURSTS });
    try {
      const stored = new Set(await storedIDs(second));
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      for (const chat of chats.splice(0)) await chat.logout().catch(() => undefined);
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
