import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, connect, sendText, startServer } from '../../integration/harness';
import { indexStoredMessages, nextBatchSql } from './backfill';

/**
 * Messages stored before search existed: the server gives them tokens by itself after it starts,
 * without holding up the start, and `npm run reindex` (indexStoredMessages) writes them again.
 */
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liaison-search-backfill-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const hits = async (chat: Chat, keyword: string) =>
  (await chat.searchCloudMessages({ keywordList: [keyword], conversationID: 'C2Cbf-bob' })).data.totalCount;

describe('the search index of messages stored before it', () => {
  it('is filled in the background after a restart, and rewritten whole on demand', async () => {
    const first = await startServer(undefined, { dataDir });
    const alice = await connect(first, 'bf-alice');
    await connect(first, 'bf-bob').then((bob) => bob.logout());
    await sendText(alice, 'bf-bob', '旧消息 0 发货单');
    // 1,199 more like it, and none with tokens: as if stored by a version without search.
    await first.db.query(
      `INSERT INTO messages (conv_key, seq, id, conv_type, sender, recipient, type, payload, at_user_list, time,
                             client_time, random, nick, avatar, cloud_custom_data, need_read_receipt)
       SELECT m.conv_key, n, m.id || '-' || n, m.conv_type, m.sender, m.recipient, m.type,
              jsonb_build_object('text', '旧消息 ' || n || ' 发货单'), m.at_user_list, m.time, m.client_time,
              m.random, m.nick, m.avatar, m.cloud_custom_data, m.need_read_receipt
         FROM messages m, generate_series(2, 1200) AS n`,
    );
    await first.db.query(`UPDATE conversations SET max_seq = 1200 WHERE conv_key = 'c:bf-alice:bf-bob'`);
    await first.db.query('UPDATE messages SET search_tokens = NULL');
    expect(await hits(alice, '发货单')).toBe(0);
    await alice.logout();
    await first.close();

    const second = await startServer(undefined, { dataDir });
    const again = await connect(second, 'bf-alice');
    await expect.poll(() => hits(again, '发货单'), { timeout: 30_000 }).toBe(1200);
    // Once done, the look at each start reads only the index of untokenised rows, not the table.
    const plan = await second.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${nextBatchSql(false)}`, [null, 0, 500]);
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('messages_untokenised');

    // The tokenizer 'changed': every row is written again, and search still finds each one.
    const run = await indexStoredMessages(second.db, { all: true });
    expect(run).toEqual({ indexed: 1200, scanned: 1200 });
    expect(await hits(again, '旧消息')).toBe(1200);
    await again.logout();
    await second.close();
  }, 120_000);
});
