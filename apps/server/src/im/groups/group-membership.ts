import {
  ErrorCode,
  GroupSystemNoticeType,
  GroupType,
  JoinOption,
  type JoinStatus,
  LiaisonError,
} from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { groupKey } from '../messages/keys';
import { leaveTopics } from '../topics/topic-membership';
import {
  type GroupFacts,
  invalid,
  loadAsMember,
  loadGroup,
  membersOf,
  noPermission,
  outranks,
  requireManager,
} from './group-access';
import { addMembers, startFor } from './groups';

/** What joinGroup did: joined now, a request waiting for approval, or nothing (already in). */
export interface JoinOutcome {
  status: JoinStatus;
  group: GroupFacts;
}

/**
 * joinGroup by type and join option: Work groups take no one this way (10022), nor a group that
 * refuses applications (DisableApply); a Public group that needs permission records a join request
 * (WaitAdminApproval; asking again replaces its message); every other group lets the user in
 * (Meeting, Community and AVChatRoom have no approval step, spec chat.md §9).
 */
export async function joinOrApply(
  db: Database,
  userID: string,
  groupID: string,
  applyMessage: string,
): Promise<JoinOutcome> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadGroup(tx, groupID, userID, { lock: true });
    if (actor) return { status: 'AlreadyInGroup', group };
    if (group.type === GroupType.WORK) {
      throw new LiaisonError(ErrorCode.GROUP_JOIN_UNSUPPORTED, 'Work groups can only be joined by invitation');
    }
    if (group.joinOption === JoinOption.DISABLE_APPLY && group.type !== GroupType.AVCHATROOM) {
      throw new LiaisonError(ErrorCode.GROUP_JOIN_UNSUPPORTED, 'This group does not accept join requests');
    }
    if (group.memberCount >= group.maxMembers) throw new LiaisonError(ErrorCode.GROUP_FULL);
    if (group.type === GroupType.PUBLIC && group.joinOption === JoinOption.NEED_PERMISSION) {
      await tx.query(
        `INSERT INTO group_applications (group_id, applicant, apply_message, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (group_id, applicant) DO UPDATE SET apply_message = EXCLUDED.apply_message, created_at = EXCLUDED.created_at`,
        [groupID, userID, applyMessage, Date.now()],
      );
      return { status: 'WaitAdminApproval', group };
    }
    await admit(tx, group, [userID]);
    return { status: 'JoinedSuccess', group: { ...group, memberCount: group.memberCount + 1 } };
  });
}

/**
 * Adds members to a locked group: their view starts now (or at the beginning in Meeting groups),
 * and the member count follows. The caller has checked the room left.
 */
export async function admit(tx: Sql, group: GroupFacts, userIDs: string[]): Promise<void> {
  const [conv] = await tx.query<{ max_seq: unknown }>('SELECT max_seq FROM conversations WHERE conv_key = $1', [
    groupKey(group.groupID),
  ]);
  await addMembers(tx, group.groupID, userIDs, null, startFor(group.type, toNumber(conv?.max_seq)), Date.now());
  await tx.query('UPDATE groups SET member_count = member_count + $2 WHERE group_id = $1', [
    group.groupID,
    userIDs.length,
  ]);
}

export interface AddOutcome {
  group: GroupFacts;
  successUserIDList: string[];
  failureUserIDList: string[];
  existedUserIDList: string[];
}

/**
 * addGroupMember: in a Work group any member invites; in Public, Meeting and Community groups the
 * owner and admins; nobody adds to an AVChatRoom (everyone may join it). Unknown users are
 * failures, members already in are listed apart; if the rest do not fit, nothing is done (10014).
 */
export async function addGroupMembers(
  db: Database,
  actorID: string,
  groupID: string,
  userIDList: readonly string[],
): Promise<AddOutcome> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, actorID, { lock: true });
    if (group.type === GroupType.AVCHATROOM) throw noPermission('members cannot be added to an AVChatRoom');
    if (group.type !== GroupType.WORK) requireManager(actor, 'add members to this group');
    const wanted = [...new Set(userIDList)];
    const existing = await membersOf(tx, groupID, wanted);
    const known = new Set(
      (await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [wanted])).map(
        (r) => r.user_id,
      ),
    );
    const successUserIDList = wanted.filter((id) => known.has(id) && !existing.has(id));
    if (group.memberCount + successUserIDList.length > group.maxMembers) throw new LiaisonError(ErrorCode.GROUP_FULL);
    if (successUserIDList.length > 0) await admit(tx, group, successUserIDList);
    return {
      group: { ...group, memberCount: group.memberCount + successUserIDList.length },
      successUserIDList,
      failureUserIDList: wanted.filter((id) => !known.has(id)),
      existedUserIDList: wanted.filter((id) => existing.has(id)),
    };
  });
}

/**
 * deleteGroupMember: the owner and admins remove members ranked below them (an admin removes
 * neither the owner nor another admin); not in an AVChatRoom; every user named must be a member
 * (10011) and nobody removes themselves (quitGroup is for that). All or nothing.
 */
export async function removeGroupMembers(
  db: Database,
  actorID: string,
  groupID: string,
  userIDList: readonly string[],
): Promise<{ group: GroupFacts; userIDList: string[] }> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, actorID, { lock: true });
    if (group.type === GroupType.AVCHATROOM) throw noPermission('members cannot be removed from an AVChatRoom');
    requireManager(actor, 'remove members');
    const targets = [...new Set(userIDList)];
    if (targets.includes(actorID)) throw invalid('you cannot remove yourself: quit the group instead');
    const members = await membersOf(tx, groupID, targets);
    const missing = targets.filter((id) => !members.has(id));
    if (missing.length > 0) {
      throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER, `The user is not in the group: ${missing.join(', ')}`);
    }
    for (const member of members.values()) {
      if (!outranks(actor, member)) throw noPermission(`${member.userID} is a ${member.role.toLowerCase()}`);
    }
    await depart(tx, group, targets, GroupSystemNoticeType.KICKED_OUT);
    return { group: { ...group, memberCount: group.memberCount - targets.length }, userIDList: targets };
  });
}

/** quitGroup: the owner of any type but Work transfers ownership or dismisses the group first (10009). */
export async function quit(db: Database, userID: string, groupID: string): Promise<GroupFacts> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, userID, { lock: true });
    if (actor.role === 'Owner' && group.type !== GroupType.WORK) {
      throw new LiaisonError(ErrorCode.GROUP_OWNER_CANNOT_QUIT);
    }
    await depart(tx, group, [userID], GroupSystemNoticeType.QUIT);
    return { ...group, memberCount: group.memberCount - 1 };
  });
}

/**
 * dismissGroup: the owner ends the group, except a Work group (spec portal.md §6). Every member
 * keeps the conversation up to now with operationType 5; the group stays as a tombstone (10010
 * from then on, its ID never reused).
 */
export async function dismiss(db: Database, userID: string, groupID: string): Promise<{ group: GroupFacts }> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, userID, { lock: true });
    if (actor.role !== 'Owner') throw noPermission('only the owner may dismiss the group');
    if (group.type === GroupType.WORK) throw noPermission('a Work group cannot be dismissed');
    const now = Date.now();
    await tx.query(
      `UPDATE user_conversations uc
          SET ceiling_seq = c.max_seq, operation_type = $3, updated_at = $4
         FROM group_members m, conversations c
        WHERE m.group_id = $1 AND uc.user_id = m.user_id AND uc.conv_key = $2 AND c.conv_key = $2`,
      [groupID, groupKey(groupID), GroupSystemNoticeType.DISMISSED, now],
    );
    await leaveTopics(tx, groupID, null);
    await tx.query('DELETE FROM group_members WHERE group_id = $1', [groupID]);
    await tx.query('DELETE FROM group_applications WHERE group_id = $1', [groupID]);
    await tx.query('UPDATE groups SET dismissed_at = $2, member_count = 0 WHERE group_id = $1', [groupID, now]);
    return { group };
  });
}

/**
 * Members leave (removed or quit): they stop being members at once, and keep their conversation
 * up to its head now (ceiling) with the reason (operationType).
 */
async function depart(tx: Sql, group: GroupFacts, userIDs: string[], operationType: number): Promise<void> {
  await leaveTopics(tx, group.groupID, userIDs);
  await tx.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = ANY($2)', [group.groupID, userIDs]);
  await tx.query('UPDATE groups SET member_count = member_count - $2 WHERE group_id = $1', [
    group.groupID,
    userIDs.length,
  ]);
  await tx.query(
    `UPDATE user_conversations uc SET ceiling_seq = c.max_seq, operation_type = $3, updated_at = $4
       FROM conversations c
      WHERE c.conv_key = uc.conv_key AND uc.conv_key = $1 AND uc.user_id = ANY($2)`,
    [groupKey(group.groupID), userIDs, operationType, Date.now()],
  );
}
