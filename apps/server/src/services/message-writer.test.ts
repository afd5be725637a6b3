import { ErrorCode } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { c2cKey } from './keys';
import { MessageWriter, type NewMessage, type WriteResult } from './message-writer';
import { ensureUser } from './users';

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
