import { ErrorCode, GroupType, LiaisonError, Limits } from '@liaison/protocol';
import { type Database, type Sql, toNumber } from '../../db/database';
import { mergeCustomFields } from './custom-fields';
import {
  type GroupFacts,
  invalid,
  loadAsMember,
  type MemberFacts,
  membersOf,
  noPermission,
  outranks,
  requireOwner,
} from './group-access';

/**
 * changeGroupOwner: the owner hands the group to another member (so only with more than one
 * member) and becomes a member; the new owner's mute, if any, ends. Not in an AVChatRoom, as the
 * reference (its owner is the host).
 */
export async function changeOwner(
  db: Database,
  actorID: string,
  groupID: string,
  newOwnerID: string,
): Promise<GroupFacts> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, actorID, { lock: true });
    requireOwner(actor, 'transfer the group');
    if (group.type === GroupType.AVCHATROOM) throw noPermission('an AVChatRoom cannot change owner');
    if (newOwnerID === actorID) throw invalid('the new owner must be another member');
    const target = await requireTarget(tx, groupID, newOwnerID);
    await tx.query(
      `UPDATE group_members SET role = CASE WHEN user_id = $2 THEN 'Owner' ELSE 'Member' END,
              mute_until = CASE WHEN user_id = $2 THEN 0 ELSE mute_until END
        WHERE group_id = $1 AND user_id IN ($2, $3)`,
      [groupID, target.userID, actorID],
    );
    await tx.query(
      'UPDATE groups SET owner_id = $2, info_seq = info_seq + 1, last_info_time = $3 WHERE group_id = $1',
      [groupID, newOwnerID, Date.now()],
    );
    return { ...group, ownerID: newOwnerID };
  });
}

/** setGroupMemberRole: the owner makes a member an admin or an admin a member; returns whether the role changed. */
export async function setRole(
  db: Database,
  actorID: string,
  groupID: string,
  userID: string,
  role: 'Admin' | 'Member',
): Promise<{ group: GroupFacts; changed: boolean }> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, actorID, { lock: true });
    requireOwner(actor, 'set admins');
    const target = await requireTarget(tx, groupID, userID);
    if (!outranks(actor, target)) throw noPermission('the owner’s role is not changed this way: transfer the group');
    if (target.role === role) return { group, changed: false };
    await tx.query('UPDATE group_members SET role = $3 WHERE group_id = $1 AND user_id = $2', [groupID, userID, role]);
    return { group, changed: true };
  });
}

/**
 * setGroupMemberMuteTime: muted for muteTime seconds from now, 0 cancels. The owner mutes admins
 * and members, an admin mutes members: nobody mutes an equal or a superior. Not in Work groups
 * (spec portal.md §6: mute management is not offered there). Returns the mute's end (ms, 0: none).
 */
export async function setMute(
  db: Database,
  actorID: string,
  groupID: string,
  userID: string,
  muteTime: number,
): Promise<{ group: GroupFacts; muteUntil: number }> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, actorID, { lock: true });
    if (group.type === GroupType.WORK) throw noPermission('members of a Work group cannot be muted');
    const target = await requireTarget(tx, groupID, userID);
    if (!outranks(actor, target)) throw noPermission('nobody mutes an equal or a superior');
    const muteUntil = muteTime === 0 ? 0 : Date.now() + muteTime * 1000;
    await tx.query('UPDATE group_members SET mute_until = $3 WHERE group_id = $1 AND user_id = $2', [
      groupID,
      userID,
      muteUntil,
    ]);
    return { group, muteUntil };
  });
}

/** The members muted now, by key from the group's members, with the mute's end (ms). */
export async function mutedMembers(db: Sql, groupID: string): Promise<{ userID: string; muteUntil: number }[]> {
  const rows = await db.query<{ user_id: string; mute_until: unknown }>(
    'SELECT user_id, mute_until FROM group_members WHERE group_id = $1 AND mute_until > $2 ORDER BY user_id',
    [groupID, Date.now()],
  );
  return rows.map((r) => ({ userID: r.user_id, muteUntil: toNumber(r.mute_until) }));
}

/** setGroupMemberNameCard: one's own card, or the card of someone ranked below. */
export async function setNameCard(
  db: Database,
  actorID: string,
  groupID: string,
  userID: string,
  nameCard: string,
): Promise<GroupFacts> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, actorID, { lock: true });
    if (userID !== actorID) {
      const target = await requireTarget(tx, groupID, userID);
      if (!outranks(actor, target)) throw noPermission('only a superior may change another member’s name card');
    }
    await tx.query('UPDATE group_members SET name_card = $3 WHERE group_id = $1 AND user_id = $2', [
      groupID,
      userID,
      nameCard,
    ]);
    return group;
  });
}

/**
 * setGroupMemberCustomField: one's own fields, or those of someone ranked below. The fields named
 * are set and an empty value removes its key; more than 5 keys after the change is 10004.
 */
export async function setMemberCustomFields(
  db: Database,
  actorID: string,
  groupID: string,
  userID: string,
  fields: ReadonlyArray<{ key: string; value: string }>,
): Promise<GroupFacts> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, actorID, { lock: true });
    if (userID !== actorID) {
      const target = await requireTarget(tx, groupID, userID);
      if (!outranks(actor, target)) throw noPermission('only a superior may change another member’s custom fields');
    }
    const [row] = await tx.query<{ custom_fields: unknown }>(
      'SELECT custom_fields FROM group_members WHERE group_id = $1 AND user_id = $2',
      [groupID, userID],
    );
    const next = mergeCustomFields(row?.custom_fields, fields, Limits.MEMBER_CUSTOM_FIELDS_MAX, 'a member');
    const stored = JSON.stringify(next.fields);
    await tx.query('UPDATE group_members SET custom_fields = $3::jsonb WHERE group_id = $1 AND user_id = $2', [
      groupID,
      userID,
      stored,
    ]);
    return group;
  });
}

/** The member an operation is about (10011 when they are not in the group). */
async function requireTarget(
  tx: Parameters<typeof membersOf>[0],
  groupID: string,
  userID: string,
): Promise<MemberFacts> {
  const target = (await membersOf(tx, groupID, [userID])).get(userID);
  if (!target) throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER);
  return target;
}
