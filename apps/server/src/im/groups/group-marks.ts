import { GroupType, Limits, type OpRequestParsed, type OpResponse } from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { invalid, loadAsMember, noPermission, requireOwner } from './group-access';

/** Tencent marks the members of AVChatRooms; Liaison also those of Communities, its other large groups. */
const MARKED_TYPES: ReadonlySet<string> = new Set([GroupType.AVCHATROOM, GroupType.COMMUNITY]);

/**
 * markGroupMemberList: the owner gives members a mark (1000 and up) or takes it off. A group uses
 * at most 10 marks and a mark is on at most 1,000 members (10004 past either, nothing changed).
 * Users named who are not members fail; the others succeed, marked already or not. Under the
 * group's lock, so the limits hold with many owners' tabs at once; a member's marks go when they
 * leave (the table's foreign key).
 */
export async function markGroupMemberList(
  db: Database,
  actorID: string,
  body: OpRequestParsed<'markGroupMemberList'>,
): Promise<OpResponse<'markGroupMemberList'>> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, body.groupID, actorID, { lock: true });
    if (!MARKED_TYPES.has(group.type)) throw noPermission(`members of a ${group.type} group are not marked`);
    requireOwner(actor, 'mark members');
    const named = [...new Set(body.userIDList)];
    const members = new Set(
      (
        await tx.query<{ user_id: string }>(
          'SELECT user_id FROM group_members WHERE group_id = $1 AND user_id = ANY($2)',
          [body.groupID, named],
        )
      ).map((r) => r.user_id),
    );
    const successUserIDList = body.userIDList.filter((id) => members.has(id));
    const failureUserIDList = body.userIDList.filter((id) => !members.has(id));
    const targets = [...members];
    if (!body.enableMark) {
      await tx.query('DELETE FROM group_member_marks WHERE group_id = $1 AND mark_type = $2 AND user_id = ANY($3)', [
        body.groupID,
        body.markType,
        targets,
      ]);
      return { successUserIDList, failureUserIDList };
    }
    await requireRoom(tx, body.groupID, body.markType, targets);
    await tx.query(
      `INSERT INTO group_member_marks (group_id, mark_type, user_id)
       SELECT $1, $2, u FROM unnest($3::text[]) AS u ON CONFLICT DO NOTHING`,
      [body.groupID, body.markType, targets],
    );
    return { successUserIDList, failureUserIDList };
  });
}

/** A new mark must fit among the group's 10, and the members it gains among its 1,000. */
async function requireRoom(tx: Sql, groupID: string, markType: number, userIDs: readonly string[]): Promise<void> {
  const [row] = await tx.query<{ marks: unknown; marked: unknown; adding: unknown }>(
    `SELECT (SELECT count(DISTINCT mark_type) FROM group_member_marks WHERE group_id = $1 AND mark_type <> $2) AS marks,
            (SELECT count(*) FROM group_member_marks WHERE group_id = $1 AND mark_type = $2) AS marked,
            (SELECT count(*) FROM unnest($3::text[]) AS u
              WHERE NOT EXISTS (SELECT 1 FROM group_member_marks
                                 WHERE group_id = $1 AND mark_type = $2 AND user_id = u)) AS adding`,
    [groupID, markType, [...userIDs]],
  );
  const marked = Number(row?.marked ?? 0);
  const adding = Number(row?.adding ?? 0);
  if (adding === 0) return;
  if (marked === 0 && Number(row?.marks ?? 0) >= Limits.GROUP_MARKS_MAX) {
    throw invalid(`a group uses at most ${Limits.GROUP_MARKS_MAX} marks`);
  }
  if (marked + adding > Limits.MEMBERS_PER_MARK_MAX) {
    throw invalid(`a mark is on at most ${Limits.MEMBERS_PER_MARK_MAX} members`);
  }
}
