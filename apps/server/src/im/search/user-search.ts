import { FriendLimits, type OpRequestParsed, type OpResponse } from '@liaison/protocol';
import type { Sql } from '../../db/database';

/**
 * searchUsers (docs/friends-and-blocklist.md): people to add or message, found by exact userID,
 * portal login name (exact, any case), exact mobile number, or a piece of their nick (any case).
 * Exact matches come first. A mobile number only ever finds its account when given whole, and is
 * never part of the answer; nor is anything saying who blocked the caller. The caller is left out.
 *
 * The nick match is a scan of users (a substring needs a trigram index, which the embedded
 * database does not have); the exact matches use keys and indexes.
 */
export async function searchUsers(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'searchUsers'>,
): Promise<OpResponse<'searchUsers'>> {
  const keyword = body.keyword.trim();
  if (keyword === '') return { userList: [] };
  const rows = await db.query<{ user_id: string; nick: string; avatar: string; self_signature: string }>(
    `WITH hits AS (
       SELECT user_id, 0 AS rank FROM users WHERE user_id = $1
       UNION ALL
       SELECT user_id, 1 FROM portal_accounts WHERE lower(login_name) = lower($1)
       UNION ALL
       SELECT user_id, 1 FROM portal_accounts WHERE mobile = $1
       UNION ALL
       (SELECT user_id, 2 FROM users WHERE nick ILIKE $2 ESCAPE '\\' ORDER BY nick, user_id LIMIT $4)
     )
     SELECT u.user_id, u.nick, u.avatar, u.self_signature
       FROM (SELECT user_id, min(rank) AS rank FROM hits GROUP BY user_id) h
       JOIN users u ON u.user_id = h.user_id
      WHERE u.user_id <> $3
      ORDER BY h.rank, u.nick, u.user_id
      LIMIT $5`,
    // One nick match more than shown, in case the caller is among them.
    [keyword, `%${escapeLike(keyword)}%`, userID, FriendLimits.SEARCH_RESULTS_MAX + 1, FriendLimits.SEARCH_RESULTS_MAX],
  );
  return {
    userList: rows.map((r) => ({
      userID: r.user_id,
      nick: r.nick,
      avatar: r.avatar,
      selfSignature: r.self_signature,
    })),
  };
}

/** The keyword as a literal inside LIKE: its %, _ and \ match only themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
