import type { Sql } from '../../db/database';

/**
 * The blocklist rule, the one place it is written (docs/friends-and-blocklist.md): a user's
 * blocklist stops what the people in it direct at them. It reads one way, the blocker's own list:
 * a one-to-one send (20007), a call's ring, typing and the sight of the blocker's online status
 * are stopped when the one reached blocked the one reaching, never because the one reaching blocked
 * them. Friendship reads both lists (each side's block refuses with its own code), and an agreed
 * cooperation makes friends only when neither blocked the other (`eitherBlocksSql`).
 */

/** Who can have anyone in their blocklist (blockers.ts): a user who blocks nobody is not looked up. */
export interface BlockerHint {
  /** False only when `userID` has nobody in their blocklist. */
  mayBlock(userID: string): boolean;
}

/** The pair test: whether `blocker` has `blocked` in their blocklist, i.e. `blocked` may not reach `blocker`. */
export async function hasBlocked(db: Sql, blocker: string, blocked: string): Promise<boolean> {
  const [row] = await db.query<{ blocked: boolean }>(`SELECT ${blocksSql('$1', '$2')} AS blocked`, [blocker, blocked]);
  return row?.blocked === true;
}

/**
 * The set-wise test, in one query whatever the sizes: which of `users` have any of `others` in
 * their blocklist. Users who block nobody (`hint`) are not looked up, and with nobody left there is
 * no query at all.
 */
export async function blockersAmong(
  db: Sql,
  users: readonly string[],
  others: readonly string[],
  hint: BlockerHint,
): Promise<Set<string>> {
  const candidates = [...new Set(users)].filter((id) => hint.mayBlock(id));
  if (candidates.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `SELECT u.id FROM unnest($1::text[]) AS u(id)
      WHERE EXISTS (SELECT 1 FROM unnest($2::text[]) AS o(id) WHERE ${blocksSql('u.id', 'o.id')})`,
    [candidates, [...new Set(others)]],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The set-wise SQL condition: true when `blocker` has `blocked` in their blocklist. Both are SQL
 * expressions (parameters, or columns of the outer query, so one query answers many pairs), never
 * user input.
 */
export function blocksSql(blocker: string, blocked: string): string {
  return `EXISTS (SELECT 1 FROM blacklist bl WHERE bl.user_id = ${blocker} AND bl.blocked_id = ${blocked})`;
}

/** `blocksSql` both ways: true when either of `a` and `b` has the other in their blocklist. */
export function eitherBlocksSql(a: string, b: string): string {
  return `(${blocksSql(a, b)} OR ${blocksSql(b, a)})`;
}
