import type { Bus } from '../../bus/bus';
import type { Sql } from '../../db/database';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from '../rows';
import { publishMessageUpdates } from './delivery';

/**
 * A late moderation verdict: the message (by ID, in one conversation when the provider names it)
 * is marked hasRiskContent and its audience gets `messageUpdated` with it, so open chats replace
 * it with the placeholder; history returns it flagged from now on. The flag takes a change number
 * like any change (message-changes.ts), so clients that were offline learn it when they catch up.
 * A revoked message has no content left to flag and is left as it is. False when no such message
 * is stored (the provider may retry: its verdict can arrive before the message is committed).
 */
export async function flagRiskyMessage(
  db: Sql,
  bus: Bus,
  flag: { messageID: string; conversationKey: string | null },
): Promise<boolean> {
  // One statement, so the bump and the flag commit together; the conversation row is locked
  // before the message row, as every change does.
  const rows = await db.query<MessageRow>(
    `WITH target AS (
       SELECT conv_key, seq FROM messages
        WHERE id = $1 AND ($2::text IS NULL OR conv_key = $2) AND NOT is_revoked
     ), bumped AS (
       UPDATE conversations c SET change_seq = c.change_seq + 1
         FROM target WHERE c.conv_key = target.conv_key
       RETURNING c.conv_key, c.change_seq
     )
     UPDATE messages m SET has_risk_content = true, change_seq = bumped.change_seq
       FROM target JOIN bumped ON bumped.conv_key = target.conv_key
      WHERE m.conv_key = target.conv_key AND m.seq = target.seq
      RETURNING ${MESSAGE_COLUMNS.split(', ')
        .map((c) => `m.${c}`)
        .join(', ')}`,
    [flag.messageID, flag.conversationKey],
  );
  if (rows.length > 0) {
    await publishMessageUpdates(bus, rows.map(toWireMessage));
    return true;
  }
  const [revoked] = await db.query('SELECT 1 FROM messages WHERE id = $1 AND ($2::text IS NULL OR conv_key = $2)', [
    flag.messageID,
    flag.conversationKey,
  ]);
  return revoked !== undefined;
}
