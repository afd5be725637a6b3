/**
 * Rows written, per table, from PostgreSQL's cumulative statistics (pg_stat_user_tables:
 * n_tup_ins + n_tup_upd + n_tup_del). On PostgreSQL 15 a backend moves its counts to shared memory
 * when it goes idle, but at most once a second (PGSTAT_MIN_INTERVAL): one that goes idle sooner
 * after its previous flush keeps them until its idle timeout, PGSTAT_IDLE_INTERVAL (10 s), fires
 * (pgstat_report_stat in src/backend/utils/activity/pgstat.c). pg_stat_force_next_flush() only
 * flushes the session that calls it, never the server's pooled connections, so it cannot help here:
 * the counters are current once the server has been idle for more than 10 s. A snapshot is taken
 * after that wait, and confirmed by a second reading a second later.
 */
import type pg from 'pg';
import { sleep } from './proc';

export type TableWrites = Record<string, number>;

export interface WritesSnapshot {
  tables: TableWrites;
  /** false when the counters still moved between the two readings (the server was not idle). */
  settled: boolean;
}

async function readWrites(client: pg.Client): Promise<TableWrites> {
  const { rows } = await client.query<{ relname: string; n: string }>(
    'SELECT relname, (n_tup_ins + n_tup_upd + n_tup_del)::text AS n FROM pg_stat_user_tables',
  );
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.n)]));
}

const same = (a: TableWrites, b: TableWrites) =>
  Object.keys({ ...a, ...b }).every((table) => (a[table] ?? 0) === (b[table] ?? 0));

/** The counters once every backend of the (now idle) server has flushed its own. */
export async function settledWrites(client: pg.Client, idleIntervalMs = 10_000): Promise<WritesSnapshot> {
  await sleep(idleIntervalMs + 1500);
  const first = await readWrites(client);
  await sleep(1000);
  const second = await readWrites(client);
  return { tables: second, settled: same(first, second) };
}

/** Rows written per message between two snapshots, per table that changed, and in all. */
export function writesPerMessage(
  before: WritesSnapshot,
  after: WritesSnapshot,
  messages: number,
): { perTable: Record<string, { rows: number; perMessage: number }>; rows: number; perMessage: number | null } {
  const perTable: Record<string, { rows: number; perMessage: number }> = {};
  let rows = 0;
  for (const [table, n] of Object.entries(after.tables)) {
    const delta = n - (before.tables[table] ?? 0);
    if (delta === 0) continue;
    rows += delta;
    perTable[table] = { rows: delta, perMessage: messages > 0 ? round3(delta / messages) : 0 };
  }
  return { perTable, rows, perMessage: messages > 0 ? round3(rows / messages) : null };
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
