import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type GroupMember,
  type GroupProfile,
  GroupType,
  JoinOption,
  type JoinStatus,
  LiaisonError,
  Limits,
  type OpRequestParsed,
  stripBidiControls,
} from '@liaison/protocol';
import type { Database, Sql } from '../db/database';
import { toNumber } from '../db/database';
import { groupProfilesFor } from './conversations';
import { groupKey } from './keys';
import { type MemberRow, toGroupMember, type UserRow } from './rows';

const DEFAULT_JOIN_OPTION: Record<GroupType, JoinOption> = {
  Private: JoinOption.DISABLE_APPLY,
  Public: JoinOption.NEED_PERMISSION,
  ChatRoom: JoinOption.FREE_ACCESS,
  AVChatRoom: JoinOption.FREE_ACCESS,
  Community: JoinOption.FREE_ACCESS,
};

const MAX_MEMBERS: Record<GroupType, number> = {
  Private: Limits.DEFAULT_MAX_MEMBERS,
  Public: Limits.DEFAULT_MAX_MEMBERS,
  ChatRoom: Limits.DEFAULT_MAX_MEMBERS,
  // spec chat.md §9: AVChatRoom has no member limit.
  AVChatRoom: 2_147_483_647,
  Community: Limits.COMMUNITY_MAX_MEMBERS,
};

/** Meeting groups show history from before joining (spec chat.md §9); the others start at the join. */
const SEES_HISTORY_BEFORE_JOIN = new Set<string>([GroupType.MEETING]);

export async function createGroup(
  db: Database,
  ownerID: string,
  req: OpRequestParsed<'createGroup'>,
): Promise<{ group: GroupProfile; memberIDs: string[] }> {
  const type = req.type;
  // Work groups are invitation only and AVChatRooms are always open, whatever is asked.
  const joinOption =
    type === GroupType.WORK || type === GroupType.AVCHATROOM
      ? DEFAULT_JOIN_OPTION[type]
      : (req.joinOption ?? DEFAULT_JOIN_OPTION[type]);
  const name = stripBidiControls(req.name);
  if (name === '') throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'Invalid parameters: name: no visible character');
  const memberIDs = [...new Set([ownerID, ...(req.memberList ?? []).map((m) => m.userID)])];
  if (memberIDs.length > MAX_MEMBERS[type]) throw new LiaisonError(ErrorCode.GROUP_FULL);
  const now = Date.now();
  const groupID = await db.transaction(async (tx) => {
    const known = await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [memberIDs]);
    if (known.length !== memberIDs.length) {
      const missing = memberIDs.filter((id) => !known.some((k) => k.user_id === id));
      throw new LiaisonError(ErrorCode.USER_NOT_FOUND, `The user does not exist: ${missing.join(', ')}`);
    }
    const groupID = req.groupID ?? generateGroupID();
    const inserted = await tx.query(
      `INSERT INTO groups (group_id, type, name, avatar, introduction, notification, owner_id, join_option,
                           max_members, member_count, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (group_id) DO NOTHING RETURNING group_id`,
      [
        groupID,
        type,
        name,
        req.avatar ?? '',
        req.introduction ?? '',
        req.notification ?? '',
        ownerID,
        joinOption,
        MAX_MEMBERS[type],
        memberIDs.length,
        now,
      ],
    );
    if (inserted.length === 0) throw new LiaisonError(ErrorCode.GROUP_ID_TAKEN);
    await tx.query('INSERT INTO conversations (conv_key) VALUES ($1)', [groupKey(groupID)]);
    await addMembers(tx, groupID, memberIDs, ownerID, { readSeq: 0, floorSeq: 0 }, now);
    return groupID;
  });
  return { group: await getGroupProfile(db, ownerID, groupID), memberIDs };
}

export async function joinGroup(
  db: Database,
  userID: string,
  groupID: string,
): Promise<{ status: JoinStatus; group: GroupProfile }> {
  const status = await db.transaction(async (tx): Promise<JoinStatus> => {
    const [group] = await tx.query<{ type: string; join_option: string; max_members: number; member_count: number }>(
      'SELECT type, join_option, max_members, member_count FROM groups WHERE group_id = $1 FOR UPDATE',
      [groupID],
    );
    if (!group) throw new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
    const [member] = await tx.query('SELECT 1 FROM group_members WHERE group_id = $1 AND user_id = $2', [
      groupID,
      userID,
    ]);
    if (member) return 'AlreadyInGroup';
    if (group.type === GroupType.WORK) {
      throw new LiaisonError(ErrorCode.GROUP_JOIN_UNSUPPORTED, 'Work groups can only be joined by invitation');
    }
    if (group.join_option !== JoinOption.FREE_ACCESS) {
      throw new LiaisonError(
        ErrorCode.GROUP_JOIN_UNSUPPORTED,
        group.join_option === JoinOption.DISABLE_APPLY
          ? 'This group does not accept join requests'
          : 'Joining with approval is not supported yet; ask an admin to add you',
      );
    }
    if (group.member_count >= group.max_members) throw new LiaisonError(ErrorCode.GROUP_FULL);
    const [conv] = await tx.query<{ max_seq: unknown }>('SELECT max_seq FROM conversations WHERE conv_key = $1', [
      groupKey(groupID),
    ]);
    const maxSeq = toNumber(conv?.max_seq);
    const floorSeq = SEES_HISTORY_BEFORE_JOIN.has(group.type) ? 0 : maxSeq;
    await addMembers(tx, groupID, [userID], null, { readSeq: maxSeq, floorSeq }, Date.now());
    await tx.query('UPDATE groups SET member_count = member_count + 1 WHERE group_id = $1', [groupID]);
    return 'JoinedSuccess';
  });
  return { status, group: await getGroupProfile(db, userID, groupID) };
}

export async function quitGroup(db: Database, userID: string, groupID: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [group] = await tx.query<{ type: string; owner_id: string }>(
      'SELECT type, owner_id FROM groups WHERE group_id = $1 FOR UPDATE',
      [groupID],
    );
    if (!group) throw new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
    // Only a Work group can outlive its owner leaving; the others need a transfer or a dismissal first.
    if (group.owner_id === userID && group.type !== GroupType.WORK) {
      throw new LiaisonError(ErrorCode.GROUP_OWNER_CANNOT_QUIT);
    }
    const removed = await tx.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2 RETURNING user_id', [
      groupID,
      userID,
    ]);
    if (removed.length === 0) throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER);
    await tx.query('UPDATE groups SET member_count = member_count - 1 WHERE group_id = $1', [groupID]);
    await tx.query('DELETE FROM user_conversations WHERE user_id = $1 AND conv_key = $2', [userID, groupKey(groupID)]);
  });
}

export async function listGroupIDs(db: Sql, userID: string): Promise<string[]> {
  const rows = await db.query<{ group_id: string }>('SELECT group_id FROM group_members WHERE user_id = $1', [userID]);
  return rows.map((r) => r.group_id);
}

export async function listGroups(db: Sql, userID: string): Promise<GroupProfile[]> {
  const ids = await listGroupIDs(db, userID);
  const profiles = await groupProfilesFor(db, userID, ids);
  return [...profiles.values()].sort((a, b) => a.createTime - b.createTime || a.groupID.localeCompare(b.groupID));
}

/** The group as userID may see it; a group hidden from them is 10007 (see groupAsSeen). */
export async function getGroupProfile(db: Sql, userID: string, groupID: string): Promise<GroupProfile> {
  const group = (await groupProfilesFor(db, userID, [groupID])).get(groupID);
  if (group) return group;
  const [exists] = await db.query('SELECT 1 FROM groups WHERE group_id = $1', [groupID]);
  throw new LiaisonError(exists ? ErrorCode.GROUP_NO_PERMISSION : ErrorCode.GROUP_NOT_FOUND);
}

/** Only members may list the members of a group. */
export async function getMembers(
  db: Sql,
  userID: string,
  groupID: string,
  count: number,
  offset: number,
): Promise<{ memberList: GroupMember[]; offset: number }> {
  const [group] = await db.query<{ member_count: number; member: string | null }>(
    `SELECT g.member_count, m.user_id AS member
       FROM groups g LEFT JOIN group_members m ON m.group_id = g.group_id AND m.user_id = $2
      WHERE g.group_id = $1`,
    [groupID, userID],
  );
  if (!group) throw new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
  if (!group.member) throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER);
  const rows = await db.query<MemberRow & UserRow>(
    `SELECT m.user_id, m.role, m.join_time, m.name_card, u.nick, u.avatar, u.self_signature
       FROM group_members m JOIN users u ON u.user_id = m.user_id
      WHERE m.group_id = $1
      ORDER BY m.join_time, CASE m.role WHEN 'Owner' THEN 0 WHEN 'Admin' THEN 1 ELSE 2 END, m.user_id
      LIMIT $2 OFFSET $3`,
    [groupID, count, offset],
  );
  const next = offset + rows.length;
  return { memberList: rows.map(toGroupMember), offset: next >= group.member_count ? 0 : next };
}

async function addMembers(
  tx: Sql,
  groupID: string,
  userIDs: string[],
  ownerID: string | null,
  start: { readSeq: number; floorSeq: number },
  now: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO group_members (group_id, user_id, role, join_time)
       SELECT $1, u, CASE WHEN u = $3 THEN 'Owner' ELSE 'Member' END, $4 FROM unnest($2::text[]) AS u`,
    [groupID, userIDs, ownerID ?? '', now],
  );
  await tx.query(
    `INSERT INTO user_conversations (user_id, conv_key, conv_type, target, read_seq, floor_seq, updated_at)
       SELECT u, $2, 'GROUP', $3, $4, $5, $6 FROM unnest($1::text[]) AS u
       ON CONFLICT (user_id, conv_key) DO UPDATE
         SET read_seq = EXCLUDED.read_seq, floor_seq = EXCLUDED.floor_seq, hidden = false, updated_at = EXCLUDED.updated_at`,
    [userIDs, groupKey(groupID), groupID, start.readSeq, start.floorSeq, now],
  );
}

function generateGroupID(): string {
  return `@TGS#${randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'A')}`;
}
