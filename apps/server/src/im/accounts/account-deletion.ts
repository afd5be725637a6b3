import { FriendDeleteType, GroupType, RestError, RestErrorCode } from '@liaison/protocol';
import { userTarget } from '../../bus/bus';
import { changeGroupOwner, dismissGroup, type GroupAdminDeps, quitGroup } from '../groups/group-admin';
import { deleteFriend } from '../relations/friends';
import type { RelationDeps } from '../relations/relations';

export type AccountDeletionDeps = GroupAdminDeps & RelationDeps;

/** No session acts for the administrator: every session of the other side hears of each change. */
const NO_SESSION = '';
/** Friends removed per call, as the SDK's deleteFriend takes them. */
const FRIENDS_PER_CALL = 100;

/**
 * As Tencent's account_delete: the account, its profile and its relation chain go (friends both
 * ways, its blocklist, friend requests either way, its friend groups, follows either way), and with
 * them its conversation list and settings. Its sessions are closed first (KICKED_OUT, REST_API_Kick).
 * It leaves every group as the SDK's quitGroup does; a group it owns passes to an admin, else the
 * longest-standing member, or is dismissed when no one else is in it. Messages it sent stay in
 * others' history. A new login (any valid userSig) starts a new, empty account.
 */
export async function deleteAccount(deps: AccountDeletionDeps, userID: string): Promise<void> {
  const found = await deps.db.query('SELECT 1 FROM users WHERE user_id = $1', [userID]);
  if (found.length === 0) throw new RestError(RestErrorCode.ACCOUNT_NOT_IMPORTED);
  deps.bus.publish([userTarget(userID)], { event: 'kicked', data: { reason: 'restApiKick' }, endUserSessions: true });
  await deps.bus.flush();
  await leaveGroups(deps, userID);
  await dropFriends(deps, userID);
  await deps.db.transaction(async (tx) => {
    for (const sql of [
      'DELETE FROM blacklist WHERE user_id = $1',
      'DELETE FROM friend_applications WHERE from_id = $1 OR to_id = $1',
      'DELETE FROM friend_group_members WHERE user_id = $1 OR friend_id = $1',
      'DELETE FROM friend_groups WHERE user_id = $1',
      'DELETE FROM follows WHERE user_id = $1 OR followed_id = $1',
      'DELETE FROM conversation_group_members WHERE user_id = $1',
      'DELETE FROM conversation_groups WHERE user_id = $1',
      'DELETE FROM user_conversations WHERE user_id = $1',
      'DELETE FROM user_receive_options WHERE user_id = $1',
      'DELETE FROM users WHERE user_id = $1',
    ]) {
      await tx.query(sql, [userID]);
    }
  });
}

async function leaveGroups(deps: AccountDeletionDeps, userID: string): Promise<void> {
  const memberships = await deps.db.query<{ group_id: string; role: string; type: string }>(
    `SELECT m.group_id, m.role, g.type FROM group_members m JOIN groups g ON g.group_id = m.group_id
      WHERE m.user_id = $1 ORDER BY m.group_id`,
    [userID],
  );
  for (const { group_id: groupID, role, type } of memberships) {
    // The SDK lets a Work group's owner quit; any other owner hands the group on first.
    if (role === 'Owner' && type !== GroupType.WORK) {
      const [heir] = await deps.db.query<{ user_id: string }>(
        `SELECT user_id FROM group_members WHERE group_id = $1 AND user_id <> $2
          ORDER BY role_rank, join_time, user_id LIMIT 1`,
        [groupID, userID],
      );
      if (!heir) {
        await dismissGroup(deps, userID, { groupID });
        continue;
      }
      await changeGroupOwner(deps, userID, { groupID, newOwnerID: heir.user_id });
    }
    await quitGroup(deps, userID, { groupID });
  }
}

/** Both ways, so each friend's sessions get FRIEND_LIST_UPDATED. */
async function dropFriends(deps: AccountDeletionDeps, userID: string): Promise<void> {
  const rows = await deps.db.query<{ friend_id: string }>(
    'SELECT friend_id FROM friends WHERE user_id = $1 UNION SELECT user_id FROM friends WHERE friend_id = $1',
    [userID],
  );
  const friends = rows.map((row) => row.friend_id);
  for (let start = 0; start < friends.length; start += FRIENDS_PER_CALL) {
    await deleteFriend(deps, NO_SESSION, userID, {
      userIDList: friends.slice(start, start + FRIENDS_PER_CALL),
      type: FriendDeleteType.BOTH,
    });
  }
}
