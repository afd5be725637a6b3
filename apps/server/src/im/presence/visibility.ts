import type { Sql } from '../../db/database';
import { blocksSql } from '../relations/blocklist-rule';

/** One user asking about another's online status. */
export interface StatusViewing {
  viewer: string;
  target: string;
}

/**
 * Which of these viewers may see the target's online status, in one query: never someone the
 * target blocked; otherwise oneself, the target's friends and those sharing a group with the
 * target, or anyone when the deployment shows status to strangers. Answers the allowed pairs,
 * keyed by viewingKey. Everyone else is told the target is offline.
 */
export async function visibleViewings(
  db: Sql,
  viewings: readonly StatusViewing[],
  isVisibleToStrangers: boolean,
): Promise<Set<string>> {
  if (viewings.length === 0) return new Set();
  const rows = await db.query<{ viewer: string; target: string }>(
    `SELECT v.viewer, v.target
       FROM jsonb_to_recordset($1::jsonb) AS v(viewer text, target text)
      WHERE v.viewer = v.target
         OR (NOT ${blocksSql('v.target', 'v.viewer')}
             AND ($2::boolean
                  OR EXISTS (SELECT 1 FROM friends f WHERE f.user_id = v.target AND f.friend_id = v.viewer)
                  OR EXISTS (SELECT 1 FROM group_members mine
                               JOIN group_members theirs ON theirs.group_id = mine.group_id
                              WHERE mine.user_id = v.viewer AND theirs.user_id = v.target)))`,
    [JSON.stringify(viewings), isVisibleToStrangers],
  );
  return new Set(rows.map((row) => viewingKey(row.viewer, row.target)));
}

export function viewingKey(viewer: string, target: string): string {
  return `${viewer}\n${target}`;
}
