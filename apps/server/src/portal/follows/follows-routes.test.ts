import type { CollectedAbility, FollowedEnterprise, ViewRecord } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { PortalClient } from '../test-client';
import { ability, enterprise, registered, subAccount, verifiedPerson } from '../test-people';

/** Follows of enterprises, collections of abilities, and who viewed my page. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

const CHAIN = '/portal/supply/chain';
const notFound = { code: 404, msg: '访问资源不存在' };
const unauthorized = { code: 401, msg: '认证失败，无法访问系统资源' };

describe('follows', () => {
  it('follow, list with a name filter and paging, check and cancel, each idempotent', async () => {
    const a = await enterprise(server, '苏州精工智造有限公司');
    const b = await enterprise(server, '宁波海通供应链管理有限公司');
    const c = await enterprise(server, '上海联检检测技术有限公司');
    const me = await registered(server);
    for (const target of [a, b, c]) {
      expect(await me.client.call('GET', `${CHAIN}/follow/${target.userId}`)).toEqual({
        code: 200,
        msg: '关注成功',
        data: true,
      });
    }
    expect((await me.client.call('GET', `${CHAIN}/follow/${a.userId}`)).code).toBe(200);
    const page = (query: string) =>
      me.client.call<{ rows: FollowedEnterprise[]; total: number }>('GET', `/portal/self/center/follow/page${query}`);
    expect((await page('?pageSize=2')).data?.total).toBe(3);
    expect((await page('?pageSize=2')).data?.rows).toHaveLength(2);
    expect((await page('?pageNum=2&pageSize=2')).data?.rows).toHaveLength(1);
    expect((await page(`?name=${encodeURIComponent('海通')}`)).data?.rows).toEqual([
      expect.objectContaining({ userId: b.userId, enterpriseName: '宁波海通供应链管理有限公司' }),
    ]);
    expect((await me.client.call('GET', `${CHAIN}/has/follow/${b.userId}`)).data).toBe(true);
    expect(await me.client.call('GET', `${CHAIN}/cancel/follow/${b.userId}`)).toEqual({
      code: 200,
      msg: '已取消关注',
      data: false,
    });
    expect((await me.client.call('GET', `${CHAIN}/cancel/follow/${b.userId}`)).code).toBe(200);
    expect((await me.client.call('GET', `${CHAIN}/has/follow/${b.userId}`)).data).toBe(false);
    expect((await page('')).data?.total).toBe(2);
  });

  it('refuses following a person, an unknown ID or one’s own enterprise, and visitors', async () => {
    const own = await enterprise(server, '无锡微纳电子有限公司');
    const person = await verifiedPerson(server);
    expect(await own.client.call('GET', `${CHAIN}/follow/${person.userId}`)).toEqual(notFound);
    expect(await own.client.call('GET', `${CHAIN}/follow/nobody`)).toEqual(notFound);
    expect(await own.client.call('GET', `${CHAIN}/follow/${own.userId}`)).toEqual({
      code: 500,
      msg: '不能关注本企业',
    });
    const visitor = new PortalClient(server);
    expect(await visitor.call('GET', `${CHAIN}/follow/${own.userId}`)).toEqual(unauthorized);
    expect(await visitor.call('GET', '/portal/self/center/follow/page')).toEqual(unauthorized);
  });

  it('one user cancelling a follow never touches another user’s', async () => {
    const target = await enterprise(server, '常州新材科技有限公司');
    const alice = await registered(server);
    const bob = await registered(server);
    await alice.client.call('GET', `${CHAIN}/follow/${target.userId}`);
    await bob.client.call('GET', `${CHAIN}/cancel/follow/${target.userId}`);
    expect((await alice.client.call('GET', `${CHAIN}/has/follow/${target.userId}`)).data).toBe(true);
  });
});

describe('collections', () => {
  it('collect a published ability, list with a name filter, cancel; others’ collections stay', async () => {
    const owner = await enterprise(server, '杭州云仓科技有限公司');
    const storage = await ability(server, owner, { name: '智能仓储', categoryId: 2 });
    const delivery = await ability(server, owner, { name: '同城配送' });
    const me = await registered(server);
    const other = await registered(server);
    expect(await me.client.call('GET', `/portal/product/collection/${storage}`)).toEqual({
      code: 200,
      msg: '收藏成功',
      data: true,
    });
    await me.client.call('GET', `/portal/product/collection/${delivery}`);
    await other.client.call('GET', `/portal/product/collection/${storage}`);
    const page = (who: typeof me, query = '') =>
      who.client.call<{ rows: CollectedAbility[]; total: number }>(
        'GET',
        `/portal/self/center/collection/page${query}`,
      );
    expect((await page(me)).data?.total).toBe(2);
    expect((await page(me, `?productName=${encodeURIComponent('仓储')}`)).data?.rows).toEqual([
      expect.objectContaining({
        productId: storage,
        productName: '智能仓储',
        categoryName: '生产制造',
        enterpriseName: '杭州云仓科技有限公司',
        status: 1,
      }),
    ]);
    expect((await page(me, '?pageNum=2&pageSize=1')).data?.rows).toHaveLength(1);
    expect((await me.client.call('GET', `/portal/product/has/collection/${storage}`)).data).toBe(true);
    expect(await me.client.call('GET', `/portal/product/cancel/collection/${storage}`)).toEqual({
      code: 200,
      msg: '已取消收藏',
      data: false,
    });
    expect((await page(me)).data?.rows.map((r) => r.productId)).toEqual([delivery]);
    expect((await page(other)).data?.rows.map((r) => r.productId)).toEqual([storage]);
  });

  it('refuses drafts, unknown IDs, one’s own abilities and visitors', async () => {
    const owner = await enterprise(server, '合肥智联装备有限公司');
    const draft = await ability(server, owner, { name: '草稿', status: 0 });
    const mine = await ability(server, owner, { name: '工业机器人集成' });
    const me = await registered(server);
    expect(await me.client.call('GET', `/portal/product/collection/${draft}`)).toEqual(notFound);
    expect(await me.client.call('GET', '/portal/product/collection/x1')).toEqual(notFound);
    expect(await owner.client.call('GET', `/portal/product/collection/${mine}`)).toEqual({
      code: 500,
      msg: '不能收藏本企业的能力',
    });
    expect(await new PortalClient(server).call('GET', `/portal/product/collection/${mine}`)).toEqual(unauthorized);
    expect(await me.client.call('GET', '/portal/self/center/collection/page?pageNum=0')).toEqual({
      code: 500,
      msg: '页码不正确',
    });
  });
});

describe('views', () => {
  it('record views by users and visitors, skip the owner’s own, and list them newest first', async () => {
    const owner = await enterprise(server, '南京长江航运有限公司');
    const productId = await ability(server, owner, { name: '内河航运' });
    const viewer = await enterprise(server, '武汉楚天物流有限公司');
    const visitor = new PortalClient(server);
    expect(await visitor.call('POST', `${CHAIN}/view`, { ownerId: owner.userId })).toEqual({
      code: 200,
      msg: '操作成功',
      data: { recorded: true },
    });
    expect((await viewer.client.call('POST', `${CHAIN}/view`, { productId })).data).toEqual({ recorded: true });
    expect((await owner.client.call('POST', `${CHAIN}/view`, { productId })).data).toEqual({ recorded: false });

    const views = await owner.client.call<{ rows: ViewRecord[]; total: number }>(
      'GET',
      '/portal/self/center/view/me/info?pageNum=1&pageSize=10',
    );
    expect(views.data?.total).toBe(2);
    expect(views.data?.rows.map((r) => [r.viewerName, r.viewerEnterpriseName, r.productName])).toEqual([
      [expect.any(String), '武汉楚天物流有限公司', '内河航运'],
      ['访客', '', '企业主页'],
    ]);
    expect(views.data?.rows[1]?.viewerId).toBeNull();
    const [product] = await server.db.query<{ view_count: number }>(
      'SELECT view_count FROM portal_products WHERE id = $1',
      [productId],
    );
    expect(Number(product?.view_count)).toBe(1);
    expect(
      (await owner.client.call<{ rows: ViewRecord[] }>('GET', '/portal/self/center/view/me/info?pageNum=2&pageSize=1'))
        .data?.rows,
    ).toHaveLength(1);
  });

  it('refuses unknown targets, a bad token, and shows nobody else’s views', async () => {
    const owner = await enterprise(server, '青岛港联物流有限公司');
    const other = await enterprise(server, '烟台蓝海食品有限公司');
    const visitor = new PortalClient(server);
    expect(await visitor.call('POST', `${CHAIN}/view`, { ownerId: 'nobody' })).toEqual(notFound);
    expect(await visitor.call('POST', `${CHAIN}/view`, { productId: '99999999' })).toEqual(notFound);
    expect(await visitor.call('POST', `${CHAIN}/view`, {})).toEqual({ code: 500, msg: '请指定浏览的企业或能力' });
    expect(await new PortalClient(server, 'forged').call('POST', `${CHAIN}/view`, { ownerId: owner.userId })).toEqual(
      unauthorized,
    );
    await visitor.call('POST', `${CHAIN}/view`, { ownerId: owner.userId });
    expect((await other.client.call('GET', '/portal/self/center/view/me/info')).data).toEqual({ rows: [], total: 0 });
    expect(await visitor.call('GET', '/portal/self/center/view/me/info')).toEqual(unauthorized);
    const sub = await subAccount(server, owner);
    expect(await sub.client.call('GET', '/portal/self/center/view/me/info')).toEqual({
      code: 403,
      msg: '当前操作没有权限',
    });
  });
});
