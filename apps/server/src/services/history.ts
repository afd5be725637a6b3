import { ErrorCode, LiaisonError, Limits, type WireMessage } from '@liaison/protocol';
import type { Sql } from '../db/database';
import { toNumber } from '../db/database';
import type { ConversationRef } from './keys';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from './rows';

/**
 * The lowest sequence the user may not see: messages at or below it were deleted by them or
 * sent before they joined. Non-members of a group get an error; a C2C chat not started yet is empty.
 */
export async function visibleFloor(db: Sql, userID: string, ref: ConversationRef): Promise<number | null> {
  const [row] = await db.query<{ floor_seq: unknown }>(
    'SELECT floor_seq FROM user_conversations WHERE user_id = $1 AND conv_key = $2',
    [userID, ref.key],
  );
  if (row) return toNumber(row.floor_seq);
  if (ref.type === 'GROUP') {
    const [group] = await db.query('SELECT 1 FROM groups WHERE group_id = $1', [ref.target]);
    throw new LiaisonError(group ? ErrorCode.GROUP_NOT_MEMBER : ErrorCode.GROUP_NOT_FOUND);
  }
  return null;
}

/** One page of history older than nextReqMessageID (or the newest page), oldest first. */
export async function getMessagePage(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  nextReqMessageID: string | undefined,
  count: number = Limits.HISTORY_PAGE_SIZE,
): Promise<{ messageList: WireMessage[]; nextReqMessageID: string; isCompleted: boolean }> {
  const floor = await visibleFloor(db, userID, ref);
  if (floor === null) return { messageList: [], nextReqMessageID: '', isCompleted: true };
  let before = Number.MAX_SAFE_INTEGER;
  if (nextReqMessageID) {
    const [anchor] = await db.query<{ seq: unknown }>('SELECT seq FROM messages WHERE conv_key = $1 AND id = $2', [
      ref.key,
      nextReqMessageID,
    ]);
    if (!anchor) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
    before = toNumber(anchor.seq);
  }
  const rows = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages
      WHERE conv_key = $1 AND seq > $2 AND seq < $3 ORDER BY seq DESC LIMIT $4`,
    [ref.key, floor, before, count + 1],
  );
  const isCompleted = rows.length <= count;
  const messageList = rows.slice(0, count).reverse().map(toWireMessage);
  return { messageList, nextReqMessageID: messageList[0]?.ID ?? '', isCompleted };
}

/** Everything after a sequence, ascending: how a client fills a gap after a reconnect. */
export async function getMessagesAfter(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  afterSequence: number,
): Promise<{ messageList: WireMessage[]; isCompleted: boolean }> {
  const floor = await visibleFloor(db, userID, ref);
  if (floor === null) return { messageList: [], isCompleted: true };
  const rows = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE conv_key = $1 AND seq > $2 ORDER BY seq ASC LIMIT $3`,
    [ref.key, Math.max(floor, afterSequence), Limits.SYNC_PAGE_SIZE + 1],
  );
  return {
    messageList: rows.slice(0, Limits.SYNC_PAGE_SIZE).map(toWireMessage),
    isCompleted: rows.length <= Limits.SYNC_PAGE_SIZE,
  };
}
