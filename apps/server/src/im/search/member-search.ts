import { GroupType, type OpRequestParsed, type OpResponse, SearchLimits } from '@liaison/protocol';
import { z } from 'zod';
import { type Sql, toNumber } from '../../db/database';
import { type MemberRow, memberMarksSql, toGroupMember, type UserRow } from '../rows';
import { decodeCursor, encodeCursor, escapeLike } from './cursor';

const memberCursor = z.object({ o: z.number().int().nonnegative(), n: z.number().int().nonnegative() });

type SearchResult = OpResponse<'searchCloudGroupMembers'>['searchResultList'][number];

/**
 * searchCloudGroupMembers (docs/search.md): members of the groups I am in (those named, of the
 * types named; never AVChatRooms, as Tencent's) whose userID, nick or name card holds a keyword,
 * any case (any keyword, or with 'and' every one). By group, and in each those where a keyword
 * is a prefix first, then owner and admins, then by join time. One query over my memberships (an
 * index lookup) and those groups' members: at 100,000 members it reads a group's rows once
 * instead of the client reading them all. A group named that I am not in finds nobody.
 */
export async function searchCloudGroupMembers(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'searchCloudGroupMembers'>,
): Promise<OpResponse<'searchCloudGroupMembers'>> {
  const cursor = body.cursor ? decodeCursor(body.cursor, memberCursor) : null;
  const count = body.count ?? SearchLimits.MEMBERS_PAGE_DEFAULT;
  const keywords = body.keywordList.map(escapeLike);
  // Any keyword: one LIKE ANY per field. Every keyword: each must be in one of the fields.
  const matches =
    body.keywordListMatchType === 'and'
      ? `NOT EXISTS (SELECT 1 FROM unnest(k.anywhere) AS p
                      WHERE NOT (lower(m.user_id) LIKE p OR lower(u.nick) LIKE p OR lower(m.name_card) LIKE p))`
      : `(lower(m.user_id) LIKE ANY(k.anywhere) OR lower(u.nick) LIKE ANY(k.anywhere)
          OR lower(m.name_card) LIKE ANY(k.anywhere))`;
  const rows = await db.query<
    MemberRow &
      UserRow & { total: unknown; group_id: string; group_name: string; group_type: string; group_avatar: string }
  >(
    `WITH k AS (SELECT ARRAY(SELECT lower(x) FROM unnest($2::text[]) AS x) AS anywhere,
                       ARRAY(SELECT lower(x) FROM unnest($3::text[]) AS x) AS first),
     mine AS (
       SELECT g.group_id, g.name, g.type, g.avatar FROM group_members me JOIN groups g ON g.group_id = me.group_id
        WHERE me.user_id = $1 AND g.dismissed_at IS NULL AND g.type <> $4
          AND ($5::text[] IS NULL OR g.group_id = ANY($5)) AND ($6::text[] IS NULL OR g.type = ANY($6))
     )
     SELECT m.*, u.nick, u.avatar, ${memberMarksSql('m')}, mine.name AS group_name, mine.type AS group_type,
            mine.avatar AS group_avatar, ${cursor ? '0' : 'count(*) OVER ()'} AS total
       FROM k, mine JOIN group_members m ON m.group_id = mine.group_id JOIN users u ON u.user_id = m.user_id
      WHERE ${matches}
      ORDER BY m.group_id,
               (lower(m.user_id) LIKE ANY(k.first) OR lower(u.nick) LIKE ANY(k.first)
                OR lower(m.name_card) LIKE ANY(k.first)) DESC,
               m.role_rank, m.join_time, m.user_id
      OFFSET $7 LIMIT $8`,
    [
      userID,
      keywords.map((k) => `%${k}%`),
      keywords.map((k) => `${k}%`),
      GroupType.AVCHATROOM,
      body.groupIDList ?? null,
      body.groupTypeList && body.groupTypeList.length > 0 ? body.groupTypeList : null,
      cursor?.o ?? 0,
      count + 1,
    ],
  );
  const total = cursor ? cursor.n : toNumber(rows[0]?.total ?? 0);
  const offset = (cursor?.o ?? 0) + count;
  const searchResultList: SearchResult[] = [];
  for (const row of rows.slice(0, count)) {
    let result = searchResultList.at(-1);
    if (result?.groupInfo.groupID !== row.group_id) {
      result = {
        groupInfo: {
          groupID: row.group_id,
          name: row.group_name,
          type: row.group_type as SearchResult['groupInfo']['type'],
          avatar: row.group_avatar,
        },
        memberList: [],
      };
      searchResultList.push(result);
    }
    result.memberList.push(toGroupMember(row));
  }
  return {
    searchResultList,
    totalCount: total,
    cursor: rows.length > count ? encodeCursor({ o: offset, n: total }) : '',
  };
}
