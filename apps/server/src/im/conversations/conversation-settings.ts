import {
  type ConversationBatchResult,
  ErrorCode,
  LiaisonError,
  Limits,
  type WireConversation,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import type { ConversationRef } from '../messages/keys';
import { changeVisible, requireSome } from './conversation-batch';
import { listConversationsByKey } from './conversations';

/** setConversationCustomData: the user's own data on each conversation in their list. */
export async function setCustomData(
  db: Sql,
  userID: string,
  conversationIDList: readonly string[],
  customData: string,
): Promise<ConversationBatchResult> {
  return requireSome(
    await changeVisible(db, userID, conversationIDList, async (found) => {
      if (customData !== '') await requireMarkedRoom(db, userID, found);
      await db.query(
        'UPDATE user_conversations SET custom_data = $3, updated_at = $4 WHERE user_id = $1 AND conv_key = ANY($2)',
        [userID, found.map((ref) => ref.key), customData, Date.now()],
      );
    }),
  );
}

/** markConversation: sets or clears one mark (2^bit) on each conversation in the user's list. */
export async function mark(
  db: Sql,
  userID: string,
  conversationIDList: readonly string[],
  markType: number,
  enableMark: boolean,
): Promise<ConversationBatchResult> {
  const bit = Math.round(Math.log2(markType));
  return requireSome(
    await changeVisible(db, userID, conversationIDList, async (found) => {
      if (enableMark) await requireMarkedRoom(db, userID, found);
      await db.query(
        `UPDATE user_conversations
            SET mark_bits = CASE WHEN $4 THEN array_append(array_remove(mark_bits, $3::integer), $3::integer)
                                 ELSE array_remove(mark_bits, $3::integer) END,
                updated_at = $5
          WHERE user_id = $1 AND conv_key = ANY($2)`,
        [userID, found.map((ref) => ref.key), bit, enableMark, Date.now()],
      );
    }),
  );
}

/** Marks and custom data together cover at most 1000 of a user's conversations (51008, as the reference). */
async function requireMarkedRoom(db: Sql, userID: string, found: readonly ConversationRef[]): Promise<void> {
  const [row] = await db.query<{ marked: unknown }>(
    `SELECT count(*) AS marked FROM user_conversations
      WHERE user_id = $1 AND (custom_data <> '' OR cardinality(mark_bits) > 0 OR conv_key = ANY($2))`,
    [userID, found.map((ref) => ref.key)],
  );
  if (toNumber(row?.marked) > Limits.CONVERSATION_MARKED_MAX) throw new LiaisonError(ErrorCode.CONVERSATION_GROUP_FULL);
}

export type ReadAllScope = 'readAllC2CMessage' | 'readAllGroupMessage' | 'readAllMessage';

const SCOPE_TYPES: Record<ReadAllScope, string[]> = {
  readAllC2CMessage: ['C2C'],
  readAllGroupMessage: ['GROUP'],
  readAllMessage: ['C2C', 'GROUP'],
};

/**
 * setAllMessageRead: every conversation of the scope with unread messages is read up to what the
 * user may see of it. Resolves with the conversations that changed, and the C2C peers to tell.
 */
export async function readAll(
  db: Sql,
  userID: string,
  scope: ReadAllScope,
): Promise<{ conversationList: WireConversation[]; peerReads: Array<{ peer: string; readSequence: number }> }> {
  const rows = await db.query<{ conv_key: string; conv_type: string; target: string; read_seq: unknown }>(
    `UPDATE user_conversations uc SET read_seq = LEAST(c.max_seq, uc.ceiling_seq), updated_at = $3
       FROM conversations c
      WHERE c.conv_key = uc.conv_key AND uc.user_id = $1 AND uc.conv_type = ANY($2)
        AND LEAST(c.max_seq, uc.ceiling_seq) > GREATEST(uc.read_seq, uc.floor_seq)
      RETURNING uc.conv_key, uc.conv_type, uc.target, uc.read_seq`,
    [userID, SCOPE_TYPES[scope], Date.now()],
  );
  const conversationList = await listConversationsByKey(
    db,
    userID,
    rows.map((row) => row.conv_key),
  );
  const peerReads = rows
    .filter((row) => row.conv_type === 'C2C' && row.target !== userID)
    .map((row) => ({ peer: row.target, readSequence: toNumber(row.read_seq) }));
  return { conversationList, peerReads };
}
