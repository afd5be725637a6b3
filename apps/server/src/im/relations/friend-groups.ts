import {
  ErrorCode,
  type FriendGroup,
  FriendLimits,
  LiaisonError,
  type OpRequestParsed,
  type OpResponse,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { RelationChanges, type RelationDeps, relationInvalid, unique } from './relations';

/**
 * Friend groups (docs/friends-and-blocklist.md): named lists of one user's friends, theirs alone.
 * Only friends (in the user's list) may be in one; a friend deleted or blocked leaves them all.
 */

export async function getFriendGroupList(db: Sql, userID: string): Promise<OpResponse<'getFriendGroupList'>> {
  return { friendGroupList: await groupsOf(db, userID) };
}

/** A new group, with those of the users named who are my friends. */
export async function createFriendGroup(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'createFriendGroup'>,
): Promise<OpResponse<'createFriendGroup'>> {
  const asked = unique(body.userIDList ?? []);
  const result = await deps.db.transaction(async (tx) => {
    await lockGroups(tx, userID);
    await createGroup(tx, userID, body.name);
    return addMembers(tx, userID, body.name, asked);
  });
  publish(deps, origin, userID);
  return result;
}

/** The group as it was, its friends taken out (they stay my friends). */
export async function deleteFriendGroup(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'deleteFriendGroup'>,
): Promise<OpResponse<'deleteFriendGroup'>> {
  const friendGroup = await deps.db.transaction(async (tx) => {
    await lockGroups(tx, userID);
    const group = await requireGroup(tx, userID, body.name);
    await tx.query('DELETE FROM friend_group_members WHERE user_id = $1 AND name = $2', [userID, body.name]);
    await tx.query('DELETE FROM friend_groups WHERE user_id = $1 AND name = $2', [userID, body.name]);
    return group;
  });
  publish(deps, origin, userID);
  return { friendGroup };
}

export async function renameFriendGroup(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'renameFriendGroup'>,
): Promise<OpResponse<'renameFriendGroup'>> {
  const friendGroup = await deps.db.transaction(async (tx) => {
    await lockGroups(tx, userID);
    await requireGroup(tx, userID, body.oldName);
    if (body.newName !== body.oldName) {
      if (await hasGroup(tx, userID, body.newName)) throw new LiaisonError(ErrorCode.FRIEND_GROUP_EXISTS);
      await tx.query('UPDATE friend_groups SET name = $3 WHERE user_id = $1 AND name = $2', [
        userID,
        body.oldName,
        body.newName,
      ]);
      await tx.query('UPDATE friend_group_members SET name = $3 WHERE user_id = $1 AND name = $2', [
        userID,
        body.oldName,
        body.newName,
      ]);
    }
    return requireGroup(tx, userID, body.newName);
  });
  publish(deps, origin, userID);
  return { friendGroup };
}

/** My friends among the users named join the group; the others fail with 30001. */
export async function addToFriendGroup(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'addToFriendGroup'>,
): Promise<OpResponse<'addToFriendGroup'>> {
  const result = await deps.db.transaction(async (tx) => {
    await lockGroups(tx, userID);
    await requireGroup(tx, userID, body.name);
    return addMembers(tx, userID, body.name, unique(body.userIDList));
  });
  publish(deps, origin, userID);
  return result;
}

/** Takes the users named out of the group; those who are not my friends fail with 30001. */
export async function removeFromFriendGroup(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'removeFromFriendGroup'>,
): Promise<OpResponse<'removeFromFriendGroup'>> {
  const asked = unique(body.userIDList);
  const result = await deps.db.transaction(async (tx) => {
    await lockGroups(tx, userID);
    await requireGroup(tx, userID, body.name);
    const friends = await friendsAmong(tx, userID, asked);
    await tx.query('DELETE FROM friend_group_members WHERE user_id = $1 AND name = $2 AND friend_id = ANY($3)', [
      userID,
      body.name,
      [...friends],
    ]);
    return {
      friendGroup: await requireGroup(tx, userID, body.name),
      failureUserIDList: asked.filter((id) => !friends.has(id)).map(notAFriend),
    };
  });
  publish(deps, origin, userID);
  return result;
}

/**
 * addFriend({groupName}): once friendID is in userID's list, it joins userID's group of that name,
 * made now when there is none (and when the user is under FRIEND_GROUPS_MAX; past it the friend
 * is added without a group).
 */
export async function joinFriendGroupOnAdd(tx: Sql, userID: string, friendID: string, name: string): Promise<void> {
  if (name === '') return;
  await lockGroups(tx, userID);
  if (!(await hasGroup(tx, userID, name))) {
    const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM friend_groups WHERE user_id = $1', [
      userID,
    ]);
    if ((count?.n ?? 0) >= FriendLimits.FRIEND_GROUPS_MAX) return;
    await tx.query('INSERT INTO friend_groups (user_id, name, created_at) VALUES ($1, $2, $3)', [
      userID,
      name,
      Date.now(),
    ]);
  }
  await tx.query(
    `INSERT INTO friend_group_members (user_id, name, friend_id, added_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [userID, name, friendID, Date.now()],
  );
}

/** A friendship that ended takes the friend out of the user's groups; true when one held them. */
export async function leaveFriendGroups(
  tx: Sql,
  pairs: ReadonlyArray<{ userID: string; friendID: string }>,
): Promise<string[]> {
  if (pairs.length === 0) return [];
  const left = await tx.query<{ user_id: string }>(
    `DELETE FROM friend_group_members m USING jsonb_to_recordset($1::jsonb) AS p(u text, f text)
      WHERE m.user_id = p.u AND m.friend_id = p.f RETURNING m.user_id`,
    [JSON.stringify(pairs.map((p) => ({ u: p.userID, f: p.friendID })))],
  );
  return unique(left.map((r) => r.user_id));
}

async function createGroup(tx: Sql, userID: string, name: string): Promise<void> {
  if (await hasGroup(tx, userID, name)) throw new LiaisonError(ErrorCode.FRIEND_GROUP_EXISTS);
  const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM friend_groups WHERE user_id = $1', [
    userID,
  ]);
  if ((count?.n ?? 0) >= FriendLimits.FRIEND_GROUPS_MAX) {
    throw relationInvalid(`At most ${FriendLimits.FRIEND_GROUPS_MAX} friend groups`);
  }
  await tx.query('INSERT INTO friend_groups (user_id, name, created_at) VALUES ($1, $2, $3)', [
    userID,
    name,
    Date.now(),
  ]);
}

async function addMembers(
  tx: Sql,
  userID: string,
  name: string,
  asked: readonly string[],
): Promise<{ friendGroup: FriendGroup; failureUserIDList: Array<{ userID: string; code: number; message: string }> }> {
  const friends = await friendsAmong(tx, userID, asked);
  const now = Date.now();
  await tx.query(
    `INSERT INTO friend_group_members (user_id, name, friend_id, added_at)
     SELECT $1, $2, f, $4 + o FROM unnest($3::text[]) WITH ORDINALITY AS t(f, o) ON CONFLICT DO NOTHING`,
    [userID, name, asked.filter((id) => friends.has(id)), now],
  );
  return {
    friendGroup: await requireGroup(tx, userID, name),
    failureUserIDList: asked.filter((id) => !friends.has(id)).map(notAFriend),
  };
}

async function friendsAmong(tx: Sql, userID: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.query<{ friend_id: string }>(
    'SELECT friend_id FROM friends WHERE user_id = $1 AND friend_id = ANY($2)',
    [userID, ids],
  );
  return new Set(rows.map((r) => r.friend_id));
}

/** Orders one user's changes to their groups (a create racing another of the same name). */
async function lockGroups(tx: Sql, userID: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`friend-groups\n${userID}`]);
}

async function hasGroup(tx: Sql, userID: string, name: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM friend_groups WHERE user_id = $1 AND name = $2', [userID, name]);
  return rows.length > 0;
}

async function requireGroup(tx: Sql, userID: string, name: string): Promise<FriendGroup> {
  const [group] = await groupsOf(tx, userID, name);
  if (!group) throw new LiaisonError(ErrorCode.FRIEND_GROUP_NOT_FOUND);
  return group;
}

async function groupsOf(db: Sql, userID: string, name?: string): Promise<FriendGroup[]> {
  const rows = await db.query<{ name: string; members: unknown }>(
    `SELECT g.name,
            COALESCE((SELECT json_agg(m.friend_id ORDER BY m.added_at, m.friend_id) FROM friend_group_members m
                       WHERE m.user_id = g.user_id AND m.name = g.name), '[]'::json) AS members
       FROM friend_groups g
      WHERE g.user_id = $1 ${name === undefined ? '' : 'AND g.name = $2'}
      ORDER BY g.created_at, g.name`,
    name === undefined ? [userID] : [userID, name],
  );
  return rows.map((row) => {
    const userIDList = (typeof row.members === 'string' ? JSON.parse(row.members) : row.members) as string[];
    return { name: row.name, userIDList, count: userIDList.length };
  });
}

function publish(deps: RelationDeps, origin: string, userID: string): void {
  const changes = new RelationChanges();
  changes.add(userID, 'friendGroupList', 'friendList');
  changes.publish(deps.bus, origin);
}

function notAFriend(userID: string) {
  return { userID, code: ErrorCode.RELATION_INVALID, message: 'Not in your friend list' };
}
