import {
  FriendAcceptType,
  type FriendApplication,
  FriendApplicationType,
  type OpRequestParsed,
  type OpResponse,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { joinFriendGroupOnAdd } from './friend-groups';
import {
  dropApplications,
  insertFriends,
  lockPairs,
  type NewFriendRow,
  pairOf,
  RelationChanges,
  type RelationDeps,
  relationInvalid,
} from './relations';

/**
 * Friend requests (docs/friends-and-blocklist.md): one row per applicant and recipient while it
 * waits. Accepting, refusing or deleting it removes the row; asking again replaces it.
 */

/** Requests sent to me and by me, newest first, each with the other user's nick and avatar. */
export async function getFriendApplicationList(
  db: Sql,
  userID: string,
): Promise<OpResponse<'getFriendApplicationList'>> {
  const rows = await db.query<{
    other: string;
    sent_to_me: boolean;
    source: string;
    wording: string;
    is_read: boolean;
    created_at: unknown;
    nick: string | null;
    avatar: string | null;
  }>(
    `SELECT a.other, a.sent_to_me, a.source, a.wording, a.is_read, a.created_at, u.nick, u.avatar
       FROM (SELECT from_id AS other, true AS sent_to_me, source, wording, is_read, created_at
               FROM friend_applications WHERE to_id = $1
             UNION ALL
             SELECT to_id, false, source, wording, true, created_at
               FROM friend_applications WHERE from_id = $1) a
       LEFT JOIN users u ON u.user_id = a.other
      ORDER BY a.created_at DESC, a.other`,
    [userID],
  );
  const friendApplicationList: FriendApplication[] = rows.map((r) => ({
    userID: r.other,
    nick: r.nick ?? '',
    avatar: r.avatar ?? '',
    time: Math.floor(toNumber(r.created_at) / 1000),
    source: r.source,
    wording: r.wording,
    type: r.sent_to_me ? FriendApplicationType.SENT_TO_ME : FriendApplicationType.SENT_BY_ME,
  }));
  return { friendApplicationList, unreadCount: rows.filter((r) => !r.is_read).length };
}

/**
 * Accepting puts me in the applicant's list (with the remark they asked with) and, with
 * AGREE_AND_ADD (the default), them in mine (with the remark given here).
 */
export async function acceptFriendApplication(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'acceptFriendApplication'>,
): Promise<OpResponse<'acceptFriendApplication'>> {
  const applicant = body.userID;
  const andAdd = (body.type ?? FriendAcceptType.AGREE_AND_ADD) === FriendAcceptType.AGREE_AND_ADD;
  const changes = new RelationChanges();
  const added = await deps.db.transaction(async (tx) => {
    await lockPairs(tx, userID, [applicant]);
    const [asked] = await tx.query<{ remark: string; source: string; wording: string; group_name: string }>(
      'SELECT remark, source, wording, group_name FROM friend_applications WHERE from_id = $1 AND to_id = $2',
      [applicant, userID],
    );
    if (!asked) throw noRequest();
    const rows: NewFriendRow[] = [
      { userID: applicant, friendID: userID, remark: asked.remark, source: asked.source, wording: asked.wording },
    ];
    if (andAdd) {
      const remark = body.remark ?? '';
      rows.push({ userID, friendID: applicant, remark, source: asked.source, wording: asked.wording });
    }
    await insertFriends(tx, rows, Date.now());
    await joinFriendGroupOnAdd(tx, applicant, userID, asked.group_name);
    await dropApplications(tx, userID, applicant);
    return rows;
  });
  deps.callbacks?.friendsAdded(added.map(pairOf), applicant, 'friend_response');
  changes.add(applicant, 'friendList', 'friendApplicationList', 'friendGroupList');
  changes.add(userID, 'friendApplicationList');
  if (andAdd) changes.add(userID, 'friendList');
  changes.publish(deps.bus, origin);
  return { userID: applicant, code: 0 };
}

/** The applicant's request is gone; they may ask again. */
export async function refuseFriendApplication(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'refuseFriendApplication'>,
): Promise<OpResponse<'refuseFriendApplication'>> {
  await removeRequest(deps, origin, body.userID, userID);
  return { userID: body.userID, code: 0 };
}

/** Deletes a request sent to me (as refusing does) or one I sent (withdrawing it). */
export async function deleteFriendApplication(
  deps: RelationDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'deleteFriendApplication'>,
): Promise<OpResponse<'deleteFriendApplication'>> {
  if (body.type === FriendApplicationType.SENT_TO_ME) await removeRequest(deps, origin, body.userID, userID);
  else await removeRequest(deps, origin, userID, body.userID);
  return { userID: body.userID, code: 0 };
}

/** Every request sent to me counts as read; my other tabs' unread counts follow. */
export async function setFriendApplicationRead(
  deps: RelationDeps,
  origin: string,
  userID: string,
): Promise<OpResponse<'setFriendApplicationRead'>> {
  const read = await deps.db.query(
    'UPDATE friend_applications SET is_read = true WHERE to_id = $1 AND NOT is_read RETURNING from_id',
    [userID],
  );
  if (read.length > 0) {
    const changes = new RelationChanges();
    changes.add(userID, 'friendApplicationList');
    changes.publish(deps.bus, origin);
  }
  return {};
}

async function removeRequest(deps: RelationDeps, origin: string, from: string, to: string): Promise<void> {
  const removed = await deps.db.query('DELETE FROM friend_applications WHERE from_id = $1 AND to_id = $2 RETURNING 1', [
    from,
    to,
  ]);
  if (removed.length === 0) throw noRequest();
  const changes = new RelationChanges();
  changes.add(from, 'friendApplicationList');
  changes.add(to, 'friendApplicationList');
  changes.publish(deps.bus, origin);
}

function noRequest() {
  return relationInvalid('No such friend request');
}
