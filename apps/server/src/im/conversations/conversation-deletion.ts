import type { Bus } from '../../bus/bus';
import type { Sql } from '../../db/database';
import type { ConversationRef } from '../messages/keys';
import * as receipts from '../receipts/receipts';
import * as conversations from './conversations';

export interface ConversationDeps {
  db: Sql;
  bus: Bus;
}

/**
 * Deletes one conversation (its C2C peer learns how far I read). A one-to-one chat with an existing
 * user that is not in the list counts as deleted, as the reference SDK holds such chats once opened.
 */
export async function deleteConversation(
  deps: ConversationDeps,
  userID: string,
  ref: ConversationRef,
  clearHistory: boolean,
): Promise<boolean> {
  let isDeleted = false;
  await receipts.tellPeerWhenCursorMoves(deps, userID, ref.conversationID, async () => {
    const cursors = await conversations.deleteConversations(deps.db, userID, [ref], clearHistory);
    isDeleted = cursors.has(ref.key);
    return cursors.get(ref.key) ?? 0;
  });
  if (isDeleted || ref.type !== 'C2C') return isDeleted;
  return conversations.getConversation(deps.db, userID, ref).then(
    () => true,
    () => false,
  );
}
