import { ErrorCode, GroupType, LiaisonError, type WireMessage } from '@liaison/protocol';
import type { Database, Sql } from '../db/database';
import { toNumber } from '../db/database';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from './rows';

/** A validated send, addressed by storage key. */
export interface NewMessage {
  key: string;
  convType: 'C2C' | 'GROUP';
  sender: string;
  /** Peer user ID (C2C) or group ID. */
  recipient: string;
  id: string;
  payload: WireMessage['payload'];
  atUserList: string[];
  clientTime: number;
  random: number;
  nick: string;
  avatar: string;
  cloudCustomData: string;
  needReadReceipt: boolean;
  /** The session that sent it: it gets the ack, not a push. */
  origin: string;
}

export interface WriteResult {
  message: WireMessage;
  origin: string;
  /** The ID was stored before: this is the first copy, and it is not delivered again. */
  duplicate: boolean;
}

interface Pending {
  input: NewMessage;
  resolve: (result: WriteResult) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 1000;

/**
 * Group commit: every send waiting while a transaction runs goes into the next one, as one
 * multi-row INSERT. A send resolves only after its transaction has committed.
 */
export class MessageWriter {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  /** Conversation keys whose rows are known to exist; saves two inserts per C2C send. */
  private readonly knownKeys = new Set<string>();

  constructor(
    private readonly db: Database,
    /** Publishes what a transaction committed; sends are acknowledged after it settles. */
    private readonly onCommitted: (results: WriteResult[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  submit(input: NewMessage): Promise<WriteResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  /** Resolves once everything submitted so far is committed (or failed). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        let outcomes: Array<WriteResult | LiaisonError>;
        let created: string[] = [];
        try {
          ({ outcomes, created } = await this.db.transaction((tx) => writeBatch(tx, batch, this.knownKeys)));
        } catch (err) {
          this.onError(err);
          for (const p of batch) p.reject(new LiaisonError(ErrorCode.INTERNAL));
          continue;
        }
        for (const key of created) this.knownKeys.add(key);
        const committed = outcomes.filter((o): o is WriteResult => !(o instanceof LiaisonError));
        // A failed publish does not undo a commit: recipients catch up through sequence gaps.
        if (committed.length > 0) await this.onCommitted(committed).catch(this.onError);
        outcomes.forEach((outcome, i) => {
          const p = batch[i] as Pending;
          if (outcome instanceof LiaisonError) p.reject(outcome);
          else p.resolve(outcome);
        });
      }
    } finally {
      this.flushing = null;
    }
  }
}

async function writeBatch(
  tx: Sql,
  batch: Pending[],
  knownKeys: ReadonlySet<string>,
): Promise<{ outcomes: Array<WriteResult | LiaisonError>; created: string[] }> {
  const now = Date.now();
  const inputs = batch.map((p) => p.input);
  const outcomes: Array<WriteResult | LiaisonError | null> = await authorise(tx, inputs);

  const created = await ensureC2CConversations(
    tx,
    inputs.filter((m, i) => outcomes[i] === null && m.convType === 'C2C' && !knownKeys.has(m.key)),
    now,
  );

  const stored = inputs.filter((_, i) => outcomes[i] === null);
  const keys = [...new Set(stored.map((m) => m.key))].sort();
  const maxSeq = new Map<string, number>();
  for (const row of await tx.query<{ conv_key: string; max_seq: unknown }>(
    'SELECT conv_key, max_seq FROM conversations WHERE conv_key = ANY($1) ORDER BY conv_key FOR UPDATE',
    [keys],
  )) {
    maxSeq.set(row.conv_key, toNumber(row.max_seq));
  }
  const existing = new Map<string, MessageRow & { conv_key: string }>();
  if (stored.length > 0) {
    for (const row of await tx.query<MessageRow & { conv_key: string }>(
      `SELECT conv_key, ${MESSAGE_COLUMNS} FROM messages WHERE conv_key = ANY($1) AND id = ANY($2)`,
      [keys, [...new Set(stored.map((m) => m.id))]],
    )) {
      existing.set(`${row.conv_key}\n${row.id}`, row);
    }
  }

  const fresh = new Map<string, WireMessage>();
  const rows: Array<{ input: NewMessage; message: WireMessage }> = [];
  inputs.forEach((input, i) => {
    if (outcomes[i] !== null) return;
    const dedupeKey = `${input.key}\n${input.id}`;
    const prior = existing.get(dedupeKey);
    if (prior) {
      outcomes[i] =
        prior.sender === input.sender
          ? { message: toWireMessage(prior), origin: input.origin, duplicate: true }
          : new LiaisonError(ErrorCode.MESSAGE_ID_CONFLICT);
      return;
    }
    const inBatch = fresh.get(dedupeKey);
    if (inBatch) {
      outcomes[i] =
        inBatch.from === input.sender
          ? { message: inBatch, origin: input.origin, duplicate: true }
          : new LiaisonError(ErrorCode.MESSAGE_ID_CONFLICT);
      return;
    }
    const seq = (maxSeq.get(input.key) ?? 0) + 1;
    maxSeq.set(input.key, seq);
    const message = toWire(input, seq, now);
    fresh.set(dedupeKey, message);
    rows.push({ input, message });
    outcomes[i] = { message, origin: input.origin, duplicate: false };
  });

  if (rows.length > 0) {
    await insertMessages(tx, rows, now);
    await advanceConversations(tx, rows, now);
  }
  return { outcomes: outcomes as Array<WriteResult | LiaisonError>, created };
}

/**
 * Marks (with an outcome) every input that may not be stored: unknown recipient, unknown group,
 * sender not a member. AVChatRoom messages are authorised, then delivered but never stored.
 */
async function authorise(tx: Sql, inputs: NewMessage[]): Promise<Array<WriteResult | LiaisonError | null>> {
  const peers = [...new Set(inputs.filter((m) => m.convType === 'C2C').map((m) => m.recipient))];
  const groupMsgs = inputs.filter((m) => m.convType === 'GROUP');
  const knownUsers = new Set<string>();
  if (peers.length > 0) {
    for (const row of await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [
      peers,
    ])) {
      knownUsers.add(row.user_id);
    }
  }
  const groupTypes = new Map<string, string>();
  const memberships = new Set<string>();
  if (groupMsgs.length > 0) {
    const groupIDs = [...new Set(groupMsgs.map((m) => m.recipient))];
    for (const row of await tx.query<{ group_id: string; type: string }>(
      'SELECT group_id, type FROM groups WHERE group_id = ANY($1)',
      [groupIDs],
    )) {
      groupTypes.set(row.group_id, row.type);
    }
    for (const row of await tx.query<{ group_id: string; user_id: string }>(
      `SELECT m.group_id, m.user_id FROM group_members m
         JOIN unnest($1::text[], $2::text[]) AS v(g, u) ON m.group_id = v.g AND m.user_id = v.u`,
      [groupMsgs.map((m) => m.recipient), groupMsgs.map((m) => m.sender)],
    )) {
      memberships.add(`${row.group_id}\n${row.user_id}`);
    }
  }
  const now = Date.now();
  return inputs.map((m) => {
    if (m.convType === 'C2C') return knownUsers.has(m.recipient) ? null : new LiaisonError(ErrorCode.USER_NOT_FOUND);
    const type = groupTypes.get(m.recipient);
    if (type === undefined) return new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
    if (!memberships.has(`${m.recipient}\n${m.sender}`)) return new LiaisonError(ErrorCode.GROUP_NOT_MEMBER);
    if (type === GroupType.AVCHATROOM) return { message: toWire(m, 0, now), origin: m.origin, duplicate: false };
    return null;
  });
}

/** First message between two users: the conversation row and both users' views of it. */
async function ensureC2CConversations(tx: Sql, inputs: NewMessage[], now: number): Promise<string[]> {
  if (inputs.length === 0) return [];
  const keys = [...new Set(inputs.map((m) => m.key))];
  await tx.query('INSERT INTO conversations (conv_key) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [keys]);
  const users: string[] = [];
  const convKeys: string[] = [];
  const targets: string[] = [];
  for (const m of inputs) {
    users.push(m.sender, m.recipient);
    convKeys.push(m.key, m.key);
    targets.push(m.recipient, m.sender);
  }
  await tx.query(
    `INSERT INTO user_conversations (user_id, conv_key, conv_type, target, updated_at)
       SELECT u, k, 'C2C', t, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS v(u, k, t)
       ON CONFLICT DO NOTHING`,
    [users, convKeys, targets, now],
  );
  return keys;
}

async function insertMessages(tx: Sql, rows: Array<{ input: NewMessage; message: WireMessage }>, now: number) {
  const col = <T>(pick: (r: { input: NewMessage; message: WireMessage }) => T) => rows.map(pick);
  await tx.query(
    `INSERT INTO messages (conv_key, seq, id, conv_type, sender, recipient, type, payload, at_user_list, time,
                           client_time, random, nick, avatar, cloud_custom_data, need_read_receipt)
       SELECT k, s, i, ct, f, r, 'TIMTextElem', p::jsonb, a::jsonb, $13, c, rnd, n, av, cd, rr
       FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::bigint[], $10::bigint[], $11::text[], $12::text[], $14::text[], $15::boolean[])
         AS v(k, s, i, ct, f, r, p, a, c, rnd, n, av, cd, rr)`,
    [
      col((r) => r.input.key),
      col((r) => r.message.sequence),
      col((r) => r.input.id),
      col((r) => r.input.convType),
      col((r) => r.input.sender),
      col((r) => r.input.recipient),
      col((r) => JSON.stringify(r.input.payload)),
      col((r) => JSON.stringify(r.input.atUserList)),
      col((r) => r.input.clientTime),
      col((r) => r.input.random),
      col((r) => r.input.nick),
      col((r) => r.input.avatar),
      now,
      col((r) => r.input.cloudCustomData),
      col((r) => r.input.needReadReceipt),
    ],
  );
}

/** One row per conversation and per sender, however many members: that is what keeps groups O(1). */
async function advanceConversations(tx: Sql, rows: Array<{ input: NewMessage; message: WireMessage }>, now: number) {
  const maxByKey = new Map<string, number>();
  const senderRead = new Map<string, { user: string; key: string; seq: number }>();
  for (const { input, message } of rows) {
    maxByKey.set(input.key, Math.max(maxByKey.get(input.key) ?? 0, message.sequence));
    senderRead.set(`${input.sender}\n${input.key}`, { user: input.sender, key: input.key, seq: message.sequence });
  }
  await tx.query(
    `UPDATE conversations c SET max_seq = v.s, last_time = $3
       FROM unnest($1::text[], $2::bigint[]) AS v(k, s) WHERE c.conv_key = v.k`,
    [[...maxByKey.keys()], [...maxByKey.values()], now],
  );
  // Sending reads the conversation for the sender, so their own messages never count as unread.
  const reads = [...senderRead.values()];
  await tx.query(
    `UPDATE user_conversations uc SET read_seq = GREATEST(uc.read_seq, v.s), hidden = false
       FROM unnest($1::text[], $2::text[], $3::bigint[]) AS v(u, k, s)
       WHERE uc.user_id = v.u AND uc.conv_key = v.k`,
    [reads.map((r) => r.user), reads.map((r) => r.key), reads.map((r) => r.seq)],
  );
}

function toWire(input: NewMessage, sequence: number, now: number): WireMessage {
  return {
    ID: input.id,
    conversationType: input.convType,
    from: input.sender,
    to: input.recipient,
    type: 'TIMTextElem',
    payload: input.payload,
    atUserList: input.atUserList,
    sequence,
    time: Math.floor(now / 1000),
    clientTime: input.clientTime,
    random: input.random,
    nick: input.nick,
    avatar: input.avatar,
    cloudCustomData: input.cloudCustomData,
    needReadReceipt: input.needReadReceipt,
  };
}
