import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, Sql } from '../../db/database';
import { openDatabase } from '../../db/open';
import { blockersAmong, blocksSql, eitherBlocksSql, hasBlocked } from './blocklist-rule';

/** The rule against a real embedded database: Alice blocked Mallory and Bob, Dave blocked Mallory, Carol blocks nobody. */
let db: Database;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: null, dataDir: null });
  await db.query(
    `INSERT INTO blacklist (user_id, blocked_id, created_at)
     VALUES ('alice', 'mallory', 0), ('alice', 'bob', 0), ('dave', 'mallory', 0)`,
  );
});

afterAll(async () => {
  await db.close();
});

const askEveryone = { mayBlock: () => true };

describe('the pair test', () => {
  it('reads the blocker’s own list only: Mallory may not reach Alice, Alice may still reach Mallory', async () => {
    expect(await hasBlocked(db, 'alice', 'mallory')).toBe(true);
    expect(await hasBlocked(db, 'mallory', 'alice')).toBe(false);
    expect(await hasBlocked(db, 'carol', 'mallory')).toBe(false);
  });

  it('takes the user IDs as parameters: an ID that reads as SQL is only an ID', async () => {
    expect(await hasBlocked(db, "alice' OR true --", 'nobody')).toBe(false);
    expect(await hasBlocked(db, 'alice', "x' OR bl.user_id = 'alice")).toBe(false);
  });
});

describe('the SQL condition', () => {
  it('answers many pairs in one query, one way or either way', async () => {
    const pairs = [
      { a: 'alice', b: 'mallory' },
      { a: 'mallory', b: 'alice' },
      { a: 'carol', b: 'alice' },
    ];
    const rows = await db.query<{ a: string; b: string; blocks: boolean; either: boolean }>(
      `SELECT v.a, v.b, ${blocksSql('v.a', 'v.b')} AS blocks, ${eitherBlocksSql('v.a', 'v.b')} AS either
         FROM jsonb_to_recordset($1::jsonb) AS v(a text, b text)`,
      [JSON.stringify(pairs)],
    );
    expect(rows).toEqual([
      { a: 'alice', b: 'mallory', blocks: true, either: true },
      { a: 'mallory', b: 'alice', blocks: false, either: true },
      { a: 'carol', b: 'alice', blocks: false, either: false },
    ]);
  });
});

describe('the set-wise test', () => {
  it('finds the users who block any of the others, in one query whatever the sizes', async () => {
    const query = vi.spyOn(db, 'query');
    try {
      const blockers = await blockersAmong(
        db,
        ['alice', 'carol', 'dave', 'mallory', 'alice'],
        ['mallory', 'carol', 'mallory'],
        askEveryone,
      );
      expect(blockers).toEqual(new Set(['alice', 'dave']));
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });

  it('does not look up users the hint says block nobody, and asks nothing when nobody is left', async () => {
    expect(await blockersAmong(db, ['alice', 'dave'], ['mallory'], { mayBlock: (id) => id === 'dave' })).toEqual(
      new Set(['dave']),
    );
    const unreachable: Sql = { query: () => Promise.reject(new Error('no query expected')) };
    expect(await blockersAmong(unreachable, ['alice', 'dave'], ['mallory'], { mayBlock: () => false })).toEqual(
      new Set(),
    );
  });
});
