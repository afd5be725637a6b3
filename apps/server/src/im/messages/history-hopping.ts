import { type OpRequestParsed, type OpResponse, SearchLimits } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { requireConversation } from '../messages/keys';
import { type MessageRow, toWireMessage } from '../rows';
import { columnsOf, NOT_DELETED_BY_ME, visibleRange } from './history';
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
  // One more than asked tells whether anything lies beyond the page.
  const rows = newer
    ? await db.query<MessageRow>(
        `SELECT ${columnsOf('m')} FROM messages m
          WHERE m.conv_key = $2 AND m.seq >= $3 AND m.seq <= $4 AND ${NOT_DELETED_BY_ME}
          ORDER BY m.seq ASC LIMIT $5`,
        [userID, ref.key, Math.max(body.sequence, range.floor + 1), ceiling, count + 1],
      )
    : await db.query<MessageRow>(
        `SELECT ${columnsOf('m')} FROM messages m
          WHERE m.conv_key = $2 AND m.seq > $3 AND m.seq <= $4 AND ${NOT_DELETED_BY_ME}
          ORDER BY m.seq DESC LIMIT $5`,
        [userID, ref.key, range.floor, Math.min(body.sequence, ceiling), count + 1],
      );
  const page = rows.slice(0, count);
  if (!newer) page.reverse();
  return { messageList: await redactInlineRecords(db, page.map(toWireMessage)), isCompleted: rows.length <= count };
}
