import {
  type GroupProfile,
  GroupType,
  JoinOption,
  type OpRequestParsed,
  type OpResponse,
  SearchLimits,
} from '@liaison/protocol';
import { z } from 'zod';
import { type Sql, toNumber } from '../../db/database';
import { groupProfilesFor } from '../groups/group-visibility';
import { decodeCursor, encodeCursor, escapeLike, keywordMatch } from './cursor';

/**
 * searchCloudGroups (docs/search.md): groups whose ID is one of the keywords or whose name holds
 * one of them (any case; with keywordListMatchType 'and', every keyword), mine of any type first, then those I could ask to join as
 * searchGroupByID shows them (never Work groups or DisableApply groups of others); dismissed
 * groups never. Paged by an opaque cursor over (mine first, name in any case, groupID).
 *
 * The name match reads the groups table (a substring needs a trigram index, which the embedded
 * database does not have); my memberships are one index lookup, never a scan of member tables.
 */
export async function searchCloudGroups(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'searchCloudGroups'>,
): Promise<OpResponse<'searchCloudGroups'>> {
  const keywords = body.keywordList.map((k) => k.trim()).filter((k) => k !== '');
  const after = body.cursor ? decodeCursor(body.cursor, position) : null;
  const count = body.count ?? SearchLimits.GROUPS_PAGE_DEFAULT;
  // Any keyword: the ID among them or the name like one. Every keyword: each the ID or in the name.
  const matches = keywordMatch(
    body.keywordListMatchType,
    { id: 'g.group_id', name: 'g.name' },
    { words: '$2', patterns: '$3' },
  );
  const rows = await db.query<HitRow>(
    `WITH mine AS (SELECT group_id FROM group_members WHERE user_id = $1),
     hits AS (
       SELECT g.group_id COLLATE "C" AS group_id, lower(g.name) COLLATE "C" AS name,
              CASE WHEN mine.group_id IS NULL THEN 1 ELSE 0 END AS rank
         FROM groups g LEFT JOIN mine ON mine.group_id = g.group_id
        WHERE g.dismissed_at IS NULL
          AND ${matches}
          AND (mine.group_id IS NOT NULL OR (g.type <> $4 AND g.join_option <> $5))
          AND ($6::text[] IS NULL OR g.type = ANY($6))
     )
     SELECT t.total, p.group_id, p.name, p.rank
       FROM (SELECT count(*) AS total FROM hits) t
       LEFT JOIN LATERAL (
         SELECT group_id, name, rank FROM hits
          WHERE $7::int IS NULL OR (rank, name, group_id) > ($7, $8::text COLLATE "C", $9::text COLLATE "C")
          ORDER BY rank, name, group_id
          LIMIT $10
       ) p ON true
      ORDER BY p.rank, p.name, p.group_id`,
    [
      userID,
      keywords,
      keywords.map((k) => `%${escapeLike(k)}%`),
      GroupType.WORK,
      JoinOption.DISABLE_APPLY,
      body.groupTypeList && body.groupTypeList.length > 0 ? body.groupTypeList : null,
      after?.rank ?? null,
      after?.name ?? null,
      after?.groupID ?? null,
      // One more than the page, to know whether another follows.
      count + 1,
    ],
  );
  // One row even past the last hit (with no group), so the total always arrives.
  const hits = rows.filter((r): r is HitRow & { group_id: string; name: string; rank: number } => r.group_id !== null);
  const page = hits.slice(0, count);
  const profiles = await groupProfilesFor(
    db,
    userID,
    page.map((r) => r.group_id),
  );
  const groupList = page.map((r) => profiles.get(r.group_id)).filter((g): g is GroupProfile => g !== undefined);
  const last = page.at(-1);
  return {
    searchResultList: groupList,
    totalCount: toNumber(rows[0]?.total),
    cursor:
      hits.length > count && last ? encodeCursor({ rank: last.rank, name: last.name, groupID: last.group_id }) : '',
  };
}

interface HitRow {
  total: unknown;
  group_id: string | null;
  name: string | null;
  rank: number | null;
}

/** Where a page ended: mine (0) or not (1), the name in lower case, the ID. */
const position = z.object({ rank: z.union([z.literal(0), z.literal(1)]), name: z.string(), groupID: z.string() });
