import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { CONTROL_NO_UNREAD } from '../rows';

/** A reader's unread part of a conversation: above `read`, up to `max`; `uncountedSeq` is its conversations row's. */
export interface UnreadRange {
  key: string;
  read: number;
  max: number;
  uncountedSeq: unknown;
}

/**
 * Unread counts are derived (max_seq − read_seq); messages kept out of them (messageControlInfo's
 * excludedFromUnreadCount, and targeted messages) are subtracted. Only conversations holding such a
 * message above the reader's cursor (conversations.uncounted_seq) are counted, in one query over
 * the partial index of those messages alone; without any, nothing is read. Answers by storage key.
 */
export async function uncountedMessages(db: Sql, ranges: readonly UnreadRange[]): Promise<Map<string, number>> {
  const counted = ranges.filter(
    (r) =>
      r.uncountedSeq !== null && r.uncountedSeq !== undefined && toNumber(r.uncountedSeq) > r.read && r.max > r.read,
  );
  if (counted.length === 0) return new Map();
  const rows = await db.query<{ conv_key: string; n: unknown }>(
    `SELECT v.k AS conv_key, count(*) AS n FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS v(k, r, c)
       JOIN messages m ON m.conv_key = v.k AND m.seq > v.r AND m.seq <= v.c AND ${UNCOUNTED}
      GROUP BY v.k`,
    [counted.map((r) => r.key), counted.map((r) => r.read), counted.map((r) => r.max)],
  );
  return new Map(rows.map((row) => [row.conv_key, toNumber(row.n)]));
}

/**
 * The same count as SQL, for the conversations row `c`: messages above `after` and up to `upTo`
 * kept out of unread counts; 0 without reading anything when there is none above `after`.
 */
export function uncountedSql(after: string, upTo: string): string {
  return `CASE WHEN c.uncounted_seq > ${after} THEN (SELECT count(*) FROM messages m
      WHERE m.conv_key = c.conv_key AND m.seq > ${after} AND m.seq <= ${upTo} AND ${UNCOUNTED}) ELSE 0 END`;
}

/** The partial index messages_uncounted's predicate (migration 045), written alike so it is used. */
const UNCOUNTED = `(m.control & ${CONTROL_NO_UNREAD}) = ${CONTROL_NO_UNREAD}`;
