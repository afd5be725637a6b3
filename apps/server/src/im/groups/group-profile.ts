import { type GroupMember, GroupType, Limits, type OpRequestParsed } from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { type MemberRow, memberMarksSql, toGroupMember, type UserRow } from '../rows';
import { type CustomField, mergeCustomFields } from './custom-fields';
import { type GroupFacts, invalid, isManager, loadAsMember, noPermission } from './group-access';
import { requireNotificationLength } from './groups';

/** The profile fields a change touched, with their new values (the group tip's newGroupProfile). */
export type ProfileChanges = Partial<{
  name: string;
  introduction: string;
  notification: string;
  avatar: string;
  muteAllMembers: boolean;
  joinOption: string;
  /** The custom fields whose value changed, with the value now ('' when removed). */
  groupCustomField: CustomField[];
}>;

type ColumnField = Exclude<keyof ProfileChanges, 'groupCustomField'>;

/** In a Work group every member may rename it and edit its notice (spec portal.md §6). */
const WORK_MEMBER_FIELDS = new Set(['name', 'notification']);

const COLUMNS: Record<ColumnField, string> = {
  name: 'name',
  introduction: 'introduction',
  notification: 'notification',
  avatar: 'avatar',
  muteAllMembers: 'mute_all',
  joinOption: 'join_option',
};

/**
 * updateGroupProfile: the owner and admins change any field; in a Work group members too, for the
 * name and the notice. The name must keep a visible character once trimmed ('group name cannot
 * be empty'), the notice at most 150 characters; the join option is fixed for Work groups and
 * AVChatRooms; custom fields are merged (an empty value removes a key; over 10 keys is 10004).
 * Returns the fields whose value changed (none: nothing is written); a change moves the group's
 * infoSequence and lastInfoTime.
 */
export async function updateProfile(
  db: Database,
  actorID: string,
  body: OpRequestParsed<'updateGroupProfile'>,
): Promise<{ group: GroupFacts; changes: ProfileChanges }> {
  const asked: ProfileChanges = {};
  if (body.name !== undefined) {
    asked.name = body.name.trim();
    if (asked.name === '') throw invalid('group name cannot be empty');
  }
  if (body.notification !== undefined) {
    requireNotificationLength(body.notification);
    asked.notification = body.notification;
  }
  if (body.introduction !== undefined) asked.introduction = body.introduction;
  if (body.avatar !== undefined) asked.avatar = body.avatar;
  if (body.muteAllMembers !== undefined) asked.muteAllMembers = body.muteAllMembers;
  if (body.joinOption !== undefined) asked.joinOption = body.joinOption;
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, body.groupID, actorID, { lock: true });
    const fields = Object.keys(asked) as ColumnField[];
    const named = body.groupCustomField ? [...fields, 'groupCustomField'] : fields;
    const memberMay = group.type === GroupType.WORK && named.every((field) => WORK_MEMBER_FIELDS.has(field));
    if (!isManager(actor) && !memberMay) throw noPermission('only the owner or an admin may change the group profile');
    if (asked.joinOption !== undefined && (group.type === GroupType.WORK || group.type === GroupType.AVCHATROOM)) {
      throw noPermission(`the join option of a ${group.type} group is fixed`);
    }
    const [current] = await tx.query<Record<string, unknown>>(
      `SELECT ${[...fields.map((f) => COLUMNS[f]), 'custom_fields'].join(', ')} FROM groups WHERE group_id = $1`,
      [body.groupID],
    );
    const changes: ProfileChanges = {};
    for (const field of fields) {
      if (current?.[COLUMNS[field]] !== asked[field]) Object.assign(changes, { [field]: asked[field] });
    }
    const changed = Object.keys(changes) as ColumnField[];
    const custom = body.groupCustomField
      ? mergeCustomFields(current?.custom_fields, body.groupCustomField, Limits.GROUP_CUSTOM_FIELDS_MAX, 'a group')
      : null;
    if (custom && custom.changed.length > 0) changes.groupCustomField = custom.changed;
    if (Object.keys(changes).length > 0) {
      const sets = [
        ...changed.map((f, i) => `${COLUMNS[f]} = $${i + 4}`),
        'custom_fields = COALESCE($2::jsonb, custom_fields)',
        'info_seq = info_seq + 1',
        'last_info_time = $3',
      ];
      await tx.query(`UPDATE groups SET ${sets.join(', ')} WHERE group_id = $1`, [
        body.groupID,
        custom?.changed.length ? JSON.stringify(custom.fields) : null,
        Date.now(),
        ...changed.map((f) => changes[f]),
      ]);
    }
    return {
      group: {
        ...group,
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.muteAllMembers !== undefined ? { muteAll: changes.muteAllMembers } : {}),
      },
      changes,
    };
  });
}

/** getGroupMemberProfile: members only; the users named who are in the group, by key. */
export async function memberProfiles(
  db: Sql,
  actorID: string,
  groupID: string,
  userIDList: readonly string[],
): Promise<GroupMember[]> {
  await loadAsMember(db, groupID, actorID);
  const rows = await db.query<MemberRow & UserRow>(
    `SELECT m.user_id, m.role, m.join_time, m.name_card, m.mute_until, m.custom_fields, u.nick, u.avatar,
            u.self_signature, ${memberMarksSql('m')}
       FROM group_members m JOIN users u ON u.user_id = m.user_id
      WHERE m.group_id = $1 AND m.user_id = ANY($2)
      ORDER BY m.role_rank, m.join_time, m.user_id`,
    [groupID, [...new Set(userIDList)]],
  );
  return rows.map(toGroupMember);
}

/**
 * getGroupOnlineMemberCount: members only; of the users online on any process (presence), how
 * many are in the group, counted by key.
 */
export async function onlineMemberCount(
  db: Sql,
  actorID: string,
  groupID: string,
  onlineUsers: readonly string[],
): Promise<number> {
  await loadAsMember(db, groupID, actorID);
  if (onlineUsers.length === 0) return 0;
  const [row] = await db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM group_members WHERE group_id = $1 AND user_id = ANY($2)',
    [groupID, [...onlineUsers]],
  );
  return Number(row?.n ?? 0);
}
