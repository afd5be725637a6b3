import type { Sql } from '../../db/database';

/**
 * Members leaving a community (removed, quit, dismissed) lose their views of its topics: no
 * history, unread or sending there any more, as for a community they are no longer in.
 */
export async function leaveTopics(tx: Sql, groupID: string, userIDs: readonly string[] | null): Promise<void> {
  await tx.query(
    `DELETE FROM user_conversations
      WHERE conv_type = 'TOPIC' AND ($2::text[] IS NULL OR user_id = ANY($2))
        AND conv_key IN (SELECT 'g:' || topic_id FROM topics WHERE group_id = $1)`,
    [groupID, userIDs === null ? null : [...userIDs]],
  );
}
