import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { type Chat, connect, sendText, startServer } from './harness';
import { snapshot, snapshotAll } from './state-snapshot';

let server: LiaisonServer;
let alice: Chat;
beforeAll(async () => {
  server = await startServer();
  alice = await connect(server, 'snap-alice');
  await connect(server, 'snap-bob').then((bob) => bob.logout());
});
afterAll(async () => {
  await alice?.logout();
  await server?.close();
});

describe('state snapshots', () => {
  it('stay equal while nothing is stored and differ in exactly the tables a write touched', async () => {
    const before = await snapshotAll(server.db);
    expect(await snapshotAll(server.db)).toEqual(before);
    await sendText(alice, 'snap-bob', 'one more row');
    const after = await snapshot(server.db);
    expect(after.messages).not.toBe(before.messages);
    expect(after.conversations).not.toBe(before.conversations);
    expect(after.groups).toBe(before.groups);
  });

  it('see a change to one column of one row', async () => {
    const before = await snapshot(server.db, ['users']);
    await server.db.query(`UPDATE users SET self_signature = 'changed' WHERE user_id = 'snap-alice'`);
    expect(await snapshot(server.db, ['users'])).not.toEqual(before);
  });
});
