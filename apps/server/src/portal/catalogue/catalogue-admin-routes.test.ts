import type { AdminArticle, AdminCluster, AdminExpert, ArticleSummary, Cluster } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import type { PageOf } from '../paging';
import { type Answer, PortalClient } from '../test-client';
import { ability, admin, enterprise, type Person, registered } from '../test-people';

/** What the administrators' screen reads: records as their forms edit them, articles and clusters searched. */
let server: LiaisonServer;
let boss: Person;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  boss = await admin(server);
});
afterAll(() => server.close());

const NOT_FOUND = { code: 404, msg: '访问资源不存在' };
const UNAUTHORIZED = { code: 401, msg: '认证失败，无法访问系统资源' };
const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };

async function created(answer: Promise<Answer<{ id: string }>>): Promise<string> {
  const result = await answer;
  expect(result, result.msg).toMatchObject({ code: 200, msg: '新增成功' });
  return result.data?.id ?? '';
}

describe('the admin reads of the platform content', () => {
  it('searches the articles of one kind by keyword, newest first', async () => {
    const base = Date.now() - 1000;
    const post = (kind: string, title: string, i: number) =>
      created(
        boss.client.call('POST', '/portal/admin/article', {
          kind,
          title,
          content: '<p>正文</p>',
          publishedAt: base + i,
        }),
      );
    await post('news', '宁波港口物流周报', 0);
    await post('news', '宁波港口冷链新政', 1);
    await post('release', '宁波港口调度系统发布', 2);
    const list = async (query: string) =>
      (await boss.client.call<PageOf<ArticleSummary>>('GET', `/portal/admin/article/list${query}`)).data;
    const found = await list(`?kind=news&keyword=${encodeURIComponent('宁波 港口')}&pageSize=1`);
    expect(found?.total).toBe(2);
    expect(found?.rows.map((r) => r.title)).toEqual(['宁波港口冷链新政']);
    expect((await list(`?kind=release&keyword=${encodeURIComponent('调度')}`))?.rows.map((r) => r.title)).toEqual([
      '宁波港口调度系统发布',
    ]);
    expect(await boss.client.call('GET', '/portal/admin/article/list?kind=blog')).toEqual({
      code: 500,
      msg: '文章类型不正确',
    });
  });

  it('reads an article as its form holds it, with its ability, counting no view', async () => {
    const maker = await enterprise(server, '宁波新品电子有限公司');
    const productId = await ability(server, maker, { name: '港口调度终端' });
    const id = await created(
      boss.client.call('POST', '/portal/admin/article', {
        kind: 'release',
        title: '港口调度终端上市',
        content: '<p>首发<script>x</script></p>',
        productId,
        publishedAt: 1_700_000_000_000,
      }),
    );
    const read = await boss.client.call<AdminArticle>('GET', `/portal/admin/article/${id}`);
    expect(read.data).toEqual({
      id,
      kind: 'release',
      title: '港口调度终端上市',
      summary: '',
      content: '<p>首发</p>',
      cover: '',
      source: '',
      ownerId: maker.userId,
      productId,
      productName: '港口调度终端',
      publishedAt: 1_700_000_000_000,
    });
    const [row] = await server.db.query<{ view_count: unknown }>(
      'SELECT view_count FROM portal_articles WHERE id = $1',
      [id],
    );
    expect(Number(row?.view_count)).toBe(0);
    expect(await boss.client.call('GET', '/portal/admin/article/99999999')).toEqual(NOT_FOUND);
  });

  it('reads an expert with the contact, account and order the public detail leaves out', async () => {
    const account = await registered(server);
    const id = await created(
      boss.client.call('POST', '/portal/admin/expert', {
        name: '陈海',
        achievements: ['港口自动化标准起草人'],
        phone: '0574-1234567',
        email: 'chen@example.edu.cn',
        userId: account.userId,
        sortOrder: 7,
      }),
    );
    const read = await boss.client.call<AdminExpert>('GET', `/portal/admin/expert/${id}`);
    expect(read.data).toMatchObject({
      id,
      name: '陈海',
      achievements: ['港口自动化标准起草人'],
      phone: '0574-1234567',
      email: 'chen@example.edu.cn',
      userId: account.userId,
      sortOrder: 7,
    });
  });

  it('searches the clusters and reads one with its public members', async () => {
    const member = await enterprise(server, '舟山海洋装备有限公司');
    const hidden = await enterprise(server, '舟山停用企业有限公司');
    const id = await created(
      boss.client.call('POST', '/portal/admin/cluster', {
        name: '舟山海洋经济集群',
        region: '浙江舟山',
        sortOrder: 3,
        memberIds: [member.userId, hidden.userId],
      }),
    );
    await created(boss.client.call('POST', '/portal/admin/cluster', { name: '温州鞋服集群', region: '浙江温州' }));
    await server.db.query('UPDATE portal_accounts SET disabled = true WHERE user_id = $1', [hidden.userId]);

    const list = await boss.client.call<PageOf<Cluster>>(
      'GET',
      `/portal/admin/cluster/list?keyword=${encodeURIComponent('舟山')}`,
    );
    expect(list.data).toEqual({
      rows: [{ id, name: '舟山海洋经济集群', region: '浙江舟山', cover: '', summary: '', memberCount: 1 }],
      total: 1,
    });
    const read = await boss.client.call<AdminCluster>('GET', `/portal/admin/cluster/${id}`);
    expect(read.data).toMatchObject({
      sortOrder: 3,
      memberIds: [member.userId],
      members: [{ userId: member.userId, enterpriseName: '舟山海洋装备有限公司' }],
    });
  });

  it('refuses everyone but an admin', async () => {
    const user = (await registered(server)).client;
    const visitor = new PortalClient(server);
    for (const path of ['/portal/admin/article/list', '/portal/admin/cluster/list', '/portal/admin/expert/1']) {
      expect(await user.call('GET', path)).toEqual(FORBIDDEN);
      expect(await visitor.call('GET', path)).toEqual(UNAUTHORIZED);
    }
  });
});
