import { Limits, type OpResponse } from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { VISIBLE_TO_ME, visibleRange } from '../messages/history';
import type { ConversationRef } from '../messages/keys';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from '../rows';

/**
 * The change log. Every change to a stored message after it was sent (revoked, modified, flagged
 * by moderation) and every deletion for one user takes the next value of its conversation's
 * counter (conversations.change_seq) and stores it with the change (messages.change_seq,
 * message_deletions.change_seq). A client that was offline asks for what lies above the counter
 * it last saw; nothing is kept per change but the latest state of each message.
 */

const NO_CHANGE = Symbol('no change');

/**
 * Runs `change` in one transaction after taking the conversation's next change number: the
 * counter is bumped first, so concurrent changes queue on the conversation row (the same order
 * the message writer locks in) and a counter value seen committed means every lower one is too.
 * When `change` returns null nothing happened (a condition no longer held): the bump is rolled
 * back and null is returned.
 */
export async function withChange<T>(
  db: Database,
  conversationKey: string,
  change: (tx: Sql, changeSequence: number) => Promise<T | null>,
): Promise<T | null> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.query<{ change_seq: unknown }>(
        'UPDATE conversations SET change_seq = change_seq + 1 WHERE conv_key = $1 RETURNING change_seq',
        [conversationKey],
      );
      const result = row ? await change(tx, toNumber(row.change_seq)) : null;
      if (result === null) throw NO_CHANGE;
      return result;
    });
  } catch (err) {
    if (err === NO_CHANGE) return null;
    throw err;
  }
}

/**
 * syncMessageChanges: changes above `afterChange`, oldest first: the changed messages as they are
 * now (without those I deleted) and the IDs I deleted. A page never splits one change number (a
 * deletion of several messages shares one), and once complete the cursor is the conversation's
 * counter, so numbers taken by changes that are not mine to see (others' deletions) are skipped.
 */
export async function syncMessageChanges(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  afterChange: number,
): Promise<OpResponse<'syncMessageChanges'>> {
  // Someone who left a group still follows changes to what they could read (a revoke, a flag).
  const range = await visibleRange(db, userID, ref);
  if (range === null)
    return { messageList: [], deletedMessageIDList: [], changeSequence: afterChange, isCompleted: true };
  // Read first: every change at or below it has committed (see withChange).
  const [head] = await db.query<{ change_seq: unknown }>('SELECT change_seq FROM conversations WHERE conv_key = $1', [
    ref.key,
  ]);
  const counter = toNumber(head?.change_seq);
  const limit = Limits.SYNC_PAGE_SIZE;
  const changed = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS.split(', ')
      .map((c) => `m.${c}`)
      .join(', ')} FROM messages m
      WHERE m.conv_key = $2 AND m.change_seq > 0 AND m.change_seq > $3 AND m.seq > $4 AND m.seq <= $6
        AND ${VISIBLE_TO_ME}
      ORDER BY m.change_seq ASC LIMIT $5`,
    [userID, ref.key, afterChange, range.floor, limit + 1, range.ceiling ?? Number.MAX_SAFE_INTEGER],
  );
  const deleted = await db.query<{ id: string; change_seq: unknown }>(
    `SELECT m.id, d.change_seq FROM message_deletions d JOIN messages m ON m.conv_key = d.conv_key AND m.seq = d.seq
      WHERE d.user_id = $1 AND d.conv_key = $2 AND d.change_seq > $3
      ORDER BY d.change_seq ASC LIMIT $4`,
    [userID, ref.key, afterChange, limit + 1],
  );
  // A list cut at its limit is whole only below the change number it was cut at.
  const cuts = [changed, deleted]
    .filter((rows) => rows.length > limit)
    .map((rows) => toNumber((rows[rows.length - 1] as { change_seq: unknown }).change_seq) - 1);
  const isCompleted = cuts.length === 0;
  const upTo = isCompleted ? Number.MAX_SAFE_INTEGER : Math.min(...cuts);
  const messageList = changed.filter((r) => toNumber(r.change_seq) <= upTo).map(toWireMessage);
  const deletions = deleted.filter((r) => toNumber(r.change_seq) <= upTo);
  const seen = [...messageList.map((m) => m.changeSequence), ...deletions.map((d) => toNumber(d.change_seq))];
  return {
    messageList,
    deletedMessageIDList: deletions.map((d) => d.id),
    changeSequence: isCompleted ? Math.max(afterChange, counter, ...seen) : upTo,
    isCompleted,
  };
}
