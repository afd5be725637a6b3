import type { MergedMessage, WireMessage } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { redactedMergedMessage } from './revoked-content';

/**
 * The record as it may be shown now: each message whose original was revoked, or flagged by
 * moderation, since the record was made is replaced by a marker (same type, emptied body,
 * isRevoked or hasRiskContent). Records made before their sources were kept (migration 009) show
 * as they were stored.
 */
export async function redactRecord(db: Sql, downloadKey: string, list: MergedMessage[]): Promise<MergedMessage[]> {
  const revoked = await revokedSources(db, [downloadKey]);
  return redactList(list, revoked.get(downloadKey));
}

/**
 * Merger messages carry small records inline (payload.messageList): the same redaction for a
 * page of history, one query for the whole page.
 */
export async function redactInlineRecords(db: Sql, messages: WireMessage[]): Promise<WireMessage[]> {
  const keys = messages.flatMap((m) =>
    m.type === 'TIMRelayElem' && m.payload.messageList.length > 0 ? [m.payload.downloadKey] : [],
  );
  if (keys.length === 0) return messages;
  const revoked = await revokedSources(db, keys);
  if (revoked.size === 0) return messages;
  return messages.map((m) =>
    m.type === 'TIMRelayElem' && revoked.has(m.payload.downloadKey)
      ? {
          ...m,
          payload: { ...m.payload, messageList: redactList(m.payload.messageList, revoked.get(m.payload.downloadKey)) },
        }
      : m,
  );
}

type Redaction = 'revoked' | 'risk';

/** By record key: its messages whose originals are revoked or flagged now, and which. */
async function revokedSources(db: Sql, downloadKeys: string[]): Promise<Map<string, Map<string, Redaction>>> {
  const rows = await db.query<{ download_key: string; message_id: string; is_revoked: boolean }>(
    `SELECT s.download_key, s.message_id, m.is_revoked FROM merged_record_sources s
       JOIN messages m ON m.conv_key = s.conv_key AND m.id = s.message_id
      WHERE s.download_key = ANY($1) AND (m.is_revoked OR m.has_risk_content)`,
    [downloadKeys],
  );
  const byKey = new Map<string, Map<string, Redaction>>();
  for (const row of rows) {
    const ids = byKey.get(row.download_key) ?? new Map<string, Redaction>();
    ids.set(row.message_id, row.is_revoked ? 'revoked' : 'risk');
    byKey.set(row.download_key, ids);
  }
  return byKey;
}

function redactList(list: MergedMessage[], redactions: ReadonlyMap<string, Redaction> | undefined): MergedMessage[] {
  if (!redactions || redactions.size === 0) return list;
  return list.map((message) => {
    const why = redactions.get(message.ID);
    return why ? redactedMergedMessage(message, why) : message;
  });
}
