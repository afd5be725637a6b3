import type { MyNeed, PushedNeed } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { need } from '../statistics/fixtures';
import type { Answer } from '../test-client';
import { PortalClient } from '../test-client';
import { ability, enterprise, type Person, registered, subAccount } from '../test-people';

/** Needs (seeking): publishing, pushing to matching enterprises, marks, close and reopen. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

type Page<T> = Answer<{ rows: T[]; total: number }>;
const seekingMe = (who: Person, query = '') =>
  who.client.call('GET', `/portal/self/center/seekingMe${query}`) as Promise<Page<PushedNeed>>;
const meSeeking = (who: Person, query = '') =>
  who.client.call('GET', `/portal/self/center/meSeeking${query}`) as Promise<Page<MyNeed>>;
const mark = (who: Person, body: Record<string, unknown>) =>
  who.client.call('POST', '/portal/self/center/seekingMeStatus', body);
const setStatus = (who: Person, body: Record<string, unknown>) =>
  who.client.call('POST', '/portal/self/center/meSeekingStatus', body);
const publish = (who: Person, body: Record<string, unknown>) =>
  who.client.call<{ id: string }>('POST', '/portal/self/center/meSeeking', body);

describe('publishing needs', () => {
  it('lists a published need under my open needs, then closed, reopened and deleted', async () => {
    const buyer = await enterprise(server, '宁波采购有限公司');
    const answer = await publish(buyer, { title: '  寻找铝合金CNC加工  ', categoryId: 2, content: '月需求五千件' });
    expect(answer).toMatchObject({ code: 200, msg: '需求发布成功' });
    const id = answer.data?.id ?? '';
    expect(id).toMatch(/^\d+$/);
    const open = await meSeeking(buyer);
    expect(open.data).toEqual({
      total: 1,
      rows: [
        {
          id,
          title: '寻找铝合金CNC加工',
          content: '月需求五千件',
          categoryId: 2,
          categoryName: '生产制造',
          status: 0,
          createdAt: expect.any(Number),
          matchCount: 0,
          matches: [],
        },
      ],
    });
    expect(await setStatus(buyer, { needId: id, status: 1 })).toEqual({ code: 200, msg: '需求已关闭' });
    expect((await meSeeking(buyer)).data).toEqual({ total: 0, rows: [] });
    expect((await meSeeking(buyer, '?tab=1')).data?.rows.map((row) => [row.id, row.status])).toEqual([[id, 1]]);
    expect(await setStatus(buyer, { needId: id, status: 0 })).toEqual({ code: 200, msg: '需求已重新开启' });
    expect((await meSeeking(buyer)).data?.total).toBe(1);
    expect(await buyer.client.call('DELETE', `/portal/self/center/meSeeking/${id}`)).toEqual({
      code: 200,
      msg: '删除成功',
    });
    expect((await meSeeking(buyer)).data).toEqual({ total: 0, rows: [] });
  });

  it('refuses a bad form and changes nothing', async () => {
    const buyer = await enterprise(server);
    const refused = async (body: Record<string, unknown>, msg: string) =>
      expect(await publish(buyer, body)).toEqual({ code: 500, msg });
    await refused({ title: '', categoryId: 1 }, '请输入需求标题');
    await refused({ title: '找', categoryId: 1 }, '需求标题为2-50个字');
    await refused({ title: '找'.repeat(51), categoryId: 1 }, '需求标题为2-50个字');
    await refused({ title: '寻找仓库', categoryId: 0 }, '请选择需求类别');
    await refused({ title: '寻找仓库', categoryId: 99 }, '需求类别不存在');
    await refused({ title: '寻找仓库', categoryId: 4, content: '长'.repeat(501) }, '需求描述不能超过500个字');
    await refused({ categoryId: 4 }, '请求参数不完整');
    expect(await setStatus(buyer, { needId: 'abc', status: 1 })).toEqual({ code: 500, msg: '需求编号不正确' });
    expect(await setStatus(buyer, { needId: '1', status: 5 })).toEqual({ code: 500, msg: '需求状态不正确' });
    expect(await buyer.client.call('GET', '/portal/self/center/meSeeking?tab=2')).toEqual({
      code: 500,
      msg: '标签不正确',
    });
    expect(await buyer.client.call('GET', '/portal/self/center/seekingMe?tab=x')).toMatchObject({ code: 500 });
    expect(await buyer.client.call('GET', '/portal/self/center/meSeeking?pageSize=0')).toEqual({
      code: 500,
      msg: '每页条数不正确',
    });
    expect((await meSeeking(buyer)).data).toEqual({ total: 0, rows: [] });
  });

  it('pages my needs newest first', async () => {
    const buyer = await enterprise(server);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await need(server, buyer, { title: `需求${i}`, createdAt: 1000 + i }));
    const first = await meSeeking(buyer, '?pageNum=1&pageSize=3');
    const third = await meSeeking(buyer, '?pageNum=3&pageSize=3');
    const beyond = await meSeeking(buyer, '?pageNum=4&pageSize=3');
    expect(first.data?.total).toBe(7);
    expect(first.data?.rows.map((row) => row.title)).toEqual(['需求6', '需求5', '需求4']);
    expect(third.data?.rows.map((row) => row.id)).toEqual([ids[0]]);
    expect(beyond.data).toEqual({ total: 7, rows: [] });
  });
});

describe('needs pushed to me', () => {
  it('are others’ open needs in the categories of my published abilities, with my abilities that match', async () => {
    const supplier = await enterprise(server, '苏州精工有限公司');
    const buyer = await enterprise(server, '宁波海通有限公司');
    const cnc = await ability(server, supplier, { categoryId: 2, name: 'CNC加工' });
    const sheet = await ability(server, supplier, { categoryId: 2, name: '钣金加工' });
    await ability(server, supplier, { categoryId: 3, status: 0 }); // a draft: matches nothing
    await ability(server, supplier, { categoryId: 4, deleted: true }); // binned: matches nothing
    const wanted = await need(server, buyer, { categoryId: 2, title: '寻找结构件加工', createdAt: 2000 });
    await need(server, buyer, { categoryId: 2, status: 1, createdAt: 2001 }); // closed
    await need(server, buyer, { categoryId: 3 });
    await need(server, buyer, { categoryId: 4 });
    await need(server, supplier, { categoryId: 2 }); // my own

    const pushed = await seekingMe(supplier);
    expect(pushed.data).toEqual({
      total: 1,
      rows: [
        {
          id: wanted,
          title: '寻找结构件加工',
          content: '',
          categoryId: 2,
          categoryName: '生产制造',
          status: 0,
          createdAt: 2000,
          publisherName: '宁波海通有限公司',
          mark: 0,
          abilities: [
            { id: cnc, productName: 'CNC加工', mark: 0 },
            { id: sheet, productName: '钣金加工', mark: 0 },
          ],
        },
      ],
    });
    // The buyer sees both published abilities as matches of the need.
    const mine = await meSeeking(buyer);
    expect(mine.data?.rows.find((row) => row.id === wanted)).toMatchObject({
      matchCount: 2,
      matches: [
        { id: sheet, productName: '钣金加工', enterpriseName: '苏州精工有限公司', interested: false },
        { id: cnc, productName: 'CNC加工', enterpriseName: '苏州精工有限公司', interested: false },
      ],
    });
  });

  it('move between the new, interested and ignored tabs as I mark them, and the buyer sees my interest', async () => {
    const supplier = await enterprise(server, '苏州精工有限公司');
    const buyer = await enterprise(server);
    const cnc = await ability(server, supplier, { categoryId: 2, name: 'CNC加工' });
    const sheet = await ability(server, supplier, { categoryId: 2, name: '钣金加工' });
    const first = await need(server, buyer, { categoryId: 2, createdAt: 3000 });
    const second = await need(server, buyer, { categoryId: 2, createdAt: 3001 });
    // Other tests' needs in category 2 are pushed to this supplier too: look at these two only.
    const tab = async (n: number) =>
      (await seekingMe(supplier, `?tab=${n}&pageSize=100`)).data?.rows
        .map((row) => row.id)
        .filter((id) => id === first || id === second);
    expect(await tab(0)).toEqual([second, first]);

    expect(await mark(supplier, { needId: first, productId: cnc, status: 1 })).toEqual({ code: 200, msg: '操作成功' });
    expect(await mark(supplier, { needId: second, status: 2 })).toMatchObject({ code: 200 });
    expect(await tab(0)).toEqual([]);
    expect(await tab(1)).toEqual([first]);
    expect(await tab(2)).toEqual([second]);
    const interested = (await seekingMe(supplier, '?tab=1')).data?.rows.find((row) => row.id === first);
    expect(interested?.abilities).toEqual([
      { id: cnc, productName: 'CNC加工', mark: 1 },
      { id: sheet, productName: '钣金加工', mark: 0 },
    ]);
    const ignored = (await seekingMe(supplier, '?tab=2')).data?.rows.find((row) => row.id === second);
    expect(ignored?.abilities.map((a) => a.mark)).toEqual([2, 2]);

    const buyerView = (await meSeeking(buyer)).data?.rows.find((row) => row.id === first);
    expect(buyerView?.matches[0]).toEqual({
      id: cnc,
      productName: 'CNC加工',
      enterpriseName: '苏州精工有限公司',
      interested: true,
    });

    // Back to new; an interested need stays listed once the buyer closes it, a new one does not.
    expect((await mark(supplier, { needId: second, status: 0 })).code).toBe(200);
    expect(await tab(0)).toEqual([second]);
    await setStatus(buyer, { needId: first, status: 1 });
    await setStatus(buyer, { needId: second, status: 1 });
    expect(await tab(1)).toEqual([first]);
    expect(await tab(0)).toEqual([]);
    expect(await mark(supplier, { needId: first, status: 2 })).toEqual({ code: 500, msg: '该需求已关闭' });
  });

  it('page newest first', async () => {
    const supplier = await enterprise(server);
    const buyer = await enterprise(server);
    await ability(server, supplier, { categoryId: 6 });
    for (let i = 0; i < 5; i++) await need(server, buyer, { categoryId: 6, title: `数字化${i}`, createdAt: 4000 + i });
    const second = await seekingMe(supplier, '?tab=0&pageNum=2&pageSize=2');
    expect(second.data?.total).toBe(5);
    expect(second.data?.rows.map((row) => row.title)).toEqual(['数字化2', '数字化1']);
  });
});

describe('who may touch needs', () => {
  it("answers 404 for another enterprise's need or ability and changes nothing", async () => {
    const owner = await enterprise(server);
    const intruder = await enterprise(server);
    const supplier = await enterprise(server);
    const theirAbility = await ability(server, supplier, { categoryId: 7 });
    await ability(server, intruder, { categoryId: 8 });
    const ownersNeed = await need(server, owner, { categoryId: 7 });
    const notFound = { code: 404, msg: '访问资源不存在' };

    expect(await setStatus(intruder, { needId: ownersNeed, status: 1 })).toEqual(notFound);
    expect(await intruder.client.call('DELETE', `/portal/self/center/meSeeking/${ownersNeed}`)).toEqual(notFound);
    expect(await intruder.client.call('DELETE', '/portal/self/center/meSeeking/not-a-number')).toEqual(notFound);
    // Not pushed to the intruder (no published ability in its category).
    expect(await mark(intruder, { needId: ownersNeed, status: 1 })).toEqual(notFound);
    // Person else's ability, even one that matches.
    expect(await mark(intruder, { needId: ownersNeed, productId: theirAbility, status: 1 })).toEqual(notFound);
    // My own need is never pushed to me.
    expect(await mark(owner, { needId: ownersNeed, status: 1 })).toEqual(notFound);
    expect(await setStatus(owner, { needId: '999999999', status: 1 })).toEqual(notFound);

    expect((await meSeeking(owner)).data?.rows.map((row) => [row.id, row.status])).toEqual([[ownersNeed, 0]]);
    expect((await seekingMe(supplier)).data?.rows.map((row) => [row.id, row.mark])).toEqual([[ownersNeed, 0]]);
    const [marks] = await server.db.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM portal_need_marks WHERE need_id = $1',
      [ownersNeed],
    );
    expect(Number(marks?.n)).toBe(0);
  });

  it('refuses a visitor (401), a person without an enterprise and a sub-account (403)', async () => {
    const visitor = new PortalClient(server);
    const nobody = await registered(server);
    const sub = await subAccount(server, await enterprise(server));
    const calls: Array<['GET' | 'POST' | 'DELETE', string, unknown?]> = [
      ['GET', '/portal/self/center/seekingMe'],
      ['GET', '/portal/self/center/meSeeking'],
      ['POST', '/portal/self/center/meSeeking', { title: '寻找仓库', categoryId: 4 }],
      ['DELETE', '/portal/self/center/meSeeking/1'],
      ['POST', '/portal/self/center/seekingMeStatus', { needId: '1', status: 1 }],
      ['POST', '/portal/self/center/meSeekingStatus', { needId: '1', status: 1 }],
    ];
    for (const [method, path, body] of calls) {
      expect(await visitor.call(method, path, body)).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
      expect(await nobody.client.call(method, path, body)).toEqual({ code: 403, msg: '当前操作没有权限' });
      expect(await sub.client.call(method, path, body)).toEqual({ code: 403, msg: '当前操作没有权限' });
    }
    const [row] = await server.db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM portal_needs WHERE title = '寻找仓库'",
    );
    expect(Number(row?.n)).toBe(0);
  });
});
