import type { PortalSearchResult, TopKeyword } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { toNumber } from '../../db/database';
import { startServer } from '../../integration/harness';
import { PortalClient } from '../test-client';
import { ability, admin, enterprise, type Person, registered } from '../test-people';

/** The portal's one search over abilities, enterprises, experts and news, over HTTP. */
let server: LiaisonServer;
let reader: Person;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  reader = await registered(server);
});
afterAll(() => server.close());

const UNAUTHORIZED = { code: 401, msg: '认证失败，无法访问系统资源' };

let serial = 0;
/** A word no other test uses, so a search finds only this test's rows. */
const unique = () => `词${process.pid}q${++serial}`;

async function search(keyword: string, extra = '', who: PortalClient = reader.client) {
  return who.call<PortalSearchResult>('GET', `/portal/search?keyword=${encodeURIComponent(keyword)}${extra}`);
}

async function logged(): Promise<number> {
  const [row] = await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_search_log');
  return toNumber(row?.n);
}

describe('portal search', () => {
  it('is for logged-in users only, and logs nothing for a visitor', async () => {
    const before = await logged();
    expect(await search('仓储', '', new PortalClient(server))).toEqual(UNAUTHORIZED);
    expect(await logged()).toBe(before);
  });

  it('finds every type by Chinese substrings, all keywords required, with highlights', async () => {
    const tag = unique();
    const owner = await enterprise(server, `${tag}冷链物流有限公司`);
    const productId = await ability(server, owner, { name: `${tag}冷链仓储服务`, categoryId: 4 });
    await ability(server, owner, { name: `${tag}普通仓储`, categoryId: 4 });
    await ability(server, owner, { name: `${tag}冷链草稿`, status: 0 });
    const boss = await admin(server);
    await boss.client.call('POST', '/portal/admin/expert', { name: `${tag}陈冷链`, field: '冷链物流' });
    await boss.client.call('POST', '/portal/admin/article', {
      kind: 'release',
      title: `${tag}冷链新品发布`,
      content: '<p>正文</p>',
    });

    const result = (await search(`${tag} 冷链`)).data;
    expect(result?.keywords).toEqual([tag, '冷链']);
    const start = tag.length;
    expect(result?.ability).toEqual({
      total: 1,
      hits: [
        {
          item: expect.objectContaining({ id: productId, productName: `${tag}冷链仓储服务` }),
          highlights: { productName: [[0, start + 2]] },
        },
      ],
    });
    expect(result?.enterprise.hits).toEqual([
      { item: expect.objectContaining({ userId: owner.userId }), highlights: { enterpriseName: [[0, start + 2]] } },
    ]);
    expect(result?.expert.hits).toEqual([
      {
        item: expect.objectContaining({ name: `${tag}陈冷链` }),
        highlights: {
          name: [
            [0, start],
            [start + 1, start + 3],
          ],
          field: [[0, 2]],
        },
      },
    ]);
    expect(result?.news.hits.map((h) => h.item.title)).toEqual([`${tag}冷链新品发布`]);
    expect((await search(`${tag} 仓储`)).data?.ability.total).toBe(2);
  });

  it('answers three per type in the all view, and a page of one type with every total', async () => {
    const tag = unique();
    const owner = await enterprise(server);
    for (let i = 0; i < 5; i++) await ability(server, owner, { name: `${tag}能力${i}`, publishedAt: i });
    const all = (await search(tag)).data;
    expect(all?.ability.total).toBe(5);
    expect(all?.ability.hits).toHaveLength(3);
    const page = (await search(tag, '&type=ability&pageNum=2&pageSize=2')).data;
    expect(page?.ability.hits.map((h) => h.item.productName)).toEqual([`${tag}能力2`, `${tag}能力1`]);
    expect(page?.enterprise).toEqual({ total: 0, hits: [] });
    const enterprises = (await search(tag, '&type=enterprise')).data;
    expect(enterprises?.ability).toEqual({ total: 5, hits: [] });
  });

  it('logs each search with keywords once, which the keyword statistics then count', async () => {
    const tag = unique();
    const company = await enterprise(server);
    const before = await logged();
    await search(`${tag}  数控机床 `);
    await search(`${tag} 数控机床`, '', company.client);
    expect((await search('')).code).toBe(200);
    expect(await logged()).toBe(before + 2);
    const top = await company.client.call<TopKeyword[]>('GET', '/portal/self/center/keywords/top/ten/statistics');
    expect(top.data).toContainEqual({ keyword: `${tag} 数控机床`, count: 2 });
  });

  it('refuses bad input with a reason and logs nothing', async () => {
    const before = await logged();
    expect(await search('a b c d e f')).toEqual({ code: 500, msg: '关键词最多5个' });
    expect(await search('字'.repeat(51))).toEqual({ code: 500, msg: '搜索内容不能超过50个字符' });
    expect(await search('仓储', '&type=goods')).toEqual({ code: 500, msg: '搜索类型不正确' });
    expect(await search('仓储', '&pageSize=51')).toEqual({ code: 500, msg: '每页条数不正确' });
    expect(await logged()).toBe(before);
  });
});
