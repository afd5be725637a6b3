import { ErrorCode } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { openDatabase } from '../../db/open';
import { ensureUser } from '../profiles/users';
import { c2cKey } from './keys';
import { MessageWriter, type NewMessage, type WriteResult } from './message-writer';

/**
 * The writer against a real embedded database. The rows here skip the request schemas on
 * purpose: they stand for a bad row that validation missed.
 */
let db: Database;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: null, dataDir: null });
  for (const userID of ['w-alice', 'w-bob', 'w-carol']) await ensureUser(db, userID);
});

afterAll(async () => {
  await db.close();
});

function text(sender: string, recipient: string, id: string, body: string): NewMessage {
  return {
    key: c2cKey(sender, recipient),
    convType: 'C2C',
    sender,
    recipient,
    id,
    type: 'TIMTextElem',
    payload: { text: body },
    atUserList: [],
    clientTime: 1,
    random: 1,
    nick: '',
    avatar: '',
    cloudCustomData: '',
    needReadReceipt: false,
    origin: 'test',
  };
}

function writer(database: Database) {
  const errors: unknown[] = [];
  const committed: WriteResult[] = [];
  const instance = new MessageWriter(
    database,
    async (results) => {
      committed.push(...results);
    },
    (err) => errors.push(err),
  );
  return { instance, errors, committed };
}

/** Submits every message in one turn of the event loop, so they share batches. */
async function submitAll(w: MessageWriter, messages: NewMessage[]) {
  return Promise.allSettled(messages.map((m) => w.submit(m)));
}

async function stored(ids: string[]): Promise<Array<{ id: string; seq: number }>> {
  const rows = await db.query<{ id: string; seq: unknown }>(
    'SELECT id, seq FROM messages WHERE id = ANY($1) ORDER BY conv_key, seq',
    [ids],
  );
  return rows.map((r) => ({ id: r.id, seq: Number(r.seq) }));
}

describe('the group-commit writer isolates a row the database refuses', () => {
  it('fails only the bad rows of a batch and commits every other send, in order', async () => {
    const { instance, errors, committed } = writer(db);
    const good = Array.from({ length: 40 }, (_, i) => text('w-alice', 'w-bob', `iso-good-${i}`, `hello ${i}`));
    const poison = [
      text('w-carol', 'w-bob', 'iso-nul', 'a\u0000b'),
      text('w-carol', 'w-alice', 'iso-surrogate', 'a\ud800b'),
    ];
    const batch = [
      ...good.slice(0, 10),
      poison[0],
      ...good.slice(10, 30),
      poison[1],
      ...good.slice(30),
    ] as NewMessage[];
    const outcomes = await submitAll(instance, batch);
    await instance.drain();

    const byID = new Map(batch.map((m, i) => [m.id, outcomes[i]]));
    for (const m of good) expect(byID.get(m.id)?.status, m.id).toBe('fulfilled');
    for (const m of poison) {
      const outcome = byID.get(m.id);
      expect(outcome?.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason.code).toBe(ErrorCode.INTERNAL);
    }
    const rows = await stored(batch.map((m) => m.id));
    expect(rows.map((r) => r.id)).toEqual(good.map((m) => m.id));
    expect(rows.map((r) => r.seq)).toEqual(good.map((_, i) => i + 1));
    expect(committed.map((r) => r.message.ID).sort()).toEqual(good.map((m) => m.id).sort());
    // One log line per refused row, none for the rows that committed.
    expect(errors).toHaveLength(poison.length);
  });

  it('fails a whole batch once, without splitting, when the database itself fails', async () => {
    let storeAttempts = 0;
    const failing: Database = {
      ...db,
      engine: db.engine,
      transaction: (fn) => db.transaction(fn),
      close: () => db.close(),
      async query<Row>(sql: string, params?: unknown[]) {
        if (sql.includes('jsonb_to_recordset($1::jsonb)') && sql.includes('INSERT INTO messages')) {
          storeAttempts++;
          throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        }
        return db.query<Row>(sql, params);
      },
    };
    const { instance, errors } = writer(failing);
    const batch = Array.from({ length: 8 }, (_, i) => text('w-bob', 'w-alice', `down-${i}`, `hi ${i}`));
    const outcomes = await submitAll(instance, batch);
    await instance.drain();
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason.code).toBe(ErrorCode.INTERNAL);
    }
    expect(storeAttempts).toBe(1);
    expect(errors).toHaveLength(1);
    expect(await stored(batch.map((m) => m.id))).toEqual([]);
  });
});

describe('the writer grants what a message names, in the same statement', () => {
  const grantsOf = async (id: string) =>
    (await db.query<{ conv_key: string }>('SELECT conv_key FROM file_grants WHERE file_id = $1', [id])).map(
      (r) => r.conv_key,
    );

  it('grants files and stores a record only for rows it inserted, beside a refused row', async () => {
    await db.query(
      `INSERT INTO files (file_id, owner_id, kind, status, file_name, created_at)
       VALUES ('wf-photo-0000000000', 'w-alice', 'image', 'ready', 'a.png', 0)`,
    );
    const { instance } = writer(db);
    const withFile: NewMessage = {
      ...text('w-alice', 'w-bob', 'gr-file', 'x'),
      grants: ['wf-photo-0000000000', 'gr-record-key'],
      record: { downloadKey: 'gr-record-key', messageList: [] },
    };
    const poison: NewMessage = {
      ...text('w-alice', 'w-carol', 'gr-poison', 'a\u0000b'),
      grants: ['wf-photo-0000000000'],
    };
    const plain = text('w-bob', 'w-alice', 'gr-plain', 'no files');
    const outcomes = await submitAll(instance, [withFile, poison, plain]);
    await instance.drain();
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await grantsOf('wf-photo-0000000000')).toEqual([c2cKey('w-alice', 'w-bob')]);
    expect(await grantsOf('gr-record-key')).toEqual([c2cKey('w-alice', 'w-bob')]);
    const [file] = await db.query<{ used_at: unknown }>('SELECT used_at FROM files WHERE file_id = $1', [
      'wf-photo-0000000000',
    ]);
    expect(file?.used_at).not.toBeNull();
    const records = await db.query('SELECT 1 FROM merged_records WHERE download_key = $1', ['gr-record-key']);
    expect(records).toHaveLength(1);

    // A retry of the stored message stores no second record and grants nothing new.
    const retry = await instance.submit({ ...withFile, record: { downloadKey: 'gr-other-key', messageList: [] } });
    expect(retry.duplicate).toBe(true);
    expect(await db.query('SELECT 1 FROM merged_records WHERE download_key = $1', ['gr-other-key'])).toEqual([]);
    expect(await grantsOf('gr-other-key')).toEqual([]);
  });

  it('answers a send stored before with the stored message and still stores the rest of its batch, in order', async () => {
    const { instance, errors } = writer(db);
    const first = await instance.submit(text('w-bob', 'w-carol', 'rt-1', 'first'));
    // The retry shares a batch with new sends: the batch is stored once, the retry answered from storage.
    const outcomes = await submitAll(instance, [
      text('w-bob', 'w-carol', 'rt-2', 'second'),
      { ...text('w-bob', 'w-carol', 'rt-1', 'first'), clientTime: 99 },
      text('w-carol', 'w-bob', 'rt-3', 'third'),
    ]);
    const results = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : o.reason));
    expect(results.map((r) => [r.message.ID, r.message.sequence, r.duplicate])).toEqual([
      ['rt-2', first.message.sequence + 1, false],
      ['rt-1', first.message.sequence, true],
      ['rt-3', first.message.sequence + 2, false],
    ]);
    expect(results[1].message.clientTime).toBe(1);
    const rows = await db.query<{ id: string }>('SELECT id FROM messages WHERE conv_key = $1 ORDER BY seq', [
      c2cKey('w-bob', 'w-carol'),
    ]);
    expect(rows.map((r) => r.id)).toEqual(['rt-1', 'rt-2', 'rt-3']);
    expect(errors).toEqual([]);
  });
});
