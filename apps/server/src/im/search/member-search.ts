import { type OpRequestParsed, type OpResponse, SearchLimits } from '@liaison/protocol';
import { z } from 'zod';
import { type Sql, toNumber } from '../../db/database';
import { loadAsMember } from '../groups/group-access';
import { type MemberRow, toGroupMember, type UserRow } from '../rows';
import { decodeCursor, encodeCursor, escapeLike } from './cursor';

const memberCursor = z.object({ o: z.number().int().nonnegative(), n: z.number().int().nonnegative() });

/**
 * searchCloudGroupMembers (docs/search.md): members of one group I am in whose userID, nick or
 * name card holds a keyword, any case; those where it is a prefix first, then owner and admins,
 * then by join time. One query over the group's members (their index range) and their users: at
 * 100,000 members it reads the group's rows once instead of the client reading them all.
 */
export async function searchCloudGroupMembers(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'searchCloudGroupMembers'>,
): Promise<OpResponse<'searchCloudGroupMembers'>> {
  const cursor = body.cursor ? decodeCursor(body.cursor, memberCursor) : null;
  await loadAsMember(db, body.groupID, userID);
  const count = body.count ?? SearchLimits.MEMBERS_PAGE_DEFAULT;
  const keywords = body.keywordList.map(escapeLike);
  const rows = await db.query<MemberRow & UserRow & { total: unknown }>(
    `WITH k AS (SELECT ARRAY(SELECT lower(x) FROM unnest($2::text[]) AS x) AS anywhere,
                       ARRAY(SELECT lower(x) FROM unnest($3::text[]) AS x) AS first)
     SELECT m.*, u.nick, u.avatar, ${cursor ? '0' : 'count(*) OVER ()'} AS total
       FROM k, group_members m JOIN users u ON u.user_id = m.user_id
      WHERE m.group_id = $1
        AND (lower(m.user_id) LIKE ANY(k.anywhere) OR lower(u.nick) LIKE ANY(k.anywhere)
             OR lower(m.name_card) LIKE ANY(k.anywhere))
      ORDER BY (lower(m.user_id) LIKE ANY(k.first) OR lower(u.nick) LIKE ANY(k.first)
                OR lower(m.name_card) LIKE ANY(k.first)) DESC,
               m.role_rank, m.join_time, m.user_id
      OFFSET $4 LIMIT $5`,
    [body.groupID, keywords.map((k) => `%${k}%`), keywords.map((k) => `${k}%`), cursor?.o ?? 0, count + 1],
  );
  const total = cursor ? cursor.n : toNumber(rows[0]?.total ?? 0);
  const offset = (cursor?.o ?? 0) + count;
  return {
    memberList: rows.slice(0, count).map(toGroupMember),
    totalCount: total,
    cursor: rows.length > count ? encodeCursor({ o: offset, n: total }) : '',
  };
}
