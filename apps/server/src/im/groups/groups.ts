import { randomBytes } from 'node:crypto';
import {
  CALLER_NOT_IN_GROUP_MESSAGE,
  COMMUNITY_ID_PREFIX,
  ErrorCode,
  type GroupMember,
  type GroupProfile,
  type GroupRole,
  GroupType,
  isTopicID,
  JoinOption,
  LiaisonError,
  Limits,
  type OpRequestParsed,
} from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { groupKey } from '../messages/keys';
import { type MemberRow, memberMarksSql, toGroupMember, type UserRow } from '../rows';
import { mergeCustomFields } from './custom-fields';
import { groupProfilesFor } from './group-visibility';

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
export const SEES_HISTORY_BEFORE_JOIN = new Set<string>([GroupType.MEETING]);

/** Where a new member's view of the group starts: read up to now, and history before it hidden but in Meeting groups. */
export function startFor(type: string, maxSeq: number): { readSeq: number; floorSeq: number } {
  return { readSeq: maxSeq, floorSeq: SEES_HISTORY_BEFORE_JOIN.has(type) ? 0 : maxSeq };
}

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
  requireCommunityID(type, req.groupID);
  const name = req.name.trim();
  if (name === '') throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'Invalid parameters: name: no visible character');
  requireNotificationLength(req.notification ?? '');
  const memberIDs = [...new Set([ownerID, ...(req.memberList ?? []).map((m) => m.userID)])];
  const admins = (req.memberList ?? []).filter((m) => m.role === 'Admin' && m.userID !== ownerID).map((m) => m.userID);
  const maxMembers = req.maxMemberNum ?? MAX_MEMBERS[type];
  if (maxMembers > MAX_MEMBERS[type]) {
    throw new LiaisonError(
      ErrorCode.GROUP_INVALID_PARAMS,
      `maxMemberNum: at most ${MAX_MEMBERS[type]} in a ${type} group`,
    );
  }
  if (memberIDs.length > maxMembers) throw new LiaisonError(ErrorCode.GROUP_FULL);
  const { fields } = mergeCustomFields([], req.groupCustomField ?? [], Limits.GROUP_CUSTOM_FIELDS_MAX, 'a group');
  const now = Date.now();
  const groupID = await db.transaction(async (tx) => {
    const known = await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [memberIDs]);
    if (known.length !== memberIDs.length) {
      const missing = memberIDs.filter((id) => !known.some((k) => k.user_id === id));
      throw new LiaisonError(ErrorCode.USER_NOT_FOUND, `The user does not exist: ${missing.join(', ')}`);
    }
    const groupID = req.groupID ?? communityPrefix(type) + generateGroupID();
    const inserted = await tx.query(
      `INSERT INTO groups (group_id, type, name, avatar, introduction, notification, owner_id, join_option,
                           max_members, member_count, created_at, is_support_topic, custom_fields, last_info_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $11)
       ON CONFLICT (group_id) DO NOTHING RETURNING group_id`,
      [
        groupID,
        type,
        name,
        req.avatar ?? '',
        req.introduction ?? '',
        req.notification ?? '',
        ownerID,
        joinOption,
        maxMembers,
        memberIDs.length,
        now,
        type === GroupType.COMMUNITY && req.isSupportTopic === true,
        JSON.stringify(fields),
      ],
    );
    if (inserted.length === 0) throw new LiaisonError(ErrorCode.GROUP_ID_TAKEN);
    await tx.query('INSERT INTO conversations (conv_key) VALUES ($1)', [groupKey(groupID)]);
    await addMembers(tx, groupID, memberIDs, ownerID, { readSeq: 0, floorSeq: 0 }, now);
    if (admins.length > 0) {
      await tx.query(`UPDATE group_members SET role = 'Admin' WHERE group_id = $1 AND user_id = ANY($2)`, [
        groupID,
        admins,
      ]);
    }
    return groupID;
  });
  return { group: await getGroupProfile(db, ownerID, groupID), memberIDs };
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
  const [exists] = await db.query('SELECT 1 FROM groups WHERE group_id = $1 AND dismissed_at IS NULL', [groupID]);
  throw new LiaisonError(exists ? ErrorCode.GROUP_NO_PERMISSION : ErrorCode.GROUP_NOT_FOUND);
}

/** Which members a page lists: of one role, or with one mark (0 or absent: every member). */
export interface MemberFilter {
  role?: GroupRole;
  markType?: number;
}

/** Only members may list the members of a group. */
export async function getMembers(
  db: Sql,
  userID: string,
  groupID: string,
  count: number,
  offset: number,
  { role, markType }: MemberFilter = {},
): Promise<{ memberList: GroupMember[]; offset: number }> {
  const [group] = await db.query<{ member_count: number; member: string | null }>(
    `SELECT g.member_count, m.user_id AS member
       FROM groups g LEFT JOIN group_members m ON m.group_id = g.group_id AND m.user_id = $2
      WHERE g.group_id = $1 AND g.dismissed_at IS NULL`,
    [groupID, userID],
  );
  if (!group) throw new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
  if (!group.member) throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER, CALLER_NOT_IN_GROUP_MESSAGE);
  // The owner, then admins, then members, each by join time: the order of an index
  // (group_members_in_order), so a page deep into a 100,000-member group reads no table rows before it.
  // A mark starts from its members instead (at most MEMBERS_PER_MARK_MAX, each read by key): the
  // LIMIT keeps the planner from joining them to a scan of the whole group.
  const members = markType
    ? `(SELECT gm.* FROM group_member_marks k CROSS JOIN LATERAL
          (SELECT * FROM group_members WHERE group_id = k.group_id AND user_id = k.user_id LIMIT 1) gm
         WHERE k.group_id = $1 AND k.mark_type = $5) g`
    : 'group_members g';
  const rows = await db.query<MemberRow & UserRow>(
    `SELECT m.user_id, m.role, m.join_time, m.name_card, m.mute_until, m.custom_fields, u.nick, u.avatar,
            u.self_signature, ${memberMarksSql('m')}
       FROM (SELECT g.group_id, g.user_id, g.role, g.join_time, g.name_card, g.mute_until, g.custom_fields, g.role_rank
               FROM ${members}
              WHERE g.group_id = $1 AND ($4::text IS NULL OR g.role = $4)
              ORDER BY g.role_rank, g.join_time, g.user_id LIMIT $2 OFFSET $3) m
       JOIN users u ON u.user_id = m.user_id
      ORDER BY m.role_rank, m.join_time, m.user_id`,
    [groupID, count, offset, role ?? null, ...(markType ? [markType] : [])],
  );
  const next = offset + rows.length;
  const isLast = rows.length < count || next >= group.member_count;
  return { memberList: rows.map(toGroupMember), offset: isLast ? 0 : next };
}

/**
 * Makes the users members (role Member, or Owner for ownerID) with their view of the group
 * starting at `start`. Someone who had left gets their conversation back as a member's: no
 * ceiling, no reason for leaving. A waiting join request of theirs is settled by it.
 */
export async function addMembers(
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
         SET read_seq = EXCLUDED.read_seq, floor_seq = EXCLUDED.floor_seq, hidden = false, updated_at = EXCLUDED.updated_at,
             ceiling_seq = NULL, operation_type = 0`,
    [userIDs, groupKey(groupID), groupID, start.readSeq, start.floorSeq, now],
  );
  await tx.query('DELETE FROM group_applications WHERE group_id = $1 AND applicant = ANY($2)', [groupID, userIDs]);
}

/** spec portal.md §5: a notice holds at most 150 characters (10004 with the spec's text). */
export function requireNotificationLength(notification: string): void {
  if ([...notification].length > Limits.GROUP_NOTIFICATION_MAX_CHARS) {
    throw new LiaisonError(
      ErrorCode.GROUP_INVALID_PARAMS,
      `group notice exceeds the limit, max length ${Limits.GROUP_NOTIFICATION_MAX_CHARS}`,
    );
  }
}

/**
 * Tencent's rule for group IDs, half of it: no group but a community may take an ID starting
 * with @TGS#_, and none may take a topic's (2602, its SDK's code and ours). A community is made
 * with the prefix when no ID is given; one given without it is kept, since communities made
 * before topics (and Liaison's own tests and benches) have such IDs.
 */
function requireCommunityID(type: GroupType, groupID: string | undefined): void {
  if (groupID === undefined) return;
  if ((type !== GroupType.COMMUNITY && groupID.startsWith(COMMUNITY_ID_PREFIX)) || isTopicID(groupID)) {
    throw new LiaisonError(ErrorCode.ILLEGAL_GRP_ID);
  }
}

function communityPrefix(type: GroupType): string {
  return type === GroupType.COMMUNITY ? COMMUNITY_ID_PREFIX : '';
}

function generateGroupID(): string {
  return `@TGS#${randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'A')}`;
}
