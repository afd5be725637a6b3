import type { Bus } from '../bus/bus';
import type { Sql } from '../db/database';
import { publishMessageUpdates } from './delivery';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from './rows';

/**
 * A late moderation verdict: the message (by ID, in one conversation when the provider names it)
 * is marked hasRiskContent and its audience gets `messageUpdated` with it, so open chats replace
 * it with the placeholder; history returns it flagged from now on. False when no such message
 * is stored (the provider may retry: its verdict can arrive before the message is committed).
 */
export async function flagRiskyMessage(
  db: Sql,
  bus: Bus,
  flag: { messageID: string; conversationKey: string | null },
): Promise<boolean> {
  const rows = await db.query<MessageRow>(
    `UPDATE messages SET has_risk_content = true
      WHERE id = $1 AND ($2::text IS NULL OR conv_key = $2)
      RETURNING ${MESSAGE_COLUMNS}`,
    [flag.messageID, flag.conversationKey],
  );
  if (rows.length === 0) return false;
  await publishMessageUpdates(bus, rows.map(toWireMessage));
  return true;
}
