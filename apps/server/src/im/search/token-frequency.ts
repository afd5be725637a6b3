import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { queryTokens } from '../messages/tokens';

/**
 * How many stored messages a keyword query could match, from the statistics ANALYZE keeps on
 * `messages.search_tokens` (its most common lexemes and their frequencies). Global search asks it
 * to choose a plan (im/search/message-search.ts): the token index only pays for queries that match
 * few messages in all. An upper bound, never exact; null when the database has no statistics yet
 * (PGlite has no autovacuum: until something runs ANALYZE there are none).
 */
export interface TokenStats {
  /** Rows in `messages`, as the planner believes. */
  rows: number;
  /** Frequency (0–1) of each common lexeme. */
  common: Map<string, number>;
  /** Frequency of the least common lexeme listed: no lexeme outside the list is more common. */
  floor: number;
}

const STATS_TTL_MS = 10 * 60_000;
const cached = new WeakMap<Sql, { at: number; stats: Promise<TokenStats | null> }>();

/** This database's statistics, read again at most every ten minutes. */
export function tokenStats(db: Sql, now = Date.now()): Promise<TokenStats | null> {
  const entry = cached.get(db);
  if (entry && now - entry.at < STATS_TTL_MS) return entry.stats;
  const stats = readTokenStats(db);
  cached.set(db, { at: now, stats });
  // A failed read is asked again next time, not remembered for ten minutes.
  stats.catch(() => cached.delete(db));
  return stats;
}

async function readTokenStats(db: Sql): Promise<TokenStats | null> {
  const [row] = await db.query<{ elems: string[] | null; freqs: number[] | null; rows: unknown }>(
    `SELECT s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs,
            (SELECT reltuples FROM pg_class WHERE oid = 'messages'::regclass) AS rows
       FROM pg_stats s
      WHERE s.schemaname = current_schema() AND s.tablename = 'messages' AND s.attname = 'search_tokens'`,
  );
  if (!row?.elems || !row.freqs || toNumber(row.rows) <= 0) return null;
  const common = new Map<string, number>();
  row.elems.forEach((lexeme, i) => {
    common.set(lexeme, Number(row.freqs?.[i]));
  });
  // After the per-lexeme frequencies PostgreSQL appends the minimum, the maximum and the null fraction.
  const floor = Number(row.freqs[row.elems.length]);
  return { rows: toNumber(row.rows), common, floor: Number.isFinite(floor) ? floor : 0 };
}

/**
 * At most how many rows the token index would hand over for the keywords. A keyword matches no
 * more messages than its rarest token; a prefix is as common as all the listed lexemes it starts,
 * plus the floor, and the index reads every one of them, whatever the other tokens. Keywords joined
 * by 'and' match no more than the rarest keyword, by 'or' no more than all of them together.
 */
export function indexRows(stats: TokenStats, keywords: readonly string[], matchAll: boolean): number {
  const perKeyword = keywords.map((keyword) => {
    const { exact, prefix } = queryTokens(keyword);
    const prefixes = prefix.map((start) => {
      let sum = stats.floor;
      for (const [lexeme, frequency] of stats.common) if (lexeme.startsWith(start)) sum += frequency;
      return sum;
    });
    const matched = Math.min(1, ...exact.map((token) => stats.common.get(token) ?? stats.floor), ...prefixes);
    return Math.max(matched, ...prefixes) * stats.rows;
  });
  return matchAll ? Math.min(...perKeyword) : perKeyword.reduce((sum, n) => sum + n, 0);
}

/** Reads the statistics afresh on the next search (after ANALYZE). */
export function forgetTokenStats(db: Sql): void {
  cached.delete(db);
}
