import { ErrorCode, SYSTEM_SENDER } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../db/database';
import { openDatabase } from '../db/open';
import { c2cPairKey, c2cRefusals } from './c2c-permission';
import { c2cFromEnv } from './c2c-settings';
import { ensureUser } from './users';

/**
 * The send-time rules against a real embedded database: one query for a whole batch, whatever
 * its size, and the right refusal for each pair.
 */
let db: Database;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: null, dataDir: null });
  for (const userID of ['p-alice', 'p-bob', 'p-carol', 'p-mallory']) await ensureUser(db, userID);
  // Alice blocked Mallory; Alice and Bob are friends both ways; Carol has Alice, not back.
  await db.query(`INSERT INTO blacklist (user_id, blocked_id, created_at) VALUES ('p-alice', 'p-mallory', 0)`);
  await db.query(
    `INSERT INTO friends (user_id, friend_id, added_at)
     VALUES ('p-alice', 'p-bob', 0), ('p-bob', 'p-alice', 0), ('p-carol', 'p-alice', 0)`,
  );
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
      { requiresFriendship: false },
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
      { requiresFriendship: true },
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
      { requiresFriendship: true },
    );
    expect(refused.size).toBe(0);
    expect(queries()).toBe(0);
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
