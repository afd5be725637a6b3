import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { PortalClient } from '../test-client';
import { ability, enterprise, type Person, registered, subAccount } from '../test-people';
import { need, view } from './fixtures';

/** The data board and the statistics GETs: every figure is what the stored rows say. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

const H = 3_600_000;
const D = 24 * H;
/** 2026-03-10 00:30 in Asia/Shanghai: half an hour into "today", so UTC and Shanghai days differ. */
const NOW = Date.UTC(2026, 2, 9, 16, 30);
/** 2026-03-10 00:00 in Shanghai. */
const TODAY = Date.UTC(2026, 2, 9, 16, 0);
const WEEK_START = TODAY - 6 * D;

/** The server's clock (and only its clock: timers run) stands at NOW. */
function atNow(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

async function follow(who: Person, target: Person, at: number) {
  await server.db.query('INSERT INTO portal_follows (user_id, target_id, created_at) VALUES ($1, $2, $3)', [
    who.userId,
    target.userId,
    at,
  ]);
}

async function collect(who: Person, productId: string, at: number) {
  await server.db.query('INSERT INTO portal_collections (user_id, product_id, created_at) VALUES ($1, $2, $3)', [
    who.userId,
    productId,
    at,
  ]);
}

let requests = 0;
async function cooperation(from: Person, to: Person, at: number, applyStatus = 0) {
  requests += 1;
  await server.db.query(
    `INSERT INTO portal_cooperation_requests (to_user, id, from_user, subject, message, apply_status, created_at)
     VALUES ($1, $2, $3, '合作', '你好', $4, $5)`,
    [to.userId, `stat-${requests}`, from.userId, applyStatus, at],
  );
}

async function get<T>(who: Person | PortalClient, path: string) {
  const client = who instanceof PortalClient ? who : who.client;
  return client.call<T>('GET', path);
}

describe('the data board', () => {
  it('counts abilities, views by Shanghai day, follows, collections, cooperation and new matching needs', async () => {
    const me = await enterprise(server);
    const other = await enterprise(server);
    const fan = await registered(server);
    const empty = await get(me, '/portal/self/center/data/board');
    expect(empty).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        abilityTotal: 0,
        abilityPublished: 0,
        viewsToday: 0,
        viewsWeek: 0,
        followers: 0,
        collections: 0,
        cooperationWaiting: 0,
        cooperationTotal: 0,
        newNeeds: 0,
      },
    });

    const published = await ability(server, me, { categoryId: 2 });
    await ability(server, me, { status: 0 });
    await ability(server, me, { status: 2 });
    const binned = await ability(server, me, { deleted: true });
    await view(server, me, TODAY, published); // 00:00 today: today
    await view(server, me, NOW); // the company page, today
    await view(server, me, TODAY - 1); // 23:59:59.999 yesterday
    await view(server, me, WEEK_START); // the first day of the week
    await view(server, me, WEEK_START - 1); // the day before: not this week
    await view(server, other, NOW); // someone else's
    await follow(fan, me, TODAY);
    await follow(other, me, TODAY - 30 * D);
    await follow(fan, other, TODAY);
    await collect(fan, published, TODAY);
    await collect(other, published, TODAY);
    await collect(fan, binned, TODAY); // in the recycle bin: not counted
    await cooperation(fan, me, TODAY);
    await cooperation(other, me, TODAY, 1);
    await cooperation(me, other, TODAY);
    await need(server, other, { categoryId: 2 }); // matches my published ability
    await need(server, other, { categoryId: 2, status: 1 }); // closed
    await need(server, other, { categoryId: 1 }); // only my draft/binned abilities are in category 1
    await need(server, me, { categoryId: 2 }); // mine

    atNow();
    expect((await get(me, '/portal/self/center/data/board')).data).toEqual({
      abilityTotal: 3,
      abilityPublished: 1,
      viewsToday: 2,
      viewsWeek: 4,
      followers: 2,
      collections: 2,
      cooperationWaiting: 1,
      cooperationTotal: 2,
      newNeeds: 1,
    });
  });
});

describe('the statistics', () => {
  it('give my abilities per category for every category, zero-filled, in the portal order', async () => {
    const me = await enterprise(server);
    await ability(server, me, { categoryId: 3 });
    await ability(server, me, { categoryId: 3, status: 0 });
    await ability(server, me, { categoryId: 5 });
    await ability(server, me, { categoryId: 5, deleted: true });
    await ability(server, await enterprise(server), { categoryId: 3 });
    const { data } = await get<Array<{ categoryId: number; categoryName: string; total: number; published: number }>>(
      me,
      '/portal/supply/chain/ability/statistic',
    );
    expect(data?.map((row) => row.categoryId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(data?.[2]).toEqual({ categoryId: 3, categoryName: '检验检测', total: 2, published: 1 });
    expect(data?.[4]).toEqual({ categoryId: 5, categoryName: '供应链金融', total: 1, published: 1 });
    expect(data?.filter((row) => row.total === 0)).toHaveLength(6);
  });

  it('give platform totals and what is new this week, moving as rows are added', async () => {
    const me = await enterprise(server);
    atNow();
    const totals = (await get<Record<string, number>>(me, '/portal/supply/chain/statistics')).data ?? {};
    const fresh = (await get<Record<string, number>>(me, '/portal/supply/chain/new/statistics')).data ?? {};
    vi.useRealTimers();

    const newcomer = await enterprise(server);
    await server.db.query('UPDATE portal_enterprise_auth SET reviewed_at = $2 WHERE user_id = $1', [
      newcomer.userId,
      WEEK_START,
    ]);
    await ability(server, me, { publishedAt: TODAY });
    await ability(server, me, { publishedAt: WEEK_START - 1 });
    await ability(server, me, { status: 0 });
    await need(server, me, { createdAt: NOW });
    await need(server, me, { createdAt: NOW, status: 1 });
    await need(server, me, { createdAt: WEEK_START - 1 });
    await cooperation(newcomer, me, NOW);
    atNow();
    expect((await get(me, '/portal/supply/chain/statistics')).data).toEqual({
      enterprises: (totals.enterprises ?? 0) + 1,
      publishedAbilities: (totals.publishedAbilities ?? 0) + 2,
      cooperationRequests: (totals.cooperationRequests ?? 0) + 1,
      openNeeds: (totals.openNeeds ?? 0) + 2,
    });
    expect((await get(me, '/portal/supply/chain/new/statistics')).data).toEqual({
      abilities: (fresh.abilities ?? 0) + 1,
      enterprises: (fresh.enterprises ?? 0) + 1,
      needs: (fresh.needs ?? 0) + 2,
    });
  });

  it('rank my ten most viewed abilities, most views first, and leave out others and the recycle bin', async () => {
    const me = await enterprise(server);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await ability(server, me, { name: `能力${i}` });
      ids.push(id);
      for (let v = 0; v <= i; v++) await view(server, me, NOW, id);
    }
    const binned = await ability(server, me, { deleted: true });
    for (let v = 0; v < 50; v++) await view(server, me, NOW, binned);
    const theirs = await ability(server, await enterprise(server));
    for (let v = 0; v < 50; v++) await view(server, me, NOW, theirs);
    const { data } = await get<Array<{ id: string; productName: string; views: number }>>(
      me,
      '/portal/self/center/ability/top/ten/statistics',
    );
    expect(data).toHaveLength(10);
    expect(data?.[0]).toEqual({ id: ids[11], productName: '能力11', views: 12 });
    expect(data?.map((row) => row.views)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it('rank the ten most searched keywords of the last 30 days, counted trimmed and case-folded', async () => {
    const me = await enterprise(server);
    const search = async (keyword: string, at: number, times = 1) => {
      for (let i = 0; i < times; i++) {
        await server.db.query('INSERT INTO portal_search_log (keyword, user_id, created_at) VALUES ($1, null, $2)', [
          keyword,
          at,
        ]);
      }
    };
    // Far in the past: nothing else in this server searched then.
    const now = Date.UTC(2025, 0, 31, 12);
    for (let i = 0; i < 11; i++) await search(`关键词${String(i).padStart(2, '0')}`, now - H, i + 1);
    await search('CNC', now - H, 20);
    await search(' cnc ', now - 30 * D + 1, 5);
    await search('CNC', now - 30 * D, 100); // 30 days ago exactly: outside the window
    await search('   ', now - H, 100);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const { data } = await get<Array<{ keyword: string; count: number }>>(
      me,
      '/portal/self/center/keywords/top/ten/statistics',
    );
    expect(data).toEqual([
      { keyword: 'CNC', count: 25 },
      { keyword: '关键词10', count: 11 },
      { keyword: '关键词09', count: 10 },
      { keyword: '关键词08', count: 9 },
      { keyword: '关键词07', count: 8 },
      { keyword: '关键词06', count: 7 },
      { keyword: '关键词05', count: 6 },
      { keyword: '关键词04', count: 5 },
      { keyword: '关键词03', count: 4 },
      { keyword: '关键词02', count: 3 },
    ]);
  });

  it('chart the last 7 Shanghai days, oldest first, zero-filled', async () => {
    const me = await enterprise(server);
    const fan = await registered(server);
    const fan2 = await registered(server);
    const product = await ability(server, me);
    await view(server, me, TODAY);
    await view(server, me, NOW, product);
    await view(server, me, TODAY - 1);
    await view(server, me, WEEK_START);
    await view(server, me, WEEK_START - 1);
    await follow(fan, me, TODAY - 1);
    await follow(fan2, me, TODAY - 3 * D);
    await cooperation(fan, me, WEEK_START + 1);
    await cooperation(fan2, me, TODAY + H);
    await collect(fan, product, TODAY - 2 * D);
    await collect(fan2, product, WEEK_START - 1);
    atNow();
    expect((await get(me, '/portal/self/center/week/chart/statistics/data')).data).toEqual({
      days: ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'],
      views: [1, 0, 0, 0, 0, 1, 2],
      follows: [0, 0, 0, 1, 0, 1, 0],
      cooperations: [1, 0, 0, 0, 0, 0, 1],
      collections: [0, 0, 0, 0, 1, 0, 0],
    });
  });
});

describe('who may see statistics', () => {
  const paths = [
    '/portal/self/center/data/board',
    '/portal/supply/chain/ability/statistic',
    '/portal/supply/chain/statistics',
    '/portal/supply/chain/new/statistics',
    '/portal/self/center/ability/top/ten/statistics',
    '/portal/self/center/keywords/top/ten/statistics',
    '/portal/self/center/week/chart/statistics/data',
  ];

  it('refuse a visitor (401), a person without an enterprise and a sub-account (403)', async () => {
    const visitor = new PortalClient(server);
    const nobody = await registered(server);
    const sub = await subAccount(server, await enterprise(server));
    for (const path of paths) {
      expect(await visitor.call('GET', path)).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
      expect(await nobody.client.call('GET', path)).toEqual({ code: 403, msg: '当前操作没有权限' });
      expect(await sub.client.call('GET', path)).toEqual({ code: 403, msg: '当前操作没有权限' });
    }
  });

  it("show each enterprise only its own figures, never another's", async () => {
    const a = await enterprise(server);
    const b = await enterprise(server);
    const product = await ability(server, a);
    await view(server, a, Date.now(), product);
    await follow(b, a, Date.now());
    expect(
      (await get<{ viewsToday: number; followers: number }>(a, '/portal/self/center/data/board')).data,
    ).toMatchObject({ viewsToday: 1, followers: 1, abilityTotal: 1 });
    expect((await get(b, '/portal/self/center/data/board')).data).toMatchObject({
      viewsToday: 0,
      followers: 0,
      abilityTotal: 0,
    });
    expect((await get(b, '/portal/self/center/ability/top/ten/statistics')).data).toEqual([]);
  });
});
