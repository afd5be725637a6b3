import type { WireMessage } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';

/**
 * Tencent's MsgKey, `<MsgSeq>_<MsgRandom>_<MsgTimeStamp>`: here the message's sequence in its
 * conversation, the sender's MsgRandom and its time in seconds. Both users' conversation is one
 * sequence, so a MsgKey and the two accounts name one message.
 */
export function msgKeyOf(message: Pick<WireMessage, 'sequence' | 'random' | 'time'>): string {
  return `${message.sequence}_${message.random}_${message.time}`;
}

/** A MsgKey's parts; null when it is not one this server answered. */
export function parseMsgKey(msgKey: string): { sequence: number; random: number; time: number } | null {
  const parts = /^(\d+)_(\d+)_(\d+)$/.exec(msgKey);
  if (!parts) return null;
  const [sequence, random, time] = parts.slice(1).map(Number) as [number, number, number];
  return Number.isSafeInteger(sequence) ? { sequence, random, time } : null;
}

/** A message a MsgKey names: its ID, version and stored content. */
export interface StoredByKey {
  id: string;
  version: number;
  type: string;
  payload: unknown;
  revoked: boolean;
}

/** How long after a batch send's MsgTime its last recipient's message may be stored. */
const BATCH_SPREAD_SECONDS = 60;

/**
 * The ID and version of the message a MsgKey names in a conversation, sent by `sender`; null when
 * there is none. A batch send answers one MsgKey for every recipient's conversation: there the
 * message is the one with its MsgRandom sent within a minute of its time (its sequence first).
 */
export async function findByMsgKey(
  db: Sql,
  convKey: string,
  sender: string,
  msgKey: string,
): Promise<StoredByKey | null> {
  const key = parseMsgKey(msgKey);
  if (!key) return null;
  const [row] = await db.query<{ id: string; version: unknown; type: string; payload: unknown; is_revoked: boolean }>(
    `SELECT id, version, type, payload, is_revoked FROM messages
      WHERE conv_key = $1 AND sender = $2 AND random = $3 AND time >= $4 AND time < $5
      ORDER BY seq = $6 DESC, seq LIMIT 1`,
    [convKey, sender, key.random, key.time * 1000, (key.time + BATCH_SPREAD_SECONDS) * 1000, key.sequence],
  );
  return row
    ? { id: row.id, version: toNumber(row.version), type: row.type, payload: row.payload, revoked: row.is_revoked }
    : null;
}
