import { ErrorCode, type Friend, LiaisonError } from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import { userTarget } from '../../bus/bus';
import type { Callbacks, FriendPair } from '../../callbacks/callbacks';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { toProfile, type UserRow, userColumns } from '../rows';
import type { BlockerIndex } from './blockers';

/**
 * What friends, friend requests and the blocklist share (docs/friends-and-blocklist.md): the lock
 * that orders changes between two users, the push that tells each party which of their lists
 * changed, and friend rows.
 */
export interface RelationDeps {
  db: Database;
  bus: Bus;
  blockers: BlockerIndex;
  /** Tencent's Sns callbacks (callbacks/); null when CALLBACK_URL is unset. */
  callbacks: Callbacks | null;
}

export type RelationList = 'friendList' | 'friendApplicationList' | 'blacklist' | 'friendGroupList';

/** The lists of one user that a change touched. */
export class RelationChanges {
  private readonly byUser = new Map<string, Set<RelationList>>();

  add(userID: string, ...lists: RelationList[]): void {
    const set = this.byUser.get(userID) ?? new Set<RelationList>();
    for (const list of lists) set.add(list);
    this.byUser.set(userID, set);
  }

  /**
   * After commit: each user's tabs fetch the lists that changed for them. The acting session
   * has its answer and fetches its own (the SDK does), so it is left out.
   */
  publish(bus: Bus, exceptSession: string): void {
    for (const [userID, lists] of this.byUser) {
      bus.publish([userTarget(userID)], { event: 'relations', data: { lists: [...lists] }, exceptSession });
    }
  }
}

/**
 * Serialises every change between `userID` and each of `others` (a request crossing another, a
 * block during an accept): one transaction-scoped lock per pair, taken in a fixed order so that
 * two batches never wait on each other in a cycle.
 */
export async function lockPairs(tx: Sql, userID: string, others: readonly string[]): Promise<void> {
  const keys = [...new Set(others.map((other) => (userID < other ? `${userID}\n${other}` : `${other}\n${userID}`)))];
  if (keys.length === 0) return;
  await tx.query(
    `SELECT pg_advisory_xact_lock(h)
       FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($1::text[]) AS k) locks ORDER BY h`,
    [keys],
  );
}

/** Refuses users that do not exist (20003), naming them. */
export async function requireUsers(tx: Sql, userIDs: readonly string[]): Promise<void> {
  const unique = [...new Set(userIDs)];
  const found = new Set(
    (await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [unique])).map(
      (r) => r.user_id,
    ),
  );
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new LiaisonError(ErrorCode.USER_NOT_FOUND, `The user does not exist: ${missing.join(', ')}`);
  }
}

/** 30001 with what exactly was wrong. */
export function relationInvalid(detail: string): LiaisonError {
  return new LiaisonError(ErrorCode.RELATION_INVALID, detail);
}

/** Friend requests between the two, either way; true when there was one. */
export async function dropApplications(tx: Sql, a: string, b: string): Promise<boolean> {
  const dropped = await tx.query(
    `DELETE FROM friend_applications WHERE (from_id = $1 AND to_id = $2) OR (from_id = $2 AND to_id = $1)
     RETURNING from_id`,
    [a, b],
  );
  return dropped.length > 0;
}

/** The IDs once each, in the order first given. */
export function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** A table of one-way links from `user_id` to another user: friends, follows, blocks. */
export type LinkTable =
  | { table: 'friends'; other: 'friend_id' }
  | { table: 'follows'; other: 'followed_id' }
  | { table: 'blacklist'; other: 'blocked_id' };

/** For each ID: whether I link to it (mine) and it links to me (theirs); unknown IDs link neither way. */
export async function linksBothWays(
  db: Sql,
  links: LinkTable,
  userID: string,
  ids: readonly string[],
): Promise<(id: string) => { mine: boolean; theirs: boolean }> {
  const { table, other } = links;
  const rows = await db.query<{ id: string; mine: boolean; theirs: boolean }>(
    `SELECT t.id,
            EXISTS (SELECT 1 FROM ${table} WHERE user_id = $1 AND ${other} = t.id) AS mine,
            EXISTS (SELECT 1 FROM ${table} WHERE user_id = t.id AND ${other} = $1) AS theirs
       FROM unnest($2::text[]) AS t(id)`,
    [userID, ids],
  );
  const byID = new Map(rows.map((r) => [r.id, r]));
  return (id) => ({ mine: byID.get(id)?.mine ?? false, theirs: byID.get(id)?.theirs ?? false });
}

export interface NewFriendRow {
  userID: string;
  friendID: string;
  remark: string;
  source: string;
  wording: string;
}

/** Puts friendID in userID's list (a row already there keeps its remark, fields and time). */
/** A new friend row as the callbacks name it: `to` is now in `from`'s list. */
export function pairOf(row: { userID: string; friendID: string }): FriendPair {
  return { from: row.userID, to: row.friendID };
}

export async function insertFriends(tx: Sql, rows: readonly NewFriendRow[], now: number): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO friends (user_id, friend_id, remark, source, wording, added_at)
     SELECT u, f, r, s, w, $2 FROM jsonb_to_recordset($1::jsonb) AS v(u text, f text, r text, s text, w text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows.map((r) => ({ u: r.userID, f: r.friendID, r: r.remark, s: r.source, w: r.wording }))), now],
  );
}

/** userID's friends (all, or those named), with their profiles, in the order they were added. */
export async function friendsOf(db: Sql, userID: string, friendIDs?: readonly string[]): Promise<Friend[]> {
  const rows = await db.query<FriendRow>(
    `SELECT f.friend_id, f.remark, f.source, f.wording, f.custom, f.added_at,
            COALESCE((SELECT json_agg(m.name ORDER BY m.name) FROM friend_group_members m
                       WHERE m.user_id = f.user_id AND m.friend_id = f.friend_id), '[]'::json) AS group_list,
            ${userColumns('u')}
       FROM friends f JOIN users u ON u.user_id = f.friend_id
      WHERE f.user_id = $1 ${friendIDs ? 'AND f.friend_id = ANY($2)' : ''}
      ORDER BY f.added_at, f.friend_id`,
    friendIDs ? [userID, friendIDs] : [userID],
  );
  return rows.map(toFriend);
}

interface FriendRow extends UserRow {
  friend_id: string;
  remark: string;
  source: string;
  wording: string;
  custom: unknown;
  added_at: unknown;
  group_list: unknown;
}

function toFriend(row: FriendRow): Friend {
  const custom = typeof row.custom === 'string' ? JSON.parse(row.custom) : row.custom;
  return {
    userID: row.friend_id,
    remark: row.remark,
    source: row.source,
    wording: row.wording,
    addTime: Math.floor(toNumber(row.added_at) / 1000),
    friendCustomField: Object.entries((custom ?? {}) as Record<string, string>).map(([key, value]) => ({
      key,
      value,
    })),
    groupList: (typeof row.group_list === 'string' ? JSON.parse(row.group_list) : row.group_list) as string[],
    profile: toProfile(row),
  };
}
