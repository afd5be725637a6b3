import type { SearchCloudMessagesOptions } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import type { Database, Sql } from '../../db/database';
import { type Chat, sendText, startServer } from '../../integration/harness';
import { Tabs } from '../../integration/tabs';
import { searchCloudMessages } from './message-search';

/**
 * Global search finds hits in one of two ways (message-search.ts): from the token index when the
 * statistics say the keywords are rare, else by walking the user's conversations. Both must give
 * the same answer. A fresh embedded database has no statistics (the walk); after ANALYZE every
 * keyword of this small corpus is rare (the index).
 */
describe('global search answers the same from the token index as by walking conversations', () => {
  let server: LiaisonServer;
  const tabs = new Tabs();
  let me: Chat;

  /** The database, seen through a new object (its own statistics cache), keeping what it was asked. */
  function recording(): Database & { statements: string[] } {
    const statements: string[] = [];
    const kept = (sql: Sql): Sql => ({
      query<Row>(text: string, params?: unknown[]) {
        statements.push(text);
        return sql.query<Row>(text, params);
      },
    });
    const db = server.db;
    return {
      ...kept(db),
      statements,
      engine: db.engine,
      transaction: (fn) => db.transaction((tx) => fn(kept(tx))),
      close: () => db.close(),
    };
  }

  const QUERIES: SearchCloudMessagesOptions[] = [
    { keywordList: ['单'] },
    { keywordList: ['镀锌'] },
    { keywordList: ['ship'] },
    { keywordList: ['报价单', 'invoice'] },
    { keywordList: ['报价单', 'invoice'], keywordListMatchType: 'and' },
    { keywordList: ['PO-2026-118'] },
    { keywordList: ['单'], count: 2 },
  ];

  beforeAll(async () => {
    server = await startServer();
    me = await tabs.directOn(server, 'gp-me');
    const peers = ['gp-a', 'gp-b', 'gp-c', 'gp-d'];
    for (const peer of peers) await tabs.directOn(server, peer);
    const texts = [
      '请发报价单',
      '镀锌板 报价单 invoice',
      'shipment 已发',
      'PO-2026-118 订单',
      'the invoice is late',
      '对账单',
      '今天没有',
    ];
    for (const [i, text] of texts.entries()) await sendText(me, peers[i % peers.length] as string, text);
    await me.deleteMessage([await sendText(me, 'gp-a', '单 删掉的')]);
  });

  afterAll(async () => {
    await tabs.closeAll();
    await server?.close();
  });

  it('gives the same conversations, counts, messages and pages both ways', async () => {
    const walking = recording();
    const walked = [];
    for (const query of QUERIES) walked.push(await searchCloudMessages(walking, 'gp-me', query as never));
    expect(walking.statements.filter((text) => text.includes('CROSS JOIN LATERAL'))).toHaveLength(QUERIES.length);

    await server.db.query('ANALYZE messages');
    const indexing = recording();
    const indexed = [];
    for (const query of QUERIES) indexed.push(await searchCloudMessages(indexing, 'gp-me', query as never));
    expect(indexing.statements.filter((text) => text.includes('CROSS JOIN LATERAL'))).toHaveLength(0);

    expect(indexed).toEqual(walked);
    expect(walked.map((answer) => answer.totalCount)).toEqual([3, 1, 1, 2, 1, 1, 3]);
  });
});
