import { AT_ALL, GroupAtType, type WireGroupAtInfo, type WireMessage } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import type { VisibleRange } from './history';
import { groupKey } from './keys';

/**
 * A stored group message's @-mentions: one row per member named in atUserList and one row for
 * @all, so mentioning everyone in a 100,000-member group writes one row. The writer has already
 * dropped an @all from a sender who is neither owner nor admin (message-writer.ts).
 */
export async function recordMentions(db: Sql, message: WireMessage): Promise<void> {
  if (message.conversationType !== 'GROUP' || message.sequence === 0) return;
  const targets = [...new Set(message.atUserList)].filter((target) => target !== message.from);
  if (targets.length === 0) return;
  await db.query(
    `INSERT INTO group_mentions (conv_key, target, seq, message_id, sender)
     SELECT $1, t, $3, $4, $5 FROM unnest($2::text[]) AS t
     ON CONFLICT DO NOTHING`,
    [groupKey(message.to), targets, message.sequence, message.ID, message.from],
  );
}

/**
 * For each group conversation, the messages in its unread part (above `floor`, the read position,
 * up to `ceiling`) that mention the user or everyone, oldest first; one query for them all.
 */
export async function unreadMentions(
  db: Sql,
  userID: string,
  conversations: ReadonlyArray<{ key: string } & VisibleRange>,
): Promise<Map<string, WireGroupAtInfo[]>> {
  const result = new Map<string, WireGroupAtInfo[]>();
  if (conversations.length === 0) return result;
  const rows = await db.query<{
    conv_key: string;
    seq: unknown;
    message_id: string;
    sender: string;
    at_me: boolean;
    at_all: boolean;
  }>(
    `SELECT gm.conv_key, gm.seq, min(gm.message_id) AS message_id, min(gm.sender) AS sender,
            bool_or(gm.target = $1) AS at_me, bool_or(gm.target = $2) AS at_all
       FROM unnest($3::text[], $4::bigint[], $5::bigint[]) AS v(k, f, c)
       JOIN group_mentions gm ON gm.conv_key = v.k AND gm.target IN ($1, $2) AND gm.seq > v.f AND gm.seq <= v.c
      WHERE gm.sender <> $1
      GROUP BY gm.conv_key, gm.seq
      ORDER BY gm.conv_key, gm.seq`,
    [
      userID,
      AT_ALL,
      conversations.map((c) => c.key),
      conversations.map((c) => c.floor),
      conversations.map((c) => c.ceiling ?? Number.MAX_SAFE_INTEGER),
    ],
  );
  for (const row of rows) {
    const list = result.get(row.conv_key) ?? [];
    list.push({
      groupID: row.conv_key.slice('g:'.length),
      from: row.sender,
      messageID: row.message_id,
      messageSequence: toNumber(row.seq),
      atType: row.at_me && row.at_all ? GroupAtType.AT_ALL_AT_ME : row.at_me ? GroupAtType.AT_ME : GroupAtType.AT_ALL,
    });
    result.set(row.conv_key, list);
  }
  return result;
}
