import type { Sql } from '../../db/database';
import { filesNamedBy } from '../messages/merger';

/**
 * A revoked message stops granting its files (and a merged record, by its downloadKey) to its
 * conversation: the grant goes unless another message of the conversation that is not revoked
 * still names the file, or a merged record granted to the conversation holds it. The bytes stay
 * (the uploader may still read their own file, and other conversations it was forwarded to keep
 * their grants); the unused-file sweep never takes a file that was once used. Files nested in a
 * revoked message's merged record keep their grants: the record itself is no longer readable
 * here, so nobody in the conversation learns their addresses from it any more.
 * Runs in the revoke's transaction, after the message is marked revoked.
 */
export async function withdrawFileGrants(tx: Sql, conversationKey: string, type: string, payload: unknown) {
  const named = filesNamedBy(type, payload);
  const downloadKey = type === 'TIMRelayElem' ? (payload as { downloadKey?: unknown }).downloadKey : undefined;
  if (typeof downloadKey === 'string' && downloadKey !== '') named.push(downloadKey);
  if (named.length === 0) return;
  await tx.query(
    `DELETE FROM file_grants g
      WHERE g.conv_key = $1 AND g.file_id = ANY($2)
        AND NOT EXISTS (
          SELECT 1 FROM messages m
           WHERE m.conv_key = $1 AND NOT m.is_revoked
             AND (m.payload @> jsonb_build_object('uuid', g.file_id)
                  OR m.payload @> jsonb_build_object('videoUUID', g.file_id)
                  OR m.payload @> jsonb_build_object('snapshotUUID', g.file_id)
                  OR m.payload @> jsonb_build_object('downloadKey', g.file_id)))
        AND NOT EXISTS (
          SELECT 1 FROM file_grants r JOIN merged_records mr ON mr.download_key = r.file_id
           WHERE r.conv_key = $1 AND r.file_id <> g.file_id AND strpos(mr.message_list::text, g.file_id) > 0)`,
    [conversationKey, named],
  );
}
