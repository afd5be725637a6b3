import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { openPostgres } from '../db/postgres';
import { SqlRateLimiter } from './rate-limiter';

const MINUTE = 60_000;

describe('the shared rate limiter (embedded database)', () => {
  let db: Database;
  let clock = 0;
  let limiter: SqlRateLimiter;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: null, dataDir: null });
    limiter = new SqlRateLimiter(db, () => clock);
  });
  afterAll(() => db.close());

  const hits = async (key: string, n: number, limit: number) => {
    const decisions = [];
    for (let i = 0; i < n; i++) decisions.push(await limiter.hit(key, limit, MINUTE));
    return decisions;
  };

  it('allows up to the limit, then refuses with a retry-after within the window', async () => {
    clock = 10 * MINUTE;
    const decisions = await hits('a', 7, 5);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false]);
    const refused = decisions[6];
    expect(refused?.retryAfterMs).toBeGreaterThan(0);
    expect(refused?.retryAfterMs).toBeLessThanOrEqual(2 * MINUTE);
    expect((await limiter.hit('b', 5, MINUTE)).allowed).toBe(true);
  });

  it('allows the key again once the retry-after has passed, and not before', async () => {
    clock = 20 * MINUTE;
    const decisions = await hits('c', 4, 3);
    const retryAfterMs = decisions[3]?.retryAfterMs ?? 0;
    clock += retryAfterMs - 1_000;
    expect((await limiter.hit('c', 3, MINUTE)).allowed).toBe(false);
    // That refusal did not push the opening back: a refused hit is not counted.
    clock += 1_000;
    expect((await limiter.hit('c', 3, MINUTE)).allowed).toBe(true);
  });

  it('keeps weighing the previous window, so a burst at a window edge is not doubled', async () => {
    clock = 30 * MINUTE - 1;
    expect((await hits('d', 10, 10)).every((d) => d.allowed)).toBe(true);
    clock = 30 * MINUTE + MINUTE / 2;
    // Half of the previous window still counts: 5 of 10 are taken.
    const decisions = await hits('d', 6, 10);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it('takes back an allowed hit when asked', async () => {
    clock = 35 * MINUTE;
    expect((await hits('t', 2, 2)).every((d) => d.allowed)).toBe(true);
    await limiter.takeBack('t', MINUTE);
    expect((await limiter.hit('t', 2, MINUTE)).allowed).toBe(true);
    expect((await limiter.hit('t', 2, MINUTE)).allowed).toBe(false);
  });

  it('counts concurrent hits exactly (one atomic UPSERT each)', async () => {
    clock = 40 * MINUTE;
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('e', 15, MINUTE)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(15);
  });

  it('sweeps counters whose windows are over and keeps the live ones', async () => {
    clock = 50 * MINUTE;
    await limiter.hit('old', 5, MINUTE);
    clock = 53 * MINUTE;
    await limiter.hit('live', 5, MINUTE);
    expect(await limiter.sweep()).toBeGreaterThanOrEqual(1);
    const keys = (await db.query<{ key: string }>('SELECT key FROM rate_limit_counters')).map((r) => r.key);
    expect(keys).toContain(`live@${MINUTE}`);
    expect(keys).not.toContain(`old@${MINUTE}`);
  });
});

describe('the shared rate limiter (PostgreSQL)', () => {
  const adminUrl = 'postgres://postgres@127.0.0.1:5432/test';
  const name = `liaison_limits_${Date.now().toString(36)}_${process.pid}`;
  const dbs: Database[] = [];
  beforeAll(async () => {
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('gives two limiters on separate connections (two processes) one count', async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) dbs.push(await openPostgres(url.toString(), 2));
    const [first, second] = dbs;
    if (!first || !second) throw new Error('two databases expected');
    await migrate(first);
    const a = new SqlRateLimiter(first);
    const b = new SqlRateLimiter(second);
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).hit('shared', 8, MINUTE)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(8);
    expect((await a.hit('shared', 8, MINUTE)).allowed).toBe(false);
    expect((await b.hit('shared', 8, MINUTE)).allowed).toBe(false);
  });
});

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
