import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { VISIBLE_TO_ME, visibleFloor } from './history';
import type { ConversationRef } from './keys';

/** What reactions and receipts need to know of a stored message. */
export interface MessageFacts {
  id: string;
  seq: number;
  sender: string;
  type: string;
  /** Milliseconds since the epoch, as stored. */
  time: number;
  needReadReceipt: boolean;
  isRevoked: boolean;
  /** Group members (sender excluded) who could read it when it was sent; 0 without needReadReceipt. */
  receiptTargets: number;
  /** A targeted message's receivers (only they and the sender see it); null for any other. */
  receivers: string[] | null;
}

interface FactsRow {
  id: string;
  seq: unknown;
  sender: string;
  type: string;
  time: unknown;
  need_read_receipt: boolean;
  is_revoked: boolean;
  receipt_targets: unknown;
  receivers: string[] | null;
}

export interface LookupOptions {
  /** Take the rows for update: the caller runs in a transaction and changes what depends on them. */
  lock?: boolean;
  /** The user's floor in this conversation when the caller has read it already (history.visibleFloor). */
  floor?: number | null;
}

/**
 * The messages with these IDs that the user can see in the conversation (above their floor, not
 * deleted by them), in no particular order; IDs not found are simply absent. A group the user is
 * not in is 10011 (10010 when it does not exist).
 */
export async function visibleMessages(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  messageIDs: readonly string[],
  { lock = false, floor: knownFloor }: LookupOptions = {},
): Promise<MessageFacts[]> {
  const floor = knownFloor === undefined ? await visibleFloor(db, userID, ref) : knownFloor;
  if (floor === null || messageIDs.length === 0) return [];
  const rows = await db.query<FactsRow>(
    `SELECT m.id, m.seq, m.sender, m.type, m.time, m.need_read_receipt, m.is_revoked, m.receipt_targets, m.receivers
       FROM messages m
      WHERE m.conv_key = $2 AND m.id = ANY($3) AND m.seq > $4 AND ${VISIBLE_TO_ME}
      ${lock ? 'ORDER BY m.seq FOR UPDATE OF m' : ''}`,
    [userID, ref.key, [...messageIDs], floor],
  );
  return rows.map((r) => ({
    id: r.id,
    seq: toNumber(r.seq),
    sender: r.sender,
    type: r.type,
    time: toNumber(r.time),
    needReadReceipt: r.need_read_receipt,
    isRevoked: r.is_revoked,
    receiptTargets: toNumber(r.receipt_targets),
    receivers: r.receivers,
  }));
}

/** Like visibleMessages, but every ID must be found (else 8003 naming the first missing one), in the order given. */
export async function requireVisibleMessages(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  messageIDs: readonly string[],
  options: LookupOptions = {},
): Promise<MessageFacts[]> {
  const found = new Map((await visibleMessages(db, userID, ref, messageIDs, options)).map((m) => [m.id, m]));
  return messageIDs.map((id) => {
    const message = found.get(id);
    if (!message) {
      throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND, `message ${id} not found in ${ref.conversationID}`);
    }
    return message;
  });
}
