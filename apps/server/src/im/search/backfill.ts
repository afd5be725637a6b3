import type { Database } from '../../db/database';
import { toNumber } from '../../db/database';
import { storedTokens, tokensSql } from '../messages/searchable-text';

/** Rows that carry search tokens (searchable-text.ts). */
const INDEXED = `NOT is_revoked AND type IN ('TIMTextElem', 'TIMFileElem', 'TIMLocationElem', 'TIMCustomElem', 'TIMRelayElem')`;
/** Rows still without: the predicate of migration 035's index, so finding none is one index probe. */
const UNTOKENISED = `search_tokens IS NULL AND ${INDEXED}`;
const BATCH = 500;

/**
 * The next batch of rows to tokenize after ($1, $2), $3 at most: every searchable row (`all`) or
 * those still without tokens (exported for its plan's test).
 */
export const nextBatchSql = (all: boolean) => `SELECT conv_key, seq, type, payload, version FROM messages
  WHERE ($1::text IS NULL OR (conv_key, seq) > ($1::text, $2::bigint)) AND ${all ? INDEXED : UNTOKENISED}
  ORDER BY conv_key, seq LIMIT $3`;

export interface IndexRun {
  /** Rows written. */
  indexed: number;
  /** Rows read. */
  scanned: number;
}

/**
 * Writes the search tokens of stored messages, a batch per transaction in key order, so that the
 * database keeps serving sends in between (docs/search.md). Without `all`, only rows without
 * tokens: messages stored before search existed (the start-up back-fill). With `all`, every row
 * again: after the tokenizer changed (`npm run reindex`). A row modified or revoked meanwhile
 * keeps what its change wrote (the update names the version it read).
 */
export async function indexStoredMessages(
  db: Database,
  options: { all?: boolean; shouldStop?: () => boolean; onBatch?: (run: IndexRun) => void } = {},
): Promise<IndexRun> {
  const run: IndexRun = { indexed: 0, scanned: 0 };
  let after: { key: string; seq: number } | null = null;
  while (!options.shouldStop?.()) {
    const rows: Array<{ conv_key: string; seq: unknown; type: string; payload: unknown; version: unknown }> =
      await db.query(nextBatchSql(options.all ?? false), [after?.key ?? null, after?.seq ?? 0, BATCH]);
    if (rows.length === 0) break;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { key: last.conv_key, seq: toNumber(last.seq) };
    run.scanned += rows.length;
    const updated = await db.query(
      `UPDATE messages m SET search_tokens = ${tokensSql('v.st')}
         FROM unnest($1::text[], $2::bigint[], $3::int[], $4::text[]) AS v(k, s, ver, st)
        WHERE m.conv_key = v.k AND m.seq = v.s AND m.version = v.ver AND NOT m.is_revoked
          ${options.all ? '' : 'AND m.search_tokens IS NULL'}
        RETURNING 1`,
      [
        rows.map((r) => r.conv_key),
        rows.map((r) => toNumber(r.seq)),
        rows.map((r) => toNumber(r.version)),
        rows.map((r) => storedTokens(r.type, typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) ?? ''),
      ],
    );
    run.indexed += updated.length;
    options.onBatch?.(run);
    // Let the sends waiting for the database go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return run;
}
