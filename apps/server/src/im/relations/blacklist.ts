import type { OpRequestParsed, OpResponse } from '@liaison/protocol';
import { type Sql, toNumber } from '../../db/database';
import { leaveFriendGroups } from './friend-groups';
import { lockPairs, RelationChanges, type RelationDeps, relationInvalid, requireUsers, unique } from './relations';

/**
 * The blocklist (docs/friends-and-blocklist.md). A blocked user's one-to-one messages to me are
 * refused (im/relations/c2c-permission.ts) and neither of us can add the other. As the reference does
 * by default, blocking ends the friendship both ways and drops friend requests either way.
 */

/** All or nothing: oneself, someone already blocked (30001) or an unknown user (20003) refuses the whole list. */
export async function addToBlacklist(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'addToBlacklist'>,
): Promise<OpResponse<'addToBlacklist'>> {
  const ids = unique(body.userIDList);
  if (ids.includes(userID)) throw relationInvalid('You cannot block yourself');
  const changes = new RelationChanges();
  await deps.blockers.willBlock(userID);
  await deps.db.transaction(async (tx) => {
    await lockPairs(tx, userID, ids);
    await requireUsers(tx, ids);
    const already = await tx.query<{ blocked_id: string }>(
      'SELECT blocked_id FROM blacklist WHERE user_id = $1 AND blocked_id = ANY($2)',
      [userID, ids],
    );
    if (already.length > 0) {
      throw relationInvalid(`Already in your blocklist: ${already.map((r) => r.blocked_id).join(', ')}`);
    }
    await tx.query(
      'INSERT INTO blacklist (user_id, blocked_id, created_at) SELECT $1, id, $3 FROM unnest($2::text[]) AS id',
      [userID, ids, Date.now()],
    );
    changes.add(userID, 'blacklist');
    const unfriended = await tx.query<{ user_id: string; friend_id: string }>(
      `DELETE FROM friends WHERE (user_id = $1 AND friend_id = ANY($2)) OR (friend_id = $1 AND user_id = ANY($2))
       RETURNING user_id, friend_id`,
      [userID, ids],
    );
    for (const row of unfriended) changes.add(row.user_id, 'friendList');
    const ended = unfriended.map((row) => ({ userID: row.user_id, friendID: row.friend_id }));
    for (const user of await leaveFriendGroups(tx, ended)) changes.add(user, 'friendGroupList');
    const requests = await tx.query<{ from_id: string; to_id: string }>(
      `DELETE FROM friend_applications
        WHERE (from_id = $1 AND to_id = ANY($2)) OR (to_id = $1 AND from_id = ANY($2))
       RETURNING from_id, to_id`,
      [userID, ids],
    );
    for (const row of requests) changes.add(row.from_id === userID ? row.to_id : row.from_id, 'friendApplicationList');
    if (requests.length > 0) changes.add(userID, 'friendApplicationList');
  });
  changes.publish(deps.bus, origin);
  return { userIDList: ids };
}

/** All or nothing: a user not in my blocklist (30001) refuses the whole list. */
export async function removeFromBlacklist(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'removeFromBlacklist'>,
): Promise<OpResponse<'removeFromBlacklist'>> {
  const ids = unique(body.userIDList);
  await deps.db.transaction(async (tx) => {
    const removed = new Set(
      (
        await tx.query<{ blocked_id: string }>(
          'DELETE FROM blacklist WHERE user_id = $1 AND blocked_id = ANY($2) RETURNING blocked_id',
          [userID, ids],
        )
      ).map((r) => r.blocked_id),
    );
    const missing = ids.filter((id) => !removed.has(id));
    // Thrown inside the transaction: nothing of the list is removed.
    if (missing.length > 0) throw relationInvalid(`Not in your blocklist: ${missing.join(', ')}`);
  });
  const changes = new RelationChanges();
  changes.add(userID, 'blacklist');
  changes.publish(deps.bus, origin);
  return { userIDList: ids };
}

/** Most recently blocked first. */
export async function getBlacklist(db: Sql, userID: string): Promise<OpResponse<'getBlacklist'>> {
  return { userIDList: (await blacklistEntries(db, userID)).map((entry) => entry.userID) };
}

/** My blocklist with when each was blocked (milliseconds), most recently blocked first. */
export async function blacklistEntries(db: Sql, userID: string): Promise<Array<{ userID: string; blockedAt: number }>> {
  const rows = await db.query<{ blocked_id: string; created_at: unknown }>(
    'SELECT blocked_id, created_at FROM blacklist WHERE user_id = $1 ORDER BY created_at DESC, blocked_id',
    [userID],
  );
  return rows.map((r) => ({ userID: r.blocked_id, blockedAt: toNumber(r.created_at) }));
}
