import {
  type ConversationBatchResult,
  ErrorCode,
  errorMessages,
  LiaisonError,
  type WireConversation,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { type ConversationRef, requireConversation } from '../messages/keys';
import { listConversationsByKey, VISIBLE } from './conversations';

/**
 * The conversations of a batch that are in the user's list (the reference SDK acts only on
 * conversations it holds); each other one fails with CONVERSATION_NOT_FOUND.
 */
export async function partitionVisible(
  db: Sql,
  userID: string,
  conversationIDList: readonly string[],
): Promise<{ found: ConversationRef[]; failed: ConversationBatchResult['failureConversationIDList'] }> {
  const refs = new Map<string, ConversationRef>();
  for (const id of conversationIDList) {
    const ref = requireConversation(userID, id);
    refs.set(ref.key, ref);
  }
  const rows = await db.query<{ conv_key: string }>(
    `SELECT uc.conv_key FROM user_conversations uc JOIN conversations c ON c.conv_key = uc.conv_key
      WHERE uc.user_id = $1 AND uc.conv_key = ANY($2) AND ${VISIBLE}`,
    [userID, [...refs.keys()]],
  );
  const visible = new Set(rows.map((row) => row.conv_key));
  const found = [...refs.values()].filter((ref) => visible.has(ref.key));
  const failed = [...refs.values()]
    .filter((ref) => !visible.has(ref.key))
    .map((ref) => ({
      conversationID: ref.conversationID,
      code: ErrorCode.CONVERSATION_NOT_FOUND,
      message: errorMessages[ErrorCode.CONVERSATION_NOT_FOUND],
    }));
  return { found, failed };
}

/** Runs `change` on the conversations found, and answers as the reference with them as they are now. */
export async function changeVisible(
  db: Sql,
  userID: string,
  conversationIDList: readonly string[],
  change: (found: ConversationRef[]) => Promise<void>,
): Promise<ConversationBatchResult> {
  const { found, failed } = await partitionVisible(db, userID, conversationIDList);
  if (found.length > 0) await change(found);
  const conversationList: WireConversation[] = await listConversationsByKey(
    db,
    userID,
    found.map((ref) => ref.key),
  );
  return {
    successConversationIDList: found.map((ref) => ref.conversationID),
    failureConversationIDList: failed,
    conversationList,
  };
}

/** A batch where no conversation is in the list: refused whole, as nothing could change. */
export function requireSome(result: ConversationBatchResult): ConversationBatchResult {
  if (result.successConversationIDList.length === 0) throw new LiaisonError(ErrorCode.CONVERSATION_NOT_FOUND);
  return result;
}
