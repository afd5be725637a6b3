import {
  AdminForbidType,
  AllowType,
  ErrorCode,
  FriendAddType,
  FriendCheckType,
  FriendDeleteType,
  FriendRelation,
  LiaisonError,
  type OpRequestParsed,
  type OpResponse,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { blocksSql } from './blocklist-rule';
import { joinFriendGroupOnAdd, leaveFriendGroups } from './friend-groups';
import {
  dropApplications,
  friendsOf,
  insertFriends,
  linksBothWays,
  lockPairs,
  type NewFriendRow,
  pairOf,
  RelationChanges,
  type RelationDeps,
  relationInvalid,
  requireUsers,
  unique,
} from './relations';

/**
 * Friend lists (docs/friends-and-blocklist.md): one row per direction, so "B is in A's list" and
 * "A is in B's list" are separate facts, as the reference keeps them. Only both-way counts as
 * friends (spec portal.md §3).
 */

/**
 * addFriend: code 0 once the user is in my list, FRIEND_APPLICATION_PENDING when a request now
 * waits for them. Someone who already counts me as a friend, or who asked me first, needs to
 * confirm nothing: we are friends at once (both ways when they asked). `force` (the REST API's
 * ForceAddFlags) makes the friendship whatever the other side's AllowType says.
 */
export async function addFriend(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'addFriend'>,
  force = false,
): Promise<OpResponse<'addFriend'>> {
  const target = body.to;
  if (target === userID) throw relationInvalid('You cannot add yourself as a friend');
  const changes = new RelationChanges();
  const now = Date.now();
  const groupName = body.groupName ?? '';
  const mine: NewFriendRow = {
    userID,
    friendID: target,
    remark: body.remark ?? '',
    source: body.source,
    wording: body.wording ?? '',
  };
  // Set inside the transaction, reported once it has committed.
  let added = null as { rows: NewFriendRow[]; clientCmd: 'friend_add' | 'friend_response' } | null;
  const code = await deps.db.transaction(async (tx) => {
    await lockPairs(tx, userID, [target]);
    await requireUsers(tx, [target]);
    const pair = await pairState(tx, userID, target);
    if (pair.iAmForbidden) throw new LiaisonError(ErrorCode.FRIEND_ADD_FORBIDDEN);
    if (pair.iBlocked) throw new LiaisonError(ErrorCode.FRIEND_IN_MY_BLACKLIST);
    if (pair.theyBlocked) throw new LiaisonError(ErrorCode.FRIEND_IN_THEIR_BLACKLIST);
    if (pair.mine) throw relationInvalid('Already in your friend list');
    const [asked] = await tx.query<{ remark: string; source: string; wording: string; group_name: string }>(
      'SELECT remark, source, wording, group_name FROM friend_applications WHERE from_id = $1 AND to_id = $2',
      [target, userID],
    );
    const rows = [mine];
    if (asked) {
      rows.push({
        userID: target,
        friendID: userID,
        remark: asked.remark,
        source: asked.source,
        wording: asked.wording,
      });
    } else if (!pair.theirs) {
      if (!force && pair.allowType === AllowType.DENY_ANY) throw new LiaisonError(ErrorCode.FRIEND_ADD_DENIED);
      if (!force && pair.allowType !== AllowType.ALLOW_ANY) {
        await tx.query(
          `INSERT INTO friend_applications (from_id, to_id, source, wording, remark, add_type, is_read, created_at,
                                           group_name)
           VALUES ($1, $2, $3, $4, $5, $6, false, $7, $8)
           ON CONFLICT (from_id, to_id) DO UPDATE SET source = $3, wording = $4, remark = $5, add_type = $6,
                                                      is_read = false, created_at = $7, group_name = $8`,
          [userID, target, mine.source, mine.wording, mine.remark, body.type ?? FriendAddType.BOTH, now, groupName],
        );
        changes.add(userID, 'friendApplicationList');
        changes.add(target, 'friendApplicationList');
        return ErrorCode.FRIEND_APPLICATION_PENDING;
      }
      if ((body.type ?? FriendAddType.BOTH) === FriendAddType.BOTH) {
        rows.push({ userID: target, friendID: userID, remark: '', source: mine.source, wording: mine.wording });
      }
    }
    await insertFriends(tx, rows, now);
    added = { rows, clientCmd: asked ? 'friend_response' : 'friend_add' };
    for (const row of rows) changes.add(row.userID, 'friendList');
    if (groupName !== '') {
      await joinFriendGroupOnAdd(tx, userID, target, groupName);
      changes.add(userID, 'friendGroupList');
    }
    if (asked && asked.group_name !== '') {
      await joinFriendGroupOnAdd(tx, target, userID, asked.group_name);
      changes.add(target, 'friendGroupList');
    }
    if (await dropApplications(tx, userID, target)) {
      changes.add(userID, 'friendApplicationList');
      changes.add(target, 'friendApplicationList');
    }
    return 0;
  });
  if (added) deps.callbacks?.friendsAdded(added.rows.map(pairOf), userID, added.clientCmd);
  changes.publish(deps.bus, origin);
  return { userID: target, code };
}

/** A friend to import: who, and the row's fields as another system kept them. */
export interface ImportedFriend {
  friendID: string;
  remark: string;
  source: string;
  wording: string;
  /** Milliseconds. */
  addedAt: number;
  groups: readonly string[];
  custom: Readonly<Record<string, string>>;
}

/**
 * Puts each user in my list, one way and without asking them (the REST API's friend_import):
 * 0 for each imported, RELATION_INVALID for myself or someone already in my list, USER_NOT_FOUND
 * for an unknown user. The others' lists do not change.
 */
export async function importFriends(
  deps: RelationDeps,
  userID: string,
  friends: readonly ImportedFriend[],
): Promise<Map<string, number>> {
  const changes = new RelationChanges();
  const codes = await deps.db.transaction(async (tx) => {
    const ids = unique(friends.map((f) => f.friendID));
    await lockPairs(tx, userID, ids);
    const known = new Set(
      (await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [ids])).map(
        (r) => r.user_id,
      ),
    );
    const listed = new Set((await friendsOf(tx, userID, ids)).map((f) => f.userID));
    const codes = new Map<string, number>();
    for (const friend of friends) {
      if (codes.has(friend.friendID) || listed.has(friend.friendID) || friend.friendID === userID) {
        codes.set(friend.friendID, codes.get(friend.friendID) ?? ErrorCode.RELATION_INVALID);
        continue;
      }
      if (!known.has(friend.friendID)) {
        codes.set(friend.friendID, ErrorCode.USER_NOT_FOUND);
        continue;
      }
      await tx.query(
        `INSERT INTO friends (user_id, friend_id, remark, source, wording, custom, added_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
        [
          userID,
          friend.friendID,
          friend.remark,
          friend.source,
          friend.wording,
          JSON.stringify(friend.custom),
          friend.addedAt,
        ],
      );
      for (const group of friend.groups) await joinFriendGroupOnAdd(tx, userID, friend.friendID, group);
      if (friend.groups.length > 0) changes.add(userID, 'friendGroupList');
      changes.add(userID, 'friendList');
      codes.set(friend.friendID, 0);
    }
    return codes;
  });
  changes.publish(deps.bus, '');
  return codes;
}

export async function getFriendList(db: Sql, userID: string): Promise<OpResponse<'getFriendList'>> {
  return { friendList: await friendsOf(db, userID) };
}

/** The friends named, in the order asked; anyone else is a failure with 30001. */
export async function getFriendProfile(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getFriendProfile'>,
): Promise<OpResponse<'getFriendProfile'>> {
  const asked = unique(body.userIDList);
  const found = new Map((await friendsOf(db, userID, asked)).map((f) => [f.userID, f]));
  return {
    friendList: asked.flatMap((id) => found.get(id) ?? []),
    failureUserIDList: asked.filter((id) => !found.has(id)).map(notAFriend),
  };
}

/** Remark and custom fields of someone in my list; a field given replaces the one of that key. */
export async function updateFriend(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'updateFriend'>,
): Promise<OpResponse<'updateFriend'>> {
  const fields = Object.fromEntries((body.friendCustomField ?? []).map((f) => [f.key, f.value]));
  const updated = await deps.db.query(
    `UPDATE friends SET remark = COALESCE($3, remark), custom = custom || $4::jsonb
      WHERE user_id = $1 AND friend_id = $2 RETURNING friend_id`,
    [userID, body.userID, body.remark ?? null, JSON.stringify(fields)],
  );
  const [friend] = updated.length > 0 ? await friendsOf(deps.db, userID, [body.userID]) : [];
  if (!friend) throw relationInvalid('Not in your friend list');
  const changes = new RelationChanges();
  changes.add(userID, 'friendList');
  changes.publish(deps.bus, origin);
  return { friend };
}

/**
 * deleteFriend: takes each user off my list (SINGLE), and me off theirs too (BOTH, the default).
 * Someone not in my list is a failure with 30001 and nothing of theirs changes.
 */
export async function deleteFriend(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'deleteFriend'>,
): Promise<OpResponse<'deleteFriend'>> {
  const asked = unique(body.userIDList);
  const both = (body.type ?? FriendDeleteType.BOTH) === FriendDeleteType.BOTH;
  const changes = new RelationChanges();
  const { gone: deleted, ended } = await deps.db.transaction(async (tx) => {
    await lockPairs(tx, userID, asked);
    const mine = await tx.query<{ friend_id: string }>(
      'DELETE FROM friends WHERE user_id = $1 AND friend_id = ANY($2) RETURNING friend_id',
      [userID, asked],
    );
    const gone = new Set(mine.map((r) => r.friend_id));
    if (gone.size > 0) changes.add(userID, 'friendList');
    const ended = [...gone].map((friendID) => ({ userID, friendID }));
    if (both && gone.size > 0) {
      const theirs = await tx.query<{ user_id: string }>(
        'DELETE FROM friends WHERE friend_id = $1 AND user_id = ANY($2) RETURNING user_id',
        [userID, [...gone]],
      );
      for (const row of theirs) changes.add(row.user_id, 'friendList');
      ended.push(...theirs.map((row) => ({ userID: row.user_id, friendID: userID })));
    }
    for (const user of await leaveFriendGroups(tx, ended)) changes.add(user, 'friendGroupList');
    return { gone, ended };
  });
  deps.callbacks?.friendsDeleted(ended.map(pairOf));
  changes.publish(deps.bus, origin);
  return {
    successUserIDList: asked.filter((id) => deleted.has(id)).map((id) => ({ userID: id, code: 0 })),
    failureUserIDList: asked.filter((id) => !deleted.has(id)).map(notAFriend),
  };
}

/** The true relation of each user to me; unknown users (and I myself) have none. */
export async function checkFriend(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'checkFriend'>,
): Promise<OpResponse<'checkFriend'>> {
  const asked = unique(body.userIDList);
  const links = await linksBothWays(db, { table: 'friends', other: 'friend_id' }, userID, asked);
  const single = body.type === FriendCheckType.SINGLE;
  return {
    successUserIDList: asked.map((id) => {
      const { mine, theirs } = links(id);
      return { userID: id, code: 0, relation: relationOf(mine, !single && theirs) };
    }),
    failureUserIDList: [],
  };
}

function relationOf(mine: boolean, theirs: boolean): FriendRelation {
  if (mine && theirs) return FriendRelation.BOTH_WAY;
  if (mine) return FriendRelation.A_WITH_B;
  if (theirs) return FriendRelation.B_WITH_A;
  return FriendRelation.NO_RELATION;
}

interface PairState {
  allowType: string;
  /** My profile's adminForbidType forbids me to send friend requests. */
  iAmForbidden: boolean;
  iBlocked: boolean;
  theyBlocked: boolean;
  /** target is in my list. */
  mine: boolean;
  /** I am in target's list. */
  theirs: boolean;
}

async function pairState(tx: Sql, userID: string, target: string): Promise<PairState> {
  const [row] = await tx.query<{
    allow_type: string;
    admin_forbid_type: string;
    i_blocked: boolean;
    they_blocked: boolean;
    mine: boolean;
    theirs: boolean;
  }>(
    `SELECT (SELECT allow_type FROM users WHERE user_id = $2) AS allow_type,
            (SELECT admin_forbid_type FROM users WHERE user_id = $1) AS admin_forbid_type,
            ${blocksSql('$1', '$2')} AS i_blocked,
            ${blocksSql('$2', '$1')} AS they_blocked,
            EXISTS (SELECT 1 FROM friends WHERE user_id = $1 AND friend_id = $2) AS mine,
            EXISTS (SELECT 1 FROM friends WHERE user_id = $2 AND friend_id = $1) AS theirs`,
    [userID, target],
  );
  return {
    allowType: row?.allow_type ?? AllowType.NEED_CONFIRM,
    iAmForbidden: row?.admin_forbid_type === AdminForbidType.SEND_OUT,
    iBlocked: row?.i_blocked ?? false,
    theyBlocked: row?.they_blocked ?? false,
    mine: row?.mine ?? false,
    theirs: row?.theirs ?? false,
  };
}

function notAFriend(userID: string) {
  return { userID, code: ErrorCode.RELATION_INVALID, message: 'Not in your friend list' };
}
