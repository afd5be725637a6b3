import { ErrorCode, type GroupApplication, LiaisonError } from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { type GroupFacts, loadAsMember, requireManager } from './group-access';
import { admit } from './group-membership';

/** At most this many requests are listed at once; the oldest first. */
const LISTED_MAX = 1000;

/**
 * The join requests waiting in every group the user owns or administers (getGroupApplicationList),
 * found from the user's memberships (index by user), never from a group's member list.
 */
export async function listApplications(db: Sql, userID: string): Promise<GroupApplication[]> {
  const rows = await db.query<{
    group_id: string;
    name: string;
    applicant: string;
    apply_message: string;
    created_at: unknown;
    nick: string | null;
    avatar: string | null;
  }>(
    `SELECT a.group_id, g.name, a.applicant, a.apply_message, a.created_at, u.nick, u.avatar
       FROM group_members m
       JOIN group_applications a ON a.group_id = m.group_id
       JOIN groups g ON g.group_id = a.group_id
       LEFT JOIN users u ON u.user_id = a.applicant
      WHERE m.user_id = $1 AND m.role_rank < 2
      ORDER BY a.created_at, a.group_id, a.applicant
      LIMIT $2`,
    [userID, LISTED_MAX],
  );
  return rows.map((r) => ({
    applicant: r.applicant,
    applicantNick: r.nick ?? '',
    applicantAvatar: r.avatar ?? '',
    groupID: r.group_id,
    groupName: r.name,
    applicationType: 0,
    userID: '',
    note: r.apply_message,
    time: Math.floor(toNumber(r.created_at) / 1000),
  }));
}

export type HandleOutcome =
  | { action: 'Agree'; group: GroupFacts; joined: boolean }
  | { action: 'Reject'; group: GroupFacts };

/**
 * handleGroupApplication, by the owner or an admin: Agree makes the applicant a member (10014
 * when the group is full; nothing more when they got in meanwhile), Reject drops the request. A
 * request that is not waiting (handled by someone else, or never made) is 10024.
 */
export async function handleApplication(
  db: Database,
  handlerID: string,
  groupID: string,
  applicant: string,
  action: 'Agree' | 'Reject',
): Promise<HandleOutcome> {
  return db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, handlerID, { lock: true });
    requireManager(actor, 'handle join requests');
    const [waiting] = await tx.query(
      'SELECT 1 FROM group_applications WHERE group_id = $1 AND applicant = $2 FOR UPDATE',
      [groupID, applicant],
    );
    if (!waiting) throw new LiaisonError(ErrorCode.GROUP_APPLICATION_HANDLED);
    if (action === 'Reject') {
      await tx.query('DELETE FROM group_applications WHERE group_id = $1 AND applicant = $2', [groupID, applicant]);
      return { action, group };
    }
    const [member] = await tx.query('SELECT 1 FROM group_members WHERE group_id = $1 AND user_id = $2', [
      groupID,
      applicant,
    ]);
    if (member) {
      await tx.query('DELETE FROM group_applications WHERE group_id = $1 AND applicant = $2', [groupID, applicant]);
      return { action, group, joined: false };
    }
    if (group.memberCount >= group.maxMembers) throw new LiaisonError(ErrorCode.GROUP_FULL);
    // Admitting settles the request (groups.addMembers).
    await admit(tx, group, [applicant]);
    return { action, group: { ...group, memberCount: group.memberCount + 1 }, joined: true };
  });
}
