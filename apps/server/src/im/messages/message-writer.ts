import {
  AT_ALL,
  CALLER_NOT_IN_GROUP_MESSAGE,
  ErrorCode,
  GroupType,
  LiaisonError,
  type MergedMessage,
  type MessageControlInfo,
  type WireMessage,
  type WireMessageType,
} from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { type C2CRules, c2cPairKey, c2cRefusals, checkEveryPair } from '../relations/c2c-permission';
import { CONTROL_NO_UNREAD, controlBits, type MessageRow, SENT_MESSAGE_COLUMNS, toWireMessage } from '../rows';
import { storedTokens, tokensSql } from './searchable-text';

/** A validated send, addressed by storage key. */
export interface NewMessage {
  key: string;
  convType: 'C2C' | 'GROUP';
  sender: string;
  /** Peer user ID (C2C) or group ID. */
  recipient: string;
  id: string;
  type: WireMessageType;
  /** The delivered payload, valid for `type` (im/messages/message-content.ts). */
  payload: WireMessage['payload'];
  atUserList: string[];
  clientTime: number;
  random: number;
  nick: string;
  avatar: string;
  cloudCustomData: string;
  needReadReceipt: boolean;
  /** Sent with isSupportExtension (Tencent's message extensions; im/message-extensions). */
  isSupportExtension?: boolean;
  /** Tencent's onlineUserOnly: authorised like any send, then delivered live and never stored. */
  onlineOnly?: boolean;
  /**
   * A targeted group message (Tencent's receiverList): who besides the sender receives and sees it.
   * Narrowed to the group's members when authorised.
   */
  receivers?: string[];
  /** Tencent's messageControlInfo: kept out of unread counts and/or the conversation's last message. */
  control?: MessageControlInfo;
  /** The session that sent it: it gets the ack, not a push. */
  origin: string;
  /**
   * File IDs and merged-record keys the message names: stored with it, they become readable by
   * the conversation's members (file_grants), and named files count as used.
   */
  grants?: readonly string[];
  /**
   * A merged record made for this message, stored with it (once, even if the send is retried),
   * with where each of its messages was copied from (so a revoke there shows in the record).
   */
  record?: { downloadKey: string; messageList: MergedMessage[]; sources?: readonly MergedSource[] } | null;
  /** Server-made (group tips): no membership of the sender is needed. */
  system?: boolean;
  /**
   * Besides the sender, users for whom the message is read once stored: a tip is no news to the
   * people it is about (whoever created the group or joined it does not get it as unread).
   */
  readBy?: readonly string[];
}

/**
 * A message moved from another system (the REST API's importmsg, import_group_msg): stored with
 * its original time, never delivered live. `system`, so neither a blocklist nor a membership
 * refuses it: it was sent long ago, by someone who may have left the group since.
 */
export interface ImportedMessage extends NewMessage {
  /** When it was sent (ms). */
  time: number;
  system: true;
}

/** A message a merged record copied: its conversation's storage key and its ID. */
export interface MergedSource {
  key: string;
  id: string;
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
/** Users are never deleted, so a recipient once found stays valid; the cache only saves a query. */
const KNOWN_USERS_MAX = 200_000;

/**
 * Group commit: every send waiting while a batch is stored goes into the next one, as one
 * statement. A send resolves only after its transaction has committed and its pushes are
 * on the bus. Conversations are spread over lanes by key; each lane stores one batch at a
 * time, so a conversation's messages keep their order while different conversations commit in
 * parallel (on PostgreSQL; PGlite has a single connection and gets one lane).
 */
export class MessageWriter {
  private readonly lanes: Lane[];
  private readonly caches: WriterCaches = { conversations: new Set(), users: new Set() };

  constructor(
    private readonly db: Database,
    /** Publishes what a transaction committed; sends are acknowledged after it settles. */
    onCommitted: (results: WriteResult[]) => Promise<void>,
    onError: (err: unknown) => void,
    laneCount = 1,
    /** Blocklist and friendship rules of one-to-one sends (im/relations/c2c-permission.ts). */
    c2c: C2CRules = checkEveryPair,
  ) {
    this.lanes = Array.from({ length: laneCount }, () => new Lane(db, this.caches, onCommitted, onError, c2c));
  }

  submit(input: NewMessage): Promise<WriteResult> {
    return (this.lanes[laneOf(input.key, this.lanes.length)] as Lane).submit(input);
  }

  /**
   * Stores imported messages in one statement, the live sends' insert with each row's own time,
   * outside the lanes: nothing is published, so no one hears of them until they read history.
   * Each gets the next sequence of its conversation (after whatever is stored there now); an ID
   * stored before answers the stored message (`duplicate`).
   */
  async importMessages(inputs: readonly ImportedMessage[]): Promise<Array<WriteResult | LiaisonError>> {
    if (inputs.length === 0) return [];
    for (let attempt = 1; ; attempt++) {
      try {
        const written = await writeBatch(this.db, inputs, this.caches, checkEveryPair, true, true);
        for (const key of written.created) this.caches.conversations.add(key);
        // A duplicate's ID names its time too (rest-import ID), so the original time answers it as well.
        const now = Date.now();
        return written.outcomes.map((o, i) => {
          if (o instanceof LiaisonError) return o;
          const time = Math.min((inputs[i] as ImportedMessage).time, now);
          return { ...o, message: { ...o.message, time: Math.floor(time / 1000) } };
        });
      } catch (err) {
        // The same import running at once elsewhere: stored again, checked, it answers as a duplicate.
        if (!isUniqueViolation(err) || attempt >= STORE_ATTEMPTS) throw err;
      }
    }
  }

  /** Resolves once everything submitted so far is committed and acknowledged (or failed). */
  async drain(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.drain()));
  }
}

interface WriterCaches {
  /** Conversation keys whose rows are known to exist; saves the inserts of a first C2C message. */
  conversations: Set<string>;
  /** Users known to exist. */
  users: Set<string>;
}

class Lane {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private readonly publishing = new Set<Promise<void>>();
  /** Until then, batches look for IDs stored before (a duplicate was sent). */
  private checkedUntil = 0;

  constructor(
    private readonly db: Database,
    private readonly caches: WriterCaches,
    private readonly onCommitted: (results: WriteResult[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly c2c: C2CRules,
  ) {}

  submit(input: NewMessage): Promise<WriteResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.flushing ??= this.flushAfterReads();
    });
  }

  async drain(): Promise<void> {
    while (this.flushing || this.publishing.size > 0) {
      await this.flushing;
      await Promise.all(this.publishing);
    }
  }

  /**
   * Starts a batch once this turn of the event loop has read every frame that arrived, so the
   * batch holds all of them rather than the first alone (PGlite also runs synchronously, and a
   * batch started mid-read would block the rest of the reads behind a one-message statement).
   */
  private async flushAfterReads(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await this.flush();
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.store(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.flushing = null;
    }
  }

  /**
   * Stores one batch. When the database refuses a row's data, the batch (one statement, so
   * nothing of it was stored) is split in halves and each is stored again, first half first to
   * keep each conversation's order, until the refused row fails alone: no bad row ever fails
   * another user's send. Any other failure is the database's, fails the whole batch and is
   * logged once.
   */
  private async store(batch: Pending[], attempt = 1): Promise<void> {
    let written: Awaited<ReturnType<typeof writeBatch>>;
    const checked = attempt > 1 || Date.now() < this.checkedUntil;
    try {
      written = await writeBatch(
        this.db,
        batch.map((p) => p.input),
        this.caches,
        this.c2c,
        checked,
        false,
      );
    } catch (err) {
      // A message of this batch was stored before (a retried send), or by another process after the
      // statement's snapshot was taken (the same send, twice at once). Nothing was stored; a checked
      // statement sees the row and answers it as a duplicate. Retries come in bursts (a client
      // reconnecting), so the lane checks for a while rather than paying each one twice.
      if (isUniqueViolation(err) && attempt < STORE_ATTEMPTS) {
        if (!checked) this.checkedUntil = Date.now() + CHECKED_AFTER_DUPLICATE_MS;
        await this.store(batch, attempt + 1);
        return;
      }
      if (batch.length > 1 && isRefusedRow(err)) {
        const half = Math.ceil(batch.length / 2);
        await this.store(batch.slice(0, half));
        await this.store(batch.slice(half));
        return;
      }
      this.onError(err);
      for (const p of batch) p.reject(new LiaisonError(ErrorCode.INTERNAL));
      return;
    }
    for (const key of written.created) this.caches.conversations.add(key);
    // The next batch is stored while this one's pushes go out.
    this.track(this.publish(batch, written.outcomes));
  }

  private async publish(batch: Pending[], outcomes: Array<WriteResult | LiaisonError>): Promise<void> {
    const committed = outcomes.filter((o): o is WriteResult => !(o instanceof LiaisonError));
    // A failed publish does not undo a commit: recipients catch up through sequence gaps.
    if (committed.length > 0) await this.onCommitted(committed).catch(this.onError);
    outcomes.forEach((outcome, i) => {
      const p = batch[i] as Pending;
      if (outcome instanceof LiaisonError) p.reject(outcome);
      else p.resolve(outcome);
    });
  }

  private track(promise: Promise<void>): void {
    this.publishing.add(promise);
    void promise.finally(() => this.publishing.delete(promise));
  }
}

/**
 * Stores a batch in one statement, so one round trip and one commit: it locks the conversations'
 * head rows (in key order, so processes never deadlock), finds IDs already stored, numbers the
 * rest after each head in submission order, inserts them, and moves the heads and the senders'
 * read positions. `created` lists conversations made for first messages, cached once stored.
 */
async function writeBatch(
  db: Sql,
  inputs: readonly NewMessage[],
  caches: Readonly<WriterCaches>,
  c2c: C2CRules,
  checked: boolean,
  imported: boolean,
): Promise<{ outcomes: Array<WriteResult | LiaisonError>; created: string[] }> {
  const now = Date.now();
  const outcomes: Array<WriteResult | LiaisonError | null> = await authorise(db, inputs, caches, now, c2c);

  // The first copy of an ID within the batch is the one stored; later copies answer with it.
  const firstOf = new Map<string, number>();
  const toStore: number[] = [];
  inputs.forEach((m, i) => {
    if (outcomes[i] !== null) return;
    const key = `${m.key}\n${m.id}`;
    if (!firstOf.has(key)) {
      firstOf.set(key, i);
      toStore.push(i);
    }
  });
  if (toStore.length === 0) return { outcomes: outcomes as Array<WriteResult | LiaisonError>, created: [] };
  const newC2C = [
    ...new Map(
      toStore
        .map((i) => inputs[i] as NewMessage)
        .filter((m) => m.convType === 'C2C' && !caches.conversations.has(m.key))
        .map((m) => [m.key, m]),
    ).values(),
  ];
  await ensureC2CConversations(db, newC2C, now);

  const withGrants = toStore.some((i) => hasGrants(inputs[i] as NewMessage));
  const withControl = toStore.some((i) => hasControl(inputs[i] as NewMessage));
  // Chosen once: a live batch's rows are built as they always were.
  const record = imported ? toImportedRecord : toRecord;
  const rows = await db.query<MessageRow & { kind: 'new' | 'prior'; conv_key: string }>(
    storeStatement(withGrants, withControl, checked, imported),
    [JSON.stringify(toStore.map((i, ord) => record(inputs[i] as NewMessage, ord, withGrants))), now],
  );
  const found = new Map(rows.map((r) => [`${r.conv_key}\n${r.id}`, r]));
  inputs.forEach((m, i) => {
    if (outcomes[i] !== null) return;
    const row = found.get(`${m.key}\n${m.id}`);
    const first = firstOf.get(`${m.key}\n${m.id}`) as number;
    if (!row) {
      outcomes[i] = new LiaisonError(ErrorCode.INTERNAL);
      return;
    }
    if (row.sender !== m.sender) {
      outcomes[i] = new LiaisonError(ErrorCode.MESSAGE_ID_CONFLICT);
      return;
    }
    const isNew = row.kind === 'new' && first === i;
    const message =
      row.kind === 'new' ? toWire(inputs[first] as NewMessage, toNumber(row.seq), now) : toWireMessage(row);
    outcomes[i] = { message, origin: m.origin, duplicate: !isNew };
  });
  return { outcomes: outcomes as Array<WriteResult | LiaisonError>, created: newC2C.map((m) => m.key) };
}

/**
 * The batch statement. A batch whose messages name files or records also grants them and stores
 * the records in the same statement, for inserted rows only (a retried duplicate grants nothing);
 * text-only batches run the statement without those steps, so they cost nothing more. Likewise
 * only a batch holding a targeted message or one with messageControlInfo (`withControl`) stores
 * their columns and moves the conversations' uncounted_seq; other rows leave them NULL. Unless
 * `checked`, it does not look for IDs stored before: a duplicate then fails the statement on the
 * (conv_key, id) key, which the insert probes anyway, and the batch is stored again checked. An
 * `imported` batch stores each row's own time (tm, never after now), marks its rows imported (so
 * clients file them as history) and moves a conversation's last_time only forward.
 */
const storeBatch = (withGrants: boolean, withControl: boolean, checked: boolean, imported: boolean) => `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb)
      AS v(ord int, k text, i text, ct text, f text, r text, t text, p jsonb, a jsonb, c bigint, rnd bigint,
           n text, av text, cd text, rr boolean, rb jsonb, st text, x boolean${withGrants ? ', g jsonb, dk text, mr jsonb, ms jsonb' : ''}${withControl ? ', rl text[], ctl smallint' : ''}${imported ? ', tm bigint' : ''})
  ), heads AS (
    SELECT conv_key, max_seq FROM conversations
     WHERE conv_key IN (SELECT k FROM input) ORDER BY conv_key FOR UPDATE
  ), ${checked ? PRIOR_STEP : ''}fresh AS (
    SELECT input.*, heads.max_seq + row_number() OVER (PARTITION BY input.k ORDER BY input.ord) AS s
      FROM input JOIN heads ON heads.conv_key = input.k${checked ? NOT_PRIOR : ''}
  ), inserted AS (
    INSERT INTO messages (conv_key, seq, id, conv_type, sender, recipient, type, payload, at_user_list, time,
                          client_time, random, nick, avatar, cloud_custom_data, need_read_receipt, receipt_targets,
                          search_tokens, supports_extension${withControl ? ', receivers, control' : ''}${imported ? ', imported' : ''})
    SELECT k, s, i, ct, f, r, COALESCE(t, 'TIMTextElem'), p, a, ${imported ? 'LEAST(tm, $2)' : '$2'}, c, rnd, n, av, cd, rr,
           ${withControl ? TARGETED_RECEIPT_TARGETS : RECEIPT_TARGETS}, ${tokensSql('st')}, COALESCE(x, false)${withControl ? ', rl, ctl' : ''}${imported ? ', true' : ''} FROM fresh
    RETURNING conv_key, id, seq, sender
  ), ${withGrants ? GRANT_STEPS : ''}moved AS (
    UPDATE conversations c SET max_seq = h.s, last_time = ${imported ? 'GREATEST(c.last_time, h.t)' : '$2'}${withControl ? UNCOUNTED_SEQ : ''}
      FROM (SELECT k, max(s) AS s${imported ? ', max(LEAST(tm, $2)) AS t' : ''}${withControl ? UNCOUNTED_MAX : ''} FROM fresh GROUP BY k) h
     WHERE c.conv_key = h.k
  ), reads AS (
    -- Sending reads the conversation: one's own messages never count as unread (nor a tip about oneself).
    UPDATE user_conversations uc SET read_seq = GREATEST(uc.read_seq, rd.s), hidden = false
      FROM (SELECT f, k, max(s) AS s
              FROM (SELECT f, k, s FROM fresh
                    UNION ALL
                    SELECT reader, k, s FROM fresh CROSS JOIN LATERAL jsonb_array_elements_text(fresh.rb) AS r(reader)
                     WHERE fresh.rb IS NOT NULL) readers
             GROUP BY f, k) rd
     WHERE uc.user_id = rd.f AND uc.conv_key = rd.k
  )
  SELECT 'new' AS kind, conv_key, id, seq, sender, NULL AS conv_type, NULL AS recipient, NULL AS type,
         NULL::jsonb AS payload, NULL::jsonb AS at_user_list, NULL::bigint AS time, NULL::bigint AS client_time,
         NULL::bigint AS random, NULL AS nick, NULL AS avatar, NULL AS cloud_custom_data,
         NULL::boolean AS need_read_receipt, NULL::boolean AS has_risk_content, NULL::boolean AS is_revoked,
         NULL AS revoker, NULL::integer AS version, NULL::bigint AS change_seq,
         NULL::boolean AS supports_extension, NULL::jsonb AS revoker_info, NULL::text[] AS receivers,
         NULL::smallint AS control
    FROM inserted${checked ? PRIOR_ROWS : ''}`;

/** The checked statement's steps: IDs stored before, answered with the message as stored. */
const PRIOR_STEP = `prior AS (
    SELECT m.conv_key, ${prefixed('m')} FROM messages m JOIN input ON m.conv_key = input.k AND m.id = input.i
  ), `;
const NOT_PRIOR = `
     WHERE NOT EXISTS (SELECT 1 FROM prior WHERE prior.conv_key = input.k AND prior.id = input.i)`;
const PRIOR_ROWS = `
  UNION ALL
  -- A retried send is answered with the message as it is now (revoked or modified since, maybe).
  SELECT 'prior', conv_key, id, seq, sender, conv_type, recipient, type, payload, at_user_list, time, client_time,
         random, nick, avatar, cloud_custom_data, need_read_receipt, has_risk_content, is_revoked, revoker, version,
         change_seq, supports_extension, revoker_info, receivers, control
    FROM prior`;

/**
 * A group message sent with needReadReceipt: how many members besides the sender could read it,
 * from the group's member count (the sender is a member: the send was authorised). Read receipts
 * count against it (im/receipts/receipts.ts); nothing is written per member. Evaluated only for
 * such messages, and never for groups without receipts (AVChatRoom is never stored).
 */
const RECEIPT_TARGETS = `CASE WHEN fresh.rr AND fresh.ct = 'GROUP' THEN COALESCE(
      (SELECT GREATEST(g.member_count - 1, 0) FROM groups g WHERE g.group_id = fresh.r AND g.type <> 'Community'), 0)
    ELSE 0 END`;

/** A targeted message's receipts count its receivers (members, the sender not among them: authorise). */
const TARGETED_RECEIPT_TARGETS = `CASE WHEN fresh.rr AND fresh.rl IS NOT NULL THEN cardinality(fresh.rl)
    ELSE ${RECEIPT_TARGETS} END`;

/** The newest message of each conversation kept out of unread counts (im/messages/unread.ts reads it). */
const UNCOUNTED_MAX = `, max(s) FILTER (WHERE (ctl & ${CONTROL_NO_UNREAD}) = ${CONTROL_NO_UNREAD}) AS u`;
const UNCOUNTED_SEQ = ', uncounted_seq = COALESCE(h.u, c.uncounted_seq)';

const GRANT_STEPS = `named AS (
    SELECT g.id, fresh.k, max(inserted.seq) AS s FROM fresh
      JOIN inserted ON inserted.conv_key = fresh.k AND inserted.id = fresh.i
      CROSS JOIN LATERAL jsonb_array_elements_text(fresh.g) AS g(id)
     GROUP BY g.id, fresh.k
  ), granted AS (
    -- The newest message carrying the file: a member whose history starts after it may not read it.
    INSERT INTO file_grants (file_id, conv_key, last_seq) SELECT id, k, s FROM named ORDER BY id, k
    ON CONFLICT (file_id, conv_key) DO UPDATE SET last_seq = GREATEST(file_grants.last_seq, EXCLUDED.last_seq)
  ), unused AS (
    -- Locked in ID order: two lanes naming the same new files never wait on each other in a cycle.
    SELECT file_id FROM files WHERE used_at IS NULL AND file_id IN (SELECT id FROM named)
     ORDER BY file_id FOR UPDATE
  ), used AS (
    UPDATE files SET used_at = $2 FROM unused WHERE files.file_id = unused.file_id
  ), records AS (
    INSERT INTO merged_records (download_key, owner_id, message_list, created_at)
    SELECT fresh.dk, fresh.f, fresh.mr, $2 FROM fresh
      JOIN inserted ON inserted.conv_key = fresh.k AND inserted.id = fresh.i
     WHERE fresh.dk IS NOT NULL
    ON CONFLICT DO NOTHING
  ), record_sources AS (
    INSERT INTO merged_record_sources (download_key, conv_key, message_id)
    SELECT DISTINCT fresh.dk, src.key, src.id FROM fresh
      JOIN inserted ON inserted.conv_key = fresh.k AND inserted.id = fresh.i
      CROSS JOIN LATERAL jsonb_to_recordset(fresh.ms) AS src(key text, id text)
     WHERE fresh.dk IS NOT NULL AND fresh.ms IS NOT NULL
    ON CONFLICT DO NOTHING
  ), `;
/** Every variant, made once: index bit 8 imported, 4 withGrants, 2 withControl, 1 checked. */
const STORE_BATCH = Array.from({ length: 16 }, (_, i) =>
  storeBatch((i & 4) !== 0, (i & 2) !== 0, (i & 1) !== 0, (i & 8) !== 0),
);

function storeStatement(withGrants: boolean, withControl: boolean, checked: boolean, imported: boolean): string {
  return STORE_BATCH[(imported ? 8 : 0) + (withGrants ? 4 : 0) + (withControl ? 2 : 0) + (checked ? 1 : 0)] as string;
}

function hasGrants(m: NewMessage): boolean {
  return (m.grants?.length ?? 0) > 0 || Boolean(m.record);
}

function hasControl(m: NewMessage): boolean {
  return m.receivers !== undefined || m.control !== undefined;
}

function toRecord(m: NewMessage, ord: number, withGrants: boolean) {
  return {
    ord,
    k: m.key,
    i: m.id,
    ct: m.convType,
    f: m.sender,
    r: m.recipient,
    // Text, by far the most common, is the default: its rows carry no type.
    ...(m.type === 'TIMTextElem' ? {} : { t: m.type }),
    p: m.payload,
    a: m.atUserList,
    c: m.clientTime,
    rnd: m.random,
    n: m.nick,
    av: m.avatar,
    cd: m.cloudCustomData,
    rr: m.needReadReceipt,
    ...(m.readBy ? { rb: m.readBy } : {}),
    ...(m.isSupportExtension ? { x: true } : {}),
    ...(m.receivers ? { rl: m.receivers } : {}),
    ...(m.control ? { ctl: controlBits(m.control) } : {}),
    st: storedTokens(m.type, m.payload),
    ...(withGrants
      ? {
          g: m.grants ?? [],
          dk: m.record?.downloadKey ?? null,
          mr: m.record?.messageList ?? null,
          ms: m.record?.sources ?? null,
        }
      : {}),
  };
}

/** An imported message's row: a live one's, with its own time. */
function toImportedRecord(m: NewMessage, ord: number, withGrants: boolean) {
  return { ...toRecord(m, ord, withGrants), tm: (m as ImportedMessage).time };
}

/**
 * Marks (with an outcome) every input that may not be stored: unknown recipient, unknown group,
 * sender not a member. AVChatRoom messages are authorised, then delivered but never stored.
 */
async function authorise(
  tx: Sql,
  inputs: readonly NewMessage[],
  caches: Readonly<WriterCaches>,
  now: number,
  c2c: C2CRules,
): Promise<Array<WriteResult | LiaisonError | null>> {
  const unknownPeers = [
    ...new Set(inputs.filter((m) => m.convType === 'C2C' && !caches.users.has(m.recipient)).map((m) => m.recipient)),
  ];
  if (unknownPeers.length > 0) {
    if (caches.users.size > KNOWN_USERS_MAX) caches.users.clear();
    for (const row of await tx.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [
      unknownPeers,
    ])) {
      caches.users.add(row.user_id);
    }
  }
  const groupSends = new Map<string, { g: string; u: string }>();
  for (const m of inputs) {
    if (m.convType === 'GROUP' && !m.system)
      groupSends.set(`${m.recipient}\n${m.sender}`, { g: m.recipient, u: m.sender });
  }
  const groupTypes = new Map<string, string>();
  // Sender's role and mute end (ms) by group and sender; groups with mute-all on.
  const memberships = new Map<string, { role: string; muteUntil: number }>();
  const mutedGroups = new Set<string>();
  // Communities that support topics: their messages go to their topics (2115).
  const topicsOnly = new Set<string>();
  if (groupSends.size > 0) {
    // A community topic's ID names the recipient: its community's members send, and either's mute-all holds.
    for (const row of await tx.query<{
      group_id: string;
      type: string;
      mute_all: boolean;
      topics_only: boolean;
      member: string | null;
      role: string | null;
      mute_until: unknown;
    }>(
      `SELECT v.g AS group_id, g.type, g.mute_all OR COALESCE(t.mute_all, false) AS mute_all,
              g.is_support_topic AND t.topic_id IS NULL AS topics_only, m.user_id AS member, m.role, m.mute_until
         FROM jsonb_to_recordset($1::jsonb) AS v(g text, u text)
         LEFT JOIN topics t ON t.topic_id = v.g
         JOIN groups g ON g.group_id = COALESCE(t.group_id, v.g) AND g.dismissed_at IS NULL
         LEFT JOIN group_members m ON m.group_id = g.group_id AND m.user_id = v.u`,
      [JSON.stringify([...groupSends.values()])],
    )) {
      groupTypes.set(row.group_id, row.type);
      if (row.mute_all) mutedGroups.add(row.group_id);
      if (row.topics_only) topicsOnly.add(row.group_id);
      if (row.member) {
        memberships.set(`${row.group_id}\n${row.member}`, {
          role: row.role ?? 'Member',
          muteUntil: toNumber(row.mute_until),
        });
      }
    }
  }
  const systemGroups = [
    ...new Set(inputs.filter((m) => m.system && !groupTypes.has(m.recipient)).map((m) => m.recipient)),
  ];
  if (systemGroups.length > 0) {
    // A topic's server-made messages (the administrator's REST sends) take its community's type.
    for (const row of await tx.query<{ group_id: string; type: string }>(
      `SELECT v.g AS group_id, g.type FROM unnest($1::text[]) AS v(g)
         LEFT JOIN topics t ON t.topic_id = v.g
         JOIN groups g ON g.group_id = COALESCE(t.group_id, v.g)`,
      [systemGroups],
    )) {
      groupTypes.set(row.group_id, row.type);
    }
  }
  // Targeted messages reach the members among their receivers only.
  const receiving = inputs.some((m) => m.receivers !== undefined) ? await membersAmongReceivers(tx, inputs) : null;
  const c2cRefused = await c2cRefusals(
    tx,
    inputs.filter((m) => m.convType === 'C2C' && caches.users.has(m.recipient)),
    c2c,
  );
  return inputs.map((m) => {
    if (m.convType === 'C2C') {
      if (!caches.users.has(m.recipient)) return new LiaisonError(ErrorCode.USER_NOT_FOUND);
      return c2cRefused.get(c2cPairKey(m.sender, m.recipient)) ?? (m.onlineOnly ? unstored(m, now) : null);
    }
    const type = groupTypes.get(m.recipient);
    if (type === undefined) return new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
    if (topicsOnly.has(m.recipient)) return new LiaisonError(ErrorCode.MSG_SEND_GRP_WITH_TOPIC_FAIL);
    if (!m.system) {
      const member = memberships.get(`${m.recipient}\n${m.sender}`);
      if (!member) return new LiaisonError(ErrorCode.GROUP_NOT_MEMBER, CALLER_NOT_IN_GROUP_MESSAGE);
      const isManager = member.role === 'Owner' || member.role === 'Admin';
      if (member.muteUntil > now || (mutedGroups.has(m.recipient) && !isManager)) {
        return new LiaisonError(ErrorCode.GROUP_MEMBER_MUTED);
      }
      // Only the owner and admins mention everyone; anyone else's @all is dropped (docs/groups.md).
      if (!isManager && m.atUserList.includes(AT_ALL)) m.atUserList = m.atUserList.filter((id) => id !== AT_ALL);
    }
    if (m.receivers) {
      if (type === GroupType.AVCHATROOM || type === GroupType.COMMUNITY) {
        return new LiaisonError(ErrorCode.GROUP_INVALID_PARAMS, TARGETED_GROUP_TYPES_MESSAGE);
      }
      m.receivers = m.receivers.filter((userID) => receiving?.has(`${m.recipient}\n${userID}`));
    }
    if (type === GroupType.AVCHATROOM || m.onlineOnly) return unstored(m, now);
    return null;
  });
}

const TARGETED_GROUP_TYPES_MESSAGE =
  'receiverList: targeted messages are not available in AVChatRoom or Community groups';

/** `group\nuser` of each receiver of the targeted messages among these who is a member of the message's group. */
async function membersAmongReceivers(tx: Sql, inputs: readonly NewMessage[]): Promise<Set<string>> {
  const pairs = inputs.flatMap((m) => (m.receivers ?? []).map((u) => ({ g: m.recipient, u })));
  const rows = await tx.query<{ group_id: string; user_id: string }>(
    `SELECT m.group_id, m.user_id FROM jsonb_to_recordset($1::jsonb) AS v(g text, u text)
       JOIN group_members m ON m.group_id = v.g AND m.user_id = v.u`,
    [JSON.stringify(pairs)],
  );
  return new Set(rows.map((r) => `${r.group_id}\n${r.user_id}`));
}

/** A message delivered without being stored (AVChatRoom, onlineUserOnly): sequence 0. */
function unstored(m: NewMessage, now: number): WriteResult {
  return { message: toWire(m, 0, now), origin: m.origin, duplicate: false };
}

/**
 * First message between two users: the conversation row and both users' views of it, hidden
 * until the conversation holds a message (so a failed first send leaves nothing to see).
 */
async function ensureC2CConversations(tx: Sql, inputs: readonly NewMessage[], now: number): Promise<void> {
  if (inputs.length === 0) return;
  const views = inputs.flatMap((m) => [
    { u: m.sender, k: m.key, t: m.recipient },
    { u: m.recipient, k: m.key, t: m.sender },
  ]);
  await tx.query(
    `WITH conv AS (
       INSERT INTO conversations (conv_key) SELECT DISTINCT k FROM jsonb_to_recordset($1::jsonb) AS v(k text)
       ON CONFLICT DO NOTHING
     )
     INSERT INTO user_conversations (user_id, conv_key, conv_type, target, hidden, updated_at)
       SELECT u, k, 'C2C', t, true, $2 FROM jsonb_to_recordset($1::jsonb) AS v(u text, k text, t text)
       ON CONFLICT DO NOTHING`,
    [JSON.stringify(views), now],
  );
}

function toWire(input: NewMessage, sequence: number, now: number): WireMessage {
  // The type and payload were built together (message-content.ts, group-tips.ts).
  return {
    ID: input.id,
    conversationType: input.convType,
    from: input.sender,
    to: input.recipient,
    type: input.type,
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
    hasRiskContent: false,
    isRevoked: false,
    revoker: '',
    version: 0,
    changeSequence: 0,
    ...(input.isSupportExtension ? { isSupportExtension: true } : {}),
    ...(input.onlineOnly ? { onlineOnly: true } : {}),
    ...(input.receivers ? { receiverList: input.receivers } : {}),
    ...(input.control ? { messageControlInfo: input.control } : {}),
  } as WireMessage;
}

function prefixed(alias: string): string {
  return SENT_MESSAGE_COLUMNS.split(', ')
    .map((c) => `${alias}.${c}`)
    .join(', ');
}

/** A batch colliding with IDs stored before or at once by other processes: tried this many times. */
const STORE_ATTEMPTS = 3;
/** How long a lane keeps checking for stored IDs after a batch held a duplicate. */
const CHECKED_AFTER_DUPLICATE_MS = 1_000;

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}

/**
 * SQLSTATE classes 22 (data exception: e.g. a NUL the database cannot hold) and 23 (integrity
 * constraint) blame the data of some row; anything else (connection, resources, shutdown) would
 * fail every row alike.
 */
function isRefusedRow(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** FNV-1a: stable across processes, cheap, and spreads conversation keys evenly. */
function laneOf(key: string, lanes: number): number {
  if (lanes === 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % lanes;
}
