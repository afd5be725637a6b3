import { Limits } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { openDatabase } from '../../db/open';
import { c2cKey, resolveConversation } from '../messages/keys';
import { MessageWriter } from '../messages/message-writer';
import { ensureUser } from '../profiles/users';
import { syncMessageChanges, withChange } from './message-changes';

/**
 * The change log against a real embedded database, with more changes than one page holds: pages
 * never split a change number, every change comes exactly once, and the cursor ends at the
 * conversation's counter.
 */
let db: Database;
const KEY = c2cKey('cl-alice', 'cl-bob');
const MESSAGES = 260;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: null, dataDir: null });
  for (const userID of ['cl-alice', 'cl-bob']) await ensureUser(db, userID);
  const writer = new MessageWriter(
    db,
    async () => undefined,
    (err) => {
      throw err;
    },
  );
  await Promise.all(
    Array.from({ length: MESSAGES }, (_, i) =>
      writer.submit({
        key: KEY,
        convType: 'C2C',
        sender: 'cl-alice',
        recipient: 'cl-bob',
        id: `m${i + 1}`,
        type: 'TIMTextElem',
        payload: { text: `message ${i + 1}` },
        atUserList: [],
        clientTime: 1,
        random: 1,
        nick: '',
        avatar: '',
        cloudCustomData: '',
        needReadReceipt: false,
        origin: 'test',
      }),
    ),
  );
  await writer.drain();
});

afterAll(async () => {
  await db.close();
});

/** Every page from `after` on, as the SDK asks for them. */
async function syncAll(userID: string, after = 0) {
  const ref = resolveConversation(userID, userID === 'cl-alice' ? 'C2Ccl-bob' : 'C2Ccl-alice');
  if (!ref) throw new Error('bad conversation');
  const pages = [];
  let cursor = after;
  for (;;) {
    const page = await syncMessageChanges(db, userID, ref, cursor);
    pages.push(page);
    expect(page.changeSequence).toBeGreaterThan(cursor);
    cursor = page.changeSequence;
    if (page.isCompleted) return { pages, cursor };
  }
}

async function counter(): Promise<number> {
  const [row] = await db.query<{ change_seq: unknown }>('SELECT change_seq FROM conversations WHERE conv_key = $1', [
    KEY,
  ]);
  return Number(row?.change_seq);
}

describe('syncMessageChanges', () => {
  it('pages through more changes than a page holds, each once, without splitting a deletion', async () => {
    // Every message changes once; alice deletes 250 of them for herself, 30 at a time.
    for (let seq = 1; seq <= MESSAGES; seq++) {
      await withChange(db, KEY, (tx, change) =>
        tx.query('UPDATE messages SET change_seq = $3 WHERE conv_key = $1 AND seq = $2 RETURNING 1', [
          KEY,
          seq,
          change,
        ]),
      );
    }
    for (let start = 1; start <= 250; start += Limits.DELETE_MESSAGES_MAX) {
      const seqs = Array.from({ length: Math.min(Limits.DELETE_MESSAGES_MAX, 251 - start) }, (_, i) => start + i);
      await withChange(db, KEY, (tx, change) =>
        tx.query(
          `INSERT INTO message_deletions (user_id, conv_key, seq, change_seq)
           SELECT 'cl-alice', $1, s, $3 FROM unnest($2::bigint[]) AS s RETURNING 1`,
          [KEY, seqs, change],
        ),
      );
    }
    const total = await counter();

    const alice = await syncAll('cl-alice');
    expect(alice.pages.length).toBeGreaterThan(1);
    const deleted = alice.pages.flatMap((p) => p.deletedMessageIDList);
    expect(deleted).toHaveLength(250);
    expect(new Set(deleted).size).toBe(250);
    // What alice deleted is not reported changed to her; the rest is, once.
    const changed = alice.pages.flatMap((p) => p.messageList.map((m) => m.ID));
    expect(changed).toEqual(Array.from({ length: MESSAGES - 250 }, (_, i) => `m${251 + i}`));
    expect(alice.cursor).toBe(total);

    // Bob sees every change but none of alice's deletions; her deletions' numbers are skipped.
    const bob = await syncAll('cl-bob');
    expect(bob.pages.flatMap((p) => p.deletedMessageIDList)).toEqual([]);
    expect(bob.pages.flatMap((p) => p.messageList)).toHaveLength(MESSAGES);
    expect(bob.cursor).toBe(total);

    // Caught up: nothing more, and the cursor stays.
    const ref = resolveConversation('cl-bob', 'C2Ccl-alice');
    if (!ref) throw new Error('bad conversation');
    expect(await syncMessageChanges(db, 'cl-bob', ref, total)).toEqual({
      messageList: [],
      deletedMessageIDList: [],
      changeSequence: total,
      isCompleted: true,
    });
  });

  it('rolls the change number back when the change did not happen', async () => {
    const before = await counter();
    expect(await withChange(db, KEY, async () => null)).toBeNull();
    expect(await counter()).toBe(before);
  });
});
