import { CALLER_NOT_IN_GROUP_MESSAGE, ErrorCode, LiaisonError, Limits, type WireMessage } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { CONTROL_NO_LAST_MESSAGE, MESSAGE_COLUMNS, type MessageRow, toWireMessage } from '../rows';
import type { ConversationRef } from './keys';
import { redactInlineRecords } from './merged-redaction';

/** A message row `m` the user `$1` has not deleted for themselves (deleteMessage). */
export const NOT_DELETED_BY_ME = `NOT EXISTS (SELECT 1 FROM message_deletions d
  WHERE d.user_id = $1 AND d.conv_key = m.conv_key AND d.seq = m.seq)`;

/** A message row `m` that is for the user `$1`: not a targeted message (receiverList) for others. */
export const ADDRESSED_TO_ME = '(m.receivers IS NULL OR m.sender = $1 OR $1 = ANY(m.receivers))';

/** A message row `m` the user `$1` may see: addressed to them and not deleted by them. */
export const VISIBLE_TO_ME = `${ADDRESSED_TO_ME} AND ${NOT_DELETED_BY_ME}`;

/** Sent with messageControlInfo.excludedFromLastMessage: never a conversation's last message. */
const CAN_BE_LAST = `(m.control IS NULL OR (m.control & ${CONTROL_NO_LAST_MESSAGE}) = 0)`;

/** MESSAGE_COLUMNS qualified by a table alias. */
export function columnsOf(alias: string): string {
  return MESSAGE_COLUMNS.split(', ')
    .map((c) => `${alias}.${c}`)
    .join(', ');
}

/** What of a conversation a user may read: above `floor`, and at or below `ceiling` when set. */
export interface VisibleRange {
  floor: number;
  /** The conversation's head when the user left the group (removed, dismissed, quit); null while in it. */
  ceiling: number | null;
}

/**
 * The part of the conversation the user may read: messages at or below the floor were deleted by
 * them or sent before they joined; above the ceiling, sent after they left the group. Someone
 * who was never in the group gets an error; a C2C chat not started yet is empty (null).
 */
export async function visibleRange(db: Sql, userID: string, ref: ConversationRef): Promise<VisibleRange | null> {
  const [row] = await db.query<{ floor_seq: unknown; ceiling_seq: unknown }>(
    'SELECT floor_seq, ceiling_seq FROM user_conversations WHERE user_id = $1 AND conv_key = $2',
    [userID, ref.key],
  );
  if (row) {
    return {
      floor: toNumber(row.floor_seq),
      ceiling: row.ceiling_seq === null || row.ceiling_seq === undefined ? null : toNumber(row.ceiling_seq),
    };
  }
  if (ref.type === 'GROUP') throw await notInGroup(db, ref.target);
  return null;
}

/**
 * The lowest sequence the user may not see, for acting on messages (react, revoke, receipts, …):
 * only members do that, so someone who left the group gets the error a non-member gets.
 */
export async function visibleFloor(db: Sql, userID: string, ref: ConversationRef): Promise<number | null> {
  const range = await visibleRange(db, userID, ref);
  if (range === null) return null;
  if (range.ceiling !== null) throw await notInGroup(db, ref.target);
  return range.floor;
}

/** 10011 for a group that exists, 10010 for one that does not (or was dismissed). */
async function notInGroup(db: Sql, groupID: string): Promise<LiaisonError> {
  const [group] = await db.query('SELECT 1 FROM groups WHERE group_id = $1 AND dismissed_at IS NULL', [groupID]);
  return group
    ? new LiaisonError(ErrorCode.GROUP_NOT_MEMBER, CALLER_NOT_IN_GROUP_MESSAGE)
    : new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
}

/** One page of history older than nextReqMessageID (or the newest page), oldest first; without what I deleted. */
export async function getMessagePage(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  nextReqMessageID: string | undefined,
  count: number = Limits.HISTORY_PAGE_SIZE,
): Promise<{ messageList: WireMessage[]; nextReqMessageID: string; isCompleted: boolean }> {
  const range = await visibleRange(db, userID, ref);
  if (range === null) return { messageList: [], nextReqMessageID: '', isCompleted: true };
  let before = (range.ceiling ?? Number.MAX_SAFE_INTEGER - 1) + 1;
  if (nextReqMessageID) {
    const [anchor] = await db.query<{ seq: unknown }>('SELECT seq FROM messages WHERE conv_key = $1 AND id = $2', [
      ref.key,
      nextReqMessageID,
    ]);
    if (!anchor) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
    before = Math.min(before, toNumber(anchor.seq));
  }
  const rows = await db.query<MessageRow>(
    `SELECT ${columnsOf('m')} FROM messages m
      WHERE m.conv_key = $2 AND m.seq > $3 AND m.seq < $4 AND ${VISIBLE_TO_ME}
      ORDER BY m.seq DESC LIMIT $5`,
    [userID, ref.key, range.floor, before, count + 1],
  );
  const isCompleted = rows.length <= count;
  const messageList = await redactInlineRecords(db, rows.slice(0, count).reverse().map(toWireMessage));
  return { messageList, nextReqMessageID: messageList[0]?.ID ?? '', isCompleted };
}

/**
 * Everything after a sequence, ascending: how a client fills a gap after a reconnect. Messages I
 * deleted, and targeted ones for others, are left out (the client takes a skipped sequence as one
 * that does not exist).
 */
export async function getMessagesAfter(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  afterSequence: number,
): Promise<{ messageList: WireMessage[]; isCompleted: boolean }> {
  const range = await visibleRange(db, userID, ref);
  if (range === null) return { messageList: [], isCompleted: true };
  const rows = await db.query<MessageRow>(
    `SELECT ${columnsOf('m')} FROM messages m
      WHERE m.conv_key = $2 AND m.seq > $3 AND m.seq <= $5 AND ${VISIBLE_TO_ME} ORDER BY m.seq ASC LIMIT $4`,
    [
      userID,
      ref.key,
      Math.max(range.floor, afterSequence),
      Limits.SYNC_PAGE_SIZE + 1,
      range.ceiling ?? Number.MAX_SAFE_INTEGER,
    ],
  );
  return {
    messageList: await redactInlineRecords(db, rows.slice(0, Limits.SYNC_PAGE_SIZE).map(toWireMessage)),
    isCompleted: rows.length <= Limits.SYNC_PAGE_SIZE,
  };
}

/**
 * Each conversation's last message as the user sees it: the newest within their visible range
 * that they may see and that was not sent excludedFromLastMessage (by storage key; conversations
 * without one are absent).
 */
export async function lastVisibleMessages(
  db: Sql,
  userID: string,
  conversations: ReadonlyArray<{ key: string } & VisibleRange>,
): Promise<Map<string, WireMessage>> {
  const result = new Map<string, WireMessage>();
  if (conversations.length === 0) return result;
  const rows = await db.query<MessageRow & { conv_key: string }>(
    `SELECT v.k AS conv_key, last.* FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS v(k, f, c)
       CROSS JOIN LATERAL (
         SELECT ${columnsOf('m')} FROM messages m
          WHERE m.conv_key = v.k AND m.seq > v.f AND m.seq <= v.c AND ${CAN_BE_LAST} AND ${VISIBLE_TO_ME}
          ORDER BY m.seq DESC LIMIT 1) last`,
    [
      userID,
      conversations.map((c) => c.key),
      conversations.map((c) => c.floor),
      conversations.map((c) => c.ceiling ?? Number.MAX_SAFE_INTEGER),
    ],
  );
  for (const row of rows) result.set(row.conv_key, toWireMessage(row));
  return result;
}
