import { ErrorCode, type OpRequestParsed, type OpResponse, ProfileLimits, SearchLimits } from '@liaison/protocol';
import { z } from 'zod';
import { type Sql, toNumber } from '../../db/database';
import { toProfile, type UserRow, userColumns } from '../rows';
import { decodeCursor, encodeCursor, escapeLike, keywordMatch } from './cursor';

/**
 * searchCloudUsers (docs/search.md, Users), as Tencent's: users whose userID is one of the keywords
 * or whose nick holds it (any case), with 'or' any keyword and with 'and' every one matching; a
 * gender or birthday range narrows them. Exact userID matches first, then by nick and userID,
 * paged by an opaque cursor over that order. Anyone may be found (the caller too, as Tencent
 * searches all users); a result is the profile without its custom fields.
 *
 * The nick match is a scan of users (a substring needs a trigram index, which the embedded
 * database does not have), as searchUsers' is.
 */
export async function searchCloudUsers(
  db: Sql,
  body: OpRequestParsed<'searchCloudUsers'>,
): Promise<OpResponse<'searchCloudUsers'>> {
  const keywords = body.keywordList.map((k) => k.trim());
  const after = body.cursor ? decodeCursor(body.cursor, position, ErrorCode.SEARCH_PARAMS_INVALID) : null;
  const count = body.count ?? SearchLimits.USERS_PAGE_DEFAULT;
  const hasBirthday = body.miniBirthday !== undefined || body.maxBirthday !== undefined;
  const matches = keywordMatch(
    body.keywordListMatchType,
    { id: 'u.user_id', name: 'u.nick' },
    { words: '$1', patterns: '$2' },
  );
  const rows = await db.query<HitRow>(
    `WITH hits AS (
       SELECT ${userColumns('u')}, lower(u.nick) COLLATE "C" AS sort_nick,
              CASE WHEN u.user_id = ANY($1) THEN 0 ELSE 1 END AS rank
         FROM users u
        WHERE (${matches})
          AND ($3::text IS NULL OR u.gender = $3)
          AND ($4::bigint IS NULL OR u.birthday BETWEEN $4 AND $5)
     )
     SELECT t.total, p.*
       FROM (SELECT count(*) AS total FROM hits) t
       LEFT JOIN LATERAL (
         SELECT * FROM hits
          WHERE $6::int IS NULL
             OR (rank, sort_nick, user_id COLLATE "C") > ($6, $7::text COLLATE "C", $8::text COLLATE "C")
          ORDER BY rank, sort_nick, user_id COLLATE "C"
          LIMIT $9
       ) p ON true
      ORDER BY p.rank, p.sort_nick, p.user_id COLLATE "C"`,
    [
      keywords,
      keywords.map((k) => `%${escapeLike(k)}%`),
      body.userGenderType ?? body.gender ?? null,
      hasBirthday ? (body.miniBirthday ?? 0) : null,
      body.maxBirthday ?? ProfileLimits.UINT32_MAX,
      after?.rank ?? null,
      after?.nick ?? null,
      after?.userID ?? null,
      // One more than the page, to know whether another follows.
      count + 1,
    ],
  );
  // One row even past the last hit (with no user), so the total always arrives.
  const hits = rows.filter((r): r is HitRow & FoundRow => r.user_id !== null);
  const page = hits.slice(0, count);
  const last = page.at(-1);
  return {
    searchResultList: page.map((row) => ({ ...toProfile(row), profileCustomField: [] })),
    totalCount: toNumber(rows[0]?.total),
    cursor:
      hits.length > count && last ? encodeCursor({ rank: last.rank, nick: last.sort_nick, userID: last.user_id }) : '',
  };
}

type FoundRow = UserRow & { sort_nick: string; rank: 0 | 1 };
/** Past the last hit the one row has only the total (its user columns are null). */
type HitRow = { total: unknown } & (FoundRow | { user_id: null });

/** Where a page ended: an exact userID match (0) or not (1), the nick in lower case, the userID. */
const position = z.object({ rank: z.union([z.literal(0), z.literal(1)]), nick: z.string(), userID: z.string() });
