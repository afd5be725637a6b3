import { ErrorCode, SYSTEM_SENDER } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBus } from '../../bus/local-bus';
import type { Database, Sql } from '../../db/database';
import { openDatabase } from '../../db/open';
import { ensureUser } from '../profiles/users';
import { BlockerIndex } from './blockers';
import { c2cPairKey, c2cRefusals } from './c2c-permission';
import { c2cFromEnv } from './c2c-settings';

/**
 * The send-time rules against a real embedded database: one query for a whole batch, whatever
 * its size, and the right refusal for each pair.
 */
let db: Database;
let blockers: BlockerIndex;
const rules = (requiresFriendship: boolean) => ({
  settings: { requiresFriendship },
  mayBlock: (userID: string) => blockers.mayBlock(userID),
});

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: null, dataDir: null });
  for (const userID of ['p-alice', 'p-bob', 'p-carol', 'p-mallory']) await ensureUser(db, userID);
  // Alice blocked Mallory; Alice and Bob are friends both ways; Carol has Alice, not back.
  await db.query(`INSERT INTO blacklist (user_id, blocked_id, created_at) VALUES ('p-alice', 'p-mallory', 0)`);
  await db.query(
    `INSERT INTO friends (user_id, friend_id, added_at)
     VALUES ('p-alice', 'p-bob', 0), ('p-bob', 'p-alice', 0), ('p-carol', 'p-alice', 0)`,
  );
  blockers = new BlockerIndex(db, createLocalBus(), 'test');
  await blockers.start();
});

afterAll(async () => {
  await db.close();
});

function counting(inner: Sql): { sql: Sql; queries: () => number } {
  let count = 0;
  return {
    sql: {
      query(text, params) {
        count++;
        return inner.query(text, params);
      },
    },
    queries: () => count,
  };
}

const send = (sender: string, recipient: string, system?: boolean) => ({ sender, recipient, system });

describe('c2cRefusals', () => {
  it('refuses a blocked sender with 20007 and nobody else, in one query for the whole batch', async () => {
    const { sql, queries } = counting(db);
    const refused = await c2cRefusals(
      sql,
      [send('p-mallory', 'p-alice'), send('p-alice', 'p-mallory'), send('p-bob', 'p-alice'), send('p-carol', 'p-bob')],
      rules(false),
    );
    expect(queries()).toBe(1);
    expect([...refused].map(([pair, error]) => [pair, error.code])).toEqual([
      [c2cPairKey('p-mallory', 'p-alice'), ErrorCode.C2C_SENDER_BLOCKED],
    ]);
  });

  it('with friendship required, refuses everyone but friends both ways with 20009; a block still wins', async () => {
    const refused = await c2cRefusals(
      db,
      [send('p-alice', 'p-bob'), send('p-carol', 'p-alice'), send('p-alice', 'p-carol'), send('p-mallory', 'p-alice')],
      rules(true),
    );
    expect(Object.fromEntries([...refused].map(([pair, error]) => [pair, error.code]))).toEqual({
      [c2cPairKey('p-carol', 'p-alice')]: ErrorCode.C2C_NOT_FRIENDS,
      [c2cPairKey('p-alice', 'p-carol')]: ErrorCode.C2C_NOT_FRIENDS,
      [c2cPairKey('p-mallory', 'p-alice')]: ErrorCode.C2C_SENDER_BLOCKED,
    });
  });

  it('never refuses, nor asks the database about, messages to oneself or the server’s own', async () => {
    const { sql, queries } = counting(db);
    const refused = await c2cRefusals(
      sql,
      [send('p-carol', 'p-carol'), send(SYSTEM_SENDER, 'p-alice'), send('p-mallory', 'p-alice', true)],
      rules(true),
    );
    expect(refused.size).toBe(0);
    expect(queries()).toBe(0);
  });

  it('asks nothing when no recipient blocks anyone and friendship is not required', async () => {
    const { sql, queries } = counting(db);
    const refused = await c2cRefusals(sql, [send('p-alice', 'p-bob'), send('p-mallory', 'p-carol')], rules(false));
    expect(refused.size).toBe(0);
    expect(queries()).toBe(0);
  });
});

describe('the blocker index', () => {
  it('knows the blockers in the table at start, and those announced by any process afterwards', async () => {
    const bus = createLocalBus();
    const here = new BlockerIndex(db, bus, 'test');
    const there = new BlockerIndex(db, bus, 'test');
    await here.start();
    await there.start();
    expect(['p-alice', 'p-bob', 'p-carol'].map((u) => here.mayBlock(u))).toEqual([true, false, false]);
    const otherApp = new BlockerIndex(db, bus, 'other-app');
    await otherApp.start();
    await there.willBlock('p-carol');
    expect(here.mayBlock('p-carol')).toBe(true);
    expect(otherApp.mayBlock('p-carol')).toBe(false);
  });
});

describe('IM_C2C_REQUIRES_FRIENDSHIP', () => {
  it('is off unless set to 1, and refuses anything but 0 or 1', () => {
    expect(c2cFromEnv({})).toEqual({ requiresFriendship: false });
    expect(c2cFromEnv({ IM_C2C_REQUIRES_FRIENDSHIP: '0' })).toEqual({ requiresFriendship: false });
    expect(c2cFromEnv({ IM_C2C_REQUIRES_FRIENDSHIP: '1' })).toEqual({ requiresFriendship: true });
    expect(() => c2cFromEnv({ IM_C2C_REQUIRES_FRIENDSHIP: 'yes' })).toThrow(/must be 0 or 1/);
  });
});
