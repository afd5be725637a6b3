import type { WireMessage } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { type MessageRow, toWireMessage } from '../rows';
import { columnsOf, VISIBLE_TO_ME, visibleRange } from './history';
import type { ConversationRef } from './keys';

/** Which messages of a conversation a page holds: sent between two seconds, below a sequence. */
export interface RoamingWindow {
  /** Seconds since the epoch, both included. */
  minTime: number;
  maxTime: number;
  /** Only messages below this sequence (the page before ended there). */
  beforeSequence: number | null;
  count: number;
}

/**
 * One page of a conversation's history as the user sees it (what they deleted, and targeted
 * messages for others, left out), newest first, for the REST API's admin_getroammsg.
 */
export async function roamingPage(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  window: RoamingWindow,
): Promise<{ messageList: WireMessage[]; isCompleted: boolean }> {
  const range = await visibleRange(db, userID, ref);
  if (range === null) return { messageList: [], isCompleted: true };
  const rows = await db.query<MessageRow>(
    `SELECT ${columnsOf('m')} FROM messages m
      WHERE m.conv_key = $2 AND m.seq > $3 AND m.seq < $4 AND m.time >= $5 AND m.time < $6 AND ${VISIBLE_TO_ME}
      ORDER BY m.seq DESC LIMIT $7`,
    [
      userID,
      ref.key,
      range.floor,
      Math.min(window.beforeSequence ?? Number.MAX_SAFE_INTEGER, (range.ceiling ?? Number.MAX_SAFE_INTEGER - 1) + 1),
      window.minTime * 1000,
      (window.maxTime + 1) * 1000,
      window.count + 1,
    ],
  );
  return { messageList: rows.slice(0, window.count).map(toWireMessage), isCompleted: rows.length <= window.count };
}

/**
 * One page of a group's stored messages as the app's administrator reads them (group_msg_get_simple):
 * every message, targeted ones too, newest first, at or below a sequence; revoked ones only when
 * asked. `hasMore`: older messages are left.
 */
export async function groupHistoryPage(
  db: Sql,
  conversationKey: string,
  page: { atOrBelow: number | null; count: number; withRevoked: boolean },
): Promise<{ messageList: WireMessage[]; hasMore: boolean }> {
  const rows = await db.query<MessageRow>(
    `SELECT ${columnsOf('m')} FROM messages m
      WHERE m.conv_key = $1 AND m.seq <= $2 AND ($3 OR NOT m.is_revoked)
      ORDER BY m.seq DESC LIMIT $4`,
    [conversationKey, page.atOrBelow ?? Number.MAX_SAFE_INTEGER, page.withRevoked, page.count + 1],
  );
  return { messageList: rows.slice(0, page.count).map(toWireMessage), hasMore: rows.length > page.count };
}
