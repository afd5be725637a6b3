import {
  ErrorCode,
  FollowLimits,
  FollowType,
  type FollowUser,
  type OpRequestParsed,
  type OpResponse,
  type Profile,
} from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import { userTarget } from '../../bus/bus';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { linksBothWays, unique } from '../relations/relations';
import { toProfile, type UserRow, userColumns } from '../rows';

/**
 * Follows (docs/friends-and-blocklist.md): one row per follower and followed user. Each change is
 * pushed to both users' tabs (the acting one too, as the reference reports its own changes) with
 * the list it touched: following and followers, and mutual when both now follow, or did.
 */
export interface FollowDeps {
  db: Database;
  bus: Bus;
}

type ListType = typeof FollowType.FOLLOWERS | typeof FollowType.FOLLOWING | typeof FollowType.MUTUAL;
interface Change {
  followType: ListType;
  isAdd: boolean;
  userList: Profile[];
}

const USER_COLUMNS = userColumns('u');

export async function followUser(
  deps: FollowDeps,
  userID: string,
  body: OpRequestParsed<'followUser'>,
): Promise<OpResponse<'followUser'>> {
  const asked = unique(body.userIDList);
  const { results, added } = await deps.db.transaction(async (tx) => {
    await lockFollowing(tx, userID);
    const known = new Set(
      (await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [asked])).map(
        (r) => r.user_id,
      ),
    );
    const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM follows WHERE user_id = $1', [
      userID,
    ]);
    let following = count?.n ?? 0;
    const already = new Set(
      (
        await tx.query<{ followed_id: string }>(
          'SELECT followed_id FROM follows WHERE user_id = $1 AND followed_id = ANY($2)',
          [userID, asked],
        )
      ).map((r) => r.followed_id),
    );
    const results: OpResponse<'followUser'>['resultList'] = [];
    const added: string[] = [];
    for (const id of asked) {
      if (id === userID) results.push(failure(id, ErrorCode.RELATION_INVALID, 'You cannot follow yourself'));
      else if (!known.has(id)) results.push(failure(id, ErrorCode.USER_NOT_FOUND, 'The user does not exist'));
      else if (already.has(id)) results.push(success(id));
      else if (following >= FollowLimits.FOLLOWING_MAX) {
        results.push(failure(id, ErrorCode.RELATION_INVALID, `You follow ${FollowLimits.FOLLOWING_MAX} users already`));
      } else {
        following++;
        added.push(id);
        results.push(success(id));
      }
    }
    await tx.query(
      'INSERT INTO follows (user_id, followed_id, created_at) SELECT $1, f, $3 FROM unnest($2::text[]) AS f',
      [userID, added, Date.now()],
    );
    return { results, added };
  });
  await publishChanges(deps, userID, added, true);
  return { resultList: results };
}

export async function unfollowUser(
  deps: FollowDeps,
  userID: string,
  body: OpRequestParsed<'unfollowUser'>,
): Promise<OpResponse<'unfollowUser'>> {
  const asked = unique(body.userIDList);
  const removed = await deps.db.transaction(async (tx) => {
    await lockFollowing(tx, userID);
    const rows = await tx.query<{ followed_id: string }>(
      'DELETE FROM follows WHERE user_id = $1 AND followed_id = ANY($2) RETURNING followed_id',
      [userID, asked],
    );
    return rows.map((r) => r.followed_id);
  });
  await publishChanges(deps, userID, removed, false);
  return { resultList: asked.map(success) };
}

/** A page of one of my lists, newest first; the cursor is where the last page ended. */
export async function getFollowList(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getFollowList'>,
): Promise<OpResponse<'getFollowList'>> {
  const after = parseCursor(body.nextCursor ?? '');
  const listSql = {
    [FollowType.FOLLOWERS]: 'SELECT user_id AS id, created_at AS t FROM follows WHERE followed_id = $1',
    [FollowType.FOLLOWING]: 'SELECT followed_id AS id, created_at AS t FROM follows WHERE user_id = $1',
    [FollowType.MUTUAL]: `SELECT a.followed_id AS id, GREATEST(a.created_at, b.created_at) AS t
                            FROM follows a JOIN follows b ON b.user_id = a.followed_id AND b.followed_id = a.user_id
                           WHERE a.user_id = $1`,
  }[body.type];
  const rows = await db.query<UserRow & { t: unknown }>(
    `SELECT l.t, ${USER_COLUMNS} FROM (${listSql}) l JOIN users u ON u.user_id = l.id
      WHERE $2::bigint IS NULL OR (l.t, l.id) < ($2::bigint, $3::text)
      ORDER BY l.t DESC, l.id DESC LIMIT $4`,
    [userID, after?.time ?? null, after?.userID ?? '', FollowLimits.PAGE_SIZE + 1],
  );
  const page = rows.slice(0, FollowLimits.PAGE_SIZE);
  const resultList: FollowUser[] = page.map((row) => ({
    ...toProfile(row),
    followTime: Math.floor(toNumber(row.t) / 1000),
  }));
  const last = page.at(-1);
  return {
    resultList,
    nextCursor: rows.length > page.length && last ? `${toNumber(last.t)}:${last.user_id}` : '',
  };
}

export async function getUserFollowInfo(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getUserFollowInfo'>,
): Promise<OpResponse<'getUserFollowInfo'>> {
  const asked = body.userIDList && body.userIDList.length > 0 ? unique(body.userIDList) : [userID];
  const rows = await db.query<{ id: string; followers: number; following: number; mutual: number }>(
    `SELECT t.id,
            (SELECT count(*)::int FROM follows WHERE followed_id = t.id) AS followers,
            (SELECT count(*)::int FROM follows WHERE user_id = t.id) AS following,
            (SELECT count(*)::int FROM follows a JOIN follows b ON b.user_id = a.followed_id AND b.followed_id = a.user_id
              WHERE a.user_id = t.id) AS mutual
       FROM unnest($1::text[]) AS t(id)`,
    [asked],
  );
  const byID = new Map(rows.map((r) => [r.id, r]));
  return {
    followInfoList: asked.map((id) => ({
      userID: id,
      followersCount: byID.get(id)?.followers ?? 0,
      followingCount: byID.get(id)?.following ?? 0,
      mutualFollowersCount: byID.get(id)?.mutual ?? 0,
    })),
  };
}

export async function checkFollowType(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'checkFollowType'>,
): Promise<OpResponse<'checkFollowType'>> {
  const asked = unique(body.userIDList);
  const links = await linksBothWays(db, { table: 'follows', other: 'followed_id' }, userID, asked);
  return {
    resultList: asked.map((id) => {
      const { mine, theirs } = links(id);
      const followType =
        mine && theirs
          ? FollowType.MUTUAL
          : mine
            ? FollowType.FOLLOWING
            : theirs
              ? FollowType.FOLLOWERS
              : FollowType.NONE;
      return { userID: id, followType };
    }),
  };
}

/**
 * After commit: I gained (or lost) the users in my following list, each of them gained (lost) me
 * as a follower, and where they follow me, both of us gained (lost) a mutual follower.
 */
async function publishChanges(deps: FollowDeps, userID: string, others: string[], isAdd: boolean): Promise<void> {
  if (others.length === 0) return;
  const profiles = await deps.db.query<UserRow & { follows_me: boolean }>(
    `SELECT ${USER_COLUMNS}, EXISTS (SELECT 1 FROM follows WHERE user_id = u.user_id AND followed_id = $1) AS follows_me
       FROM users u WHERE u.user_id = ANY($2) OR u.user_id = $1`,
    [userID, others],
  );
  const me = profiles.find((p) => p.user_id === userID);
  if (!me) return;
  const them = profiles.filter((p) => p.user_id !== userID);
  const mutual = them.filter((p) => p.follows_me).map(toProfile);
  const mine: Change[] = [{ followType: FollowType.FOLLOWING, isAdd, userList: them.map(toProfile) }];
  if (mutual.length > 0) mine.push({ followType: FollowType.MUTUAL, isAdd, userList: mutual });
  deps.bus.publish([userTarget(userID)], { event: 'follow', data: { changes: mine } });
  for (const other of them) {
    const theirs: Change[] = [{ followType: FollowType.FOLLOWERS, isAdd, userList: [toProfile(me)] }];
    if (other.follows_me) theirs.push({ followType: FollowType.MUTUAL, isAdd, userList: [toProfile(me)] });
    deps.bus.publish([userTarget(other.user_id)], { event: 'follow', data: { changes: theirs } });
  }
}

/** Orders one user's follows, so two batches cannot both pass FOLLOWING_MAX. */
async function lockFollowing(tx: Sql, userID: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`follows\n${userID}`]);
}

function parseCursor(cursor: string): { time: number; userID: string } | null {
  const match = /^(\d{1,16}):(.+)$/s.exec(cursor);
  return match?.[1] && match[2] ? { time: Number(match[1]), userID: match[2] } : null;
}

function success(userID: string) {
  return { userID, resultCode: 0, resultInfo: '' };
}

function failure(userID: string, resultCode: number, resultInfo: string) {
  return { userID, resultCode, resultInfo };
}
