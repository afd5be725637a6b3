import type { PointsInfo, PointsLedgerRow, SignInResult } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import type { PageOf } from '../paging';
import { shanghaiDateOf } from '../shanghai-day';
import { freshMobile, PortalClient } from '../test-client';
import { changePoints, pointsInfo, signIn, signInAward } from './points';

/** Daily sign-in, the points balance and its ledger. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

async function newUser(): Promise<PortalClient> {
  const client = new PortalClient(server);
  expect((await client.register(freshMobile(), 'Secret123')).code).toBe(200);
  return client;
}

async function userIdOf(client: PortalClient): Promise<string> {
  return (await client.call<{ userId: string }>('GET', '/portal/self/center/info')).data?.userId ?? '';
}

/** A moment on Shanghai's wall clock, e.g. shanghai('2026-03-01 23:59'). */
const shanghai = (wallClock: string) => Date.parse(`${wallClock.replace(' ', 'T')}:00+08:00`);

const signInOver = (client: PortalClient) => client.call<SignInResult>('POST', '/portal/self/center/sign-in/per/day');

describe('the sign-in day', () => {
  it('is the calendar day in Shanghai, not the server’s', () => {
    // 16:01 UTC is already the next morning in Shanghai.
    expect(shanghaiDateOf(Date.parse('2026-03-01T16:01:00Z'))).toBe('2026-03-02');
    expect(shanghaiDateOf(Date.parse('2026-03-01T15:59:00Z'))).toBe('2026-03-01');
  });

  it('treats 23:59 and 00:01 Shanghai time as two days, and a second sign-in the same day as nothing new', async () => {
    const user = await userIdOf(await newUser());
    expect(await signIn(server.db, user, shanghai('2026-03-01 23:59'))).toEqual({
      isNew: true,
      points: 10,
      streak: 1,
      balance: 10,
    });
    expect(await signIn(server.db, user, shanghai('2026-03-01 23:59') + 30_000)).toEqual({
      isNew: false,
      points: 0,
      streak: 1,
      balance: 10,
    });
    expect(await signIn(server.db, user, shanghai('2026-03-02 00:01'))).toEqual({
      isNew: true,
      points: 12,
      streak: 2,
      balance: 22,
    });
  });
});

describe('streaks', () => {
  it('grow by a day at a time, add 2 points a day up to 20, and start again after a missed day', async () => {
    const user = await userIdOf(await newUser());
    const awards: number[] = [];
    for (let day = 1; day <= 7; day += 1) {
      const result = await signIn(server.db, user, shanghai(`2026-04-0${day} 09:00`));
      expect(result.streak).toBe(day);
      awards.push(result.points);
    }
    expect(awards).toEqual([10, 12, 14, 16, 18, 20, 20]);
    expect(signInAward(30)).toBe(20);
    // 2026-04-08 missed.
    const after = await signIn(server.db, user, shanghai('2026-04-09 08:00'));
    expect(after).toMatchObject({ isNew: true, points: 10, streak: 1 });
  });

  it('show as broken in the summary once a day was missed, with the last 7 days marked', async () => {
    const user = await userIdOf(await newUser());
    await signIn(server.db, user, shanghai('2026-05-10 10:00'));
    await signIn(server.db, user, shanghai('2026-05-11 10:00'));
    const nextDay = await pointsInfo(server.db, user, shanghai('2026-05-12 07:00'));
    expect(nextDay).toMatchObject({ balance: 22, streak: 2, signedToday: false, today: '2026-05-12', nextAward: 14 });
    expect(nextDay.days.map((d) => [d.day, d.signed, d.points])).toEqual([
      ['2026-05-06', false, 0],
      ['2026-05-07', false, 0],
      ['2026-05-08', false, 0],
      ['2026-05-09', false, 0],
      ['2026-05-10', true, 10],
      ['2026-05-11', true, 12],
      ['2026-05-12', false, 0],
    ]);
    const missed = await pointsInfo(server.db, user, shanghai('2026-05-13 07:00'));
    expect(missed).toMatchObject({ streak: 0, signedToday: false, nextAward: 10 });
  });
});

describe('concurrent sign-ins', () => {
  it('award the day once', async () => {
    const user = await userIdOf(await newUser());
    const at = shanghai('2026-06-01 12:00');
    const results = await Promise.all(Array.from({ length: 5 }, () => signIn(server.db, user, at)));
    expect(results.filter((r) => r.isNew)).toHaveLength(1);
    const ledger = await server.db.query('SELECT * FROM portal_points_ledger WHERE user_id = $1', [user]);
    expect(ledger).toHaveLength(1);
    expect((await pointsInfo(server.db, user, at)).balance).toBe(10);
  });

  it('over HTTP answer one success and one already signed', async () => {
    const client = await newUser();
    const answers = await Promise.all([signInOver(client), signInOver(client)]);
    expect(answers.map((a) => a.msg).sort()).toEqual(['今日已签到', '签到成功']);
    const info = await client.call<PointsInfo>('GET', '/portal/self/center/points/info');
    expect(info.data).toMatchObject({ balance: 10, streak: 1, signedToday: true, nextAward: 12 });
  });
});

describe('the balance', () => {
  it('never goes below 0: spending more is refused and changes nothing', async () => {
    const user = await userIdOf(await newUser());
    await signIn(server.db, user, shanghai('2026-07-01 08:00'));
    await expect(
      server.db.transaction((tx) => changePoints(tx, user, -11, '测试', 'test:overspend', Date.now())),
    ).rejects.toThrow('积分不足');
    await expect(server.db.query('UPDATE portal_points SET balance = -1 WHERE user_id = $1', [user])).rejects.toThrow();
    const ledger = await server.db.query('SELECT ref FROM portal_points_ledger WHERE user_id = $1', [user]);
    expect(ledger).toEqual([{ ref: 'sign-in:2026-07-01' }]);
    expect((await pointsInfo(server.db, user, Date.now())).balance).toBe(10);
  });
});

describe('the ledger', () => {
  it('pages newest first, each row with the balance after it', async () => {
    const client = await newUser();
    const user = await userIdOf(client);
    for (const day of ['01', '02', '03', '04', '05']) await signIn(server.db, user, shanghai(`2026-08-${day} 09:00`));
    const page = (query: string) =>
      client.call<PageOf<PointsLedgerRow>>('GET', `/portal/self/center/points/ledger${query}`);
    const first = (await page('?pageNum=1&pageSize=2')).data;
    expect(first?.total).toBe(5);
    expect(first?.rows.map((r) => [r.delta, r.balance, r.reason])).toEqual([
      [18, 70, '每日签到'],
      [16, 52, '每日签到'],
    ]);
    const last = (await page('?pageNum=3&pageSize=2')).data;
    expect(last?.rows.map((r) => [r.delta, r.balance])).toEqual([[10, 10]]);
    expect(last?.rows[0]?.createdAt).toBe(shanghai('2026-08-01 09:00'));
    expect(await page('?pageSize=0')).toEqual({ code: 500, msg: '每页条数不正确' });
    expect(await page('?pageNum=x')).toMatchObject({ code: 500 });
  });
});

describe('who may sign in', () => {
  it('each user sees only their own points', async () => {
    const a = await newUser();
    const b = await newUser();
    await signInOver(a);
    expect((await b.call<PageOf<PointsLedgerRow>>('GET', '/portal/self/center/points/ledger')).data).toEqual({
      rows: [],
      total: 0,
    });
    expect((await b.call<PointsInfo>('GET', '/portal/self/center/points/info')).data).toMatchObject({
      balance: 0,
      signedToday: false,
    });
  });

  it('refuses visitors with 401 and sub-accounts with 403, awarding nothing', async () => {
    const visitor = new PortalClient(server);
    for (const [method, url] of [
      ['POST', '/portal/self/center/sign-in/per/day'],
      ['GET', '/portal/self/center/points/info'],
      ['GET', '/portal/self/center/points/ledger'],
    ] as const) {
      expect(await visitor.call(method, url)).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
    }
    const parent = await newUser();
    const sub = await newUser();
    const subId = await userIdOf(sub);
    await server.db.query('UPDATE portal_accounts SET parent_user_id = $2 WHERE user_id = $1', [
      subId,
      await userIdOf(parent),
    ]);
    expect(await signInOver(sub)).toEqual({ code: 403, msg: '当前操作没有权限' });
    expect(await sub.call('GET', '/portal/self/center/points/ledger')).toEqual({ code: 403, msg: '当前操作没有权限' });
    expect(await server.db.query('SELECT 1 FROM portal_points_ledger WHERE user_id = $1', [subId])).toEqual([]);
    expect((await parent.call<PointsInfo>('GET', '/portal/self/center/points/info')).data?.balance).toBe(0);
  });
});
