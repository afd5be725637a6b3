import { type OpRequestParsed, type OpResponse, SearchLimits } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { requireConversation } from '../messages/keys';
import { type MessageRow, toWireMessage } from '../rows';
import { columnsOf, VISIBLE_TO_ME, visibleRange } from './history';
import { redactInlineRecords } from './merged-redaction';

/**
 * A page of history from a sequence, either way, oldest first: 'Locate in chat' opens a
 * conversation at a message with this and pages on from there. Visibility is getMessageList's:
 * my range (floor, ceiling once I left), without what I deleted; a sequence outside my range is
 * clamped to it, and one I deleted starts from its neighbours.
 */
export async function getMessageListHopping(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getMessageListHopping'>,
): Promise<OpResponse<'getMessageListHopping'>> {
  const ref = requireConversation(userID, body.conversationID);
  const range = await visibleRange(db, userID, ref);
  if (range === null) return { messageList: [], isCompleted: true };
  const count = body.count ?? SearchLimits.HOPPING_COUNT_MAX;
  const ceiling = range.ceiling ?? Number.MAX_SAFE_INTEGER;
  const newer = body.direction === 1;
  const sequence = await startSequence(db, ref.key, body, newer, ceiling);
  // One more than asked tells whether anything lies beyond the page.
  const rows = newer
    ? await db.query<MessageRow>(
        `SELECT ${columnsOf('m')} FROM messages m
          WHERE m.conv_key = $2 AND m.seq >= $3 AND m.seq <= $4 AND ${VISIBLE_TO_ME}
          ORDER BY m.seq ASC LIMIT $5`,
        [userID, ref.key, Math.max(sequence, range.floor + 1), ceiling, count + 1],
      )
    : await db.query<MessageRow>(
        `SELECT ${columnsOf('m')} FROM messages m
          WHERE m.conv_key = $2 AND m.seq > $3 AND m.seq <= $4 AND ${VISIBLE_TO_ME}
          ORDER BY m.seq DESC LIMIT $5`,
        [userID, ref.key, range.floor, Math.min(sequence, ceiling), count + 1],
      );
  const page = rows.slice(0, count);
  if (!newer) page.reverse();
  return { messageList: await redactInlineRecords(db, page.map(toWireMessage)), isCompleted: rows.length <= count };
}

/**
 * Where a page starts. Tencent's SDK starts a one-to-one chat at a message time and a group at a
 * sequence; both work here for either. A time takes the last message at or before that second
 * (older) or the first at or after it (newer); 0, or no start at all, is the newest.
 */
async function startSequence(
  db: Sql,
  convKey: string,
  body: OpRequestParsed<'getMessageListHopping'>,
  newer: boolean,
  ceiling: number,
): Promise<number> {
  const byTime = body.time !== undefined && (body.conversationID.startsWith('C2C') || body.sequence === undefined);
  if (!byTime) return body.sequence ?? ceiling;
  if (!body.time) return ceiling;
  const [row] = newer
    ? await db.query<{ seq: unknown }>(
        'SELECT seq FROM messages WHERE conv_key = $1 AND time >= $2 ORDER BY seq ASC LIMIT 1',
        [convKey, body.time * 1000],
      )
    : await db.query<{ seq: unknown }>(
        'SELECT seq FROM messages WHERE conv_key = $1 AND time < $2 ORDER BY seq DESC LIMIT 1',
        [convKey, (body.time + 1) * 1000],
      );
  // Nothing that late (newer) or that early (older): past either end, which gives an empty page.
  if (row === undefined) return newer ? ceiling + 1 : 0;
  return Number(row.seq);
}
