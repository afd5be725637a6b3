import type { MallGoodsAdmin, MallOrder, MallRedeemResult, PointsInfo } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, toNumber } from '../../apps/server/src/db/database';
import { openPostgres } from '../../apps/server/src/db/postgres';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { setAdmin } from '../../apps/server/src/portal/admins';
import { OUT_OF_STOCK } from '../../apps/server/src/portal/mall/mall';
import type { PageOf } from '../../apps/server/src/portal/paging';
import type { Answer } from '../../apps/server/src/portal/test-client';
import { type Person, register } from './portal-people';
import { startProcessPair } from './shared-services';

/**
 * The points mall on PostgreSQL, where concurrent transactions really interleave (the route tests
 * run on PGlite, which serialises them): redeems sent at once to two server processes sell exactly
 * the stock, never spend points a person does not have, and leave one ledger row per order.
 * People use the portal over HTTP, each from an address of their own behind a loopback proxy.
 */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const NOT_ENOUGH_POINTS = '积分不足';
/** What one daily sign-in of a new account awards. */
const SIGN_IN_POINTS = 10;

let p1: ServerProcess;
let p2: ServerProcess;
let db: Database;
let stopPair: () => Promise<void>;
let admin: Person;
let image: string;

beforeAll(async () => {
  let databaseUrl: string;
  ({
    p1,
    p2,
    databaseUrl,
    stop: stopPair,
  } = await startProcessPair('liaison_mall', 1_400_777_005, { PORTAL_TEST_HOOKS: '1', TRUST_PROXY: 'loopback' }));
  db = await openPostgres(databaseUrl, 2);
  admin = await register(p1);
  await setAdmin(db, admin.mobile, true);
  const uploaded = await admin.upload(p2, 'goods.png', PNG);
  expect(uploaded.code, uploaded.msg).toBe(200);
  image = uploaded.fileName ?? '';
});

afterAll(async () => {
  await db?.close();
  await stopPair?.();
});

describe('redeeming across two server processes on PostgreSQL', () => {
  it('sells exactly the stock when many people, each from both processes at once, redeem the last items', async () => {
    // Points for 10 items each, at most 2 requests a round: only the stock can turn a redeem down.
    const buyers = await Promise.all(Array.from({ length: 12 }, (_, i) => signedIn(i % 2 === 0 ? p1 : p2)));
    for (let round = 0; round < 3; round += 1) {
      const stock = 4;
      const goods = await newGoods({ pointsCost: 1, stock });
      const watch = lowestStock(goods.id);
      const answers = await Promise.all(
        buyers.flatMap((buyer) => [redeem(buyer, p1, goods.id), redeem(buyer, p2, goods.id)]),
      );
      const lowest = await watch.stop();

      const sold = answers.filter((a) => a.code === 200);
      expect(sold).toHaveLength(stock);
      expect(answers.filter((a) => a.code !== 200)).toEqual(
        Array.from({ length: answers.length - stock }, () => ({ code: 500, msg: OUT_OF_STOCK })),
      );
      expect(await stockOf(goods.id)).toBe(0);
      expect(lowest).toBeGreaterThanOrEqual(0);
      const orders = await db.query<{ id: unknown }>('SELECT id FROM portal_goods_orders WHERE goods_id = $1', [
        goods.id,
      ]);
      expect(orders.map((o) => String(toNumber(o.id))).sort()).toEqual(sold.map((a) => a.data?.order.id).sort());
    }
    for (const buyer of buyers) {
      const mine = await buyer.call<PageOf<MallOrder>>(p2, 'GET', '/portal/mall/orders?pageSize=100');
      expect(await balanceOf(buyer, p1)).toBe(SIGN_IN_POINTS - (mine.data?.total ?? 0));
    }
    await expectLedgerMatchesOrders();
  });

  it('gives a person with points for one item one order when they redeem from both processes at once', async () => {
    // The same goods twice (its row lock queues the two), or two goods (only the points lock does).
    const goods = await newGoods({ pointsCost: SIGN_IN_POINTS, stock: 1000 });
    const other = await newGoods({ pointsCost: SIGN_IN_POINTS, stock: 1000 });
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => signedIn(i % 2 === 0 ? p2 : p1)));
    let soldInAll = 0;
    // Each round ends with the admin cancelling the orders, which refunds the points for the next.
    for (let round = 0; round < 10; round += 1) {
      const pairs = await Promise.all(
        people.map((person, i) =>
          Promise.all([redeem(person, p1, goods.id), redeem(person, p2, i % 2 === 0 ? goods.id : other.id)]),
        ),
      );
      for (const [i, pair] of pairs.entries()) {
        const person = people[i] as Person;
        const won = pair.find((a) => a.code === 200);
        expect(won?.data?.balance).toBe(0);
        expect(pair.find((a) => a !== won)).toEqual({ code: 500, msg: NOT_ENOUGH_POINTS });
        expect(await balanceOf(person, i % 2 === 0 ? p1 : p2)).toBe(0);
        const mine = await person.call<PageOf<MallOrder>>(p1, 'GET', '/portal/mall/orders?pageSize=100');
        expect(mine.data?.rows.filter((o) => o.status === 0)).toEqual([won?.data?.order]);
        const cancelled = await admin.call(p2, 'POST', `/system/mall/orders/${won?.data?.order.id}/cancel`);
        expect(cancelled.code, cancelled.msg).toBe(200);
        expect(await balanceOf(person, p1)).toBe(SIGN_IN_POINTS);
      }
      soldInAll += people.length;
    }
    expect(await stockOf(goods.id)).toBe(1000);
    expect(await stockOf(other.id)).toBe(1000);
    const [orders] = await db.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM portal_goods_orders WHERE goods_id IN ($1, $2)',
      [goods.id, other.id],
    );
    expect(toNumber(orders?.n)).toBe(soldInAll);
    await expectLedgerMatchesOrders();
  });
});

/**
 * Every order has exactly one ledger row (ref 'mall:<order id>', its points taken) and no such row
 * is without its order; no balance was ever negative, and each person's ledger adds up, row by
 * row, to the balances it records and to the balance held (no update was lost).
 */
async function expectLedgerMatchesOrders(): Promise<void> {
  const mismatched = await db.query(
    `SELECT o.id, count(l.id) AS rows FROM portal_goods_orders o
       LEFT JOIN portal_points_ledger l ON l.ref = 'mall:' || o.id AND l.user_id = o.user_id AND l.delta = -o.points
      GROUP BY o.id HAVING count(l.id) <> 1`,
  );
  expect(mismatched).toEqual([]);
  const orphans = await db.query(
    `SELECT l.id FROM portal_points_ledger l
      WHERE l.ref LIKE 'mall:%' AND NOT EXISTS (SELECT 1 FROM portal_goods_orders o WHERE 'mall:' || o.id = l.ref)`,
  );
  expect(orphans).toEqual([]);
  const negative = await db.query(
    `SELECT user_id, balance FROM portal_points_ledger WHERE balance < 0
      UNION ALL SELECT user_id, balance FROM portal_points WHERE balance < 0`,
  );
  expect(negative).toEqual([]);
  const brokenChain = await db.query(
    `SELECT id FROM (SELECT id, balance, sum(delta) OVER (PARTITION BY user_id ORDER BY id) AS running
                       FROM portal_points_ledger) l
      WHERE balance <> running`,
  );
  expect(brokenChain).toEqual([]);
  const unbalanced = await db.query(
    `SELECT p.user_id FROM portal_points p
       LEFT JOIN (SELECT user_id, sum(delta) AS total FROM portal_points_ledger GROUP BY user_id) l
         ON l.user_id = p.user_id
      WHERE p.balance <> coalesce(l.total, 0)`,
  );
  expect(unbalanced).toEqual([]);
}

/** A new account that has signed in once today on the other process, so it holds SIGN_IN_POINTS. */
async function signedIn(server: ServerProcess): Promise<Person> {
  const person = await register(server);
  const signed = await person.call<{ points: number }>(
    server === p1 ? p2 : p1,
    'POST',
    '/portal/self/center/sign-in/per/day',
  );
  expect(signed.code, signed.msg).toBe(200);
  expect(signed.data?.points).toBe(SIGN_IN_POINTS);
  return person;
}

let goodsMade = 0;

async function newGoods(form: { pointsCost: number; stock: number }): Promise<MallGoodsAdmin> {
  goodsMade += 1;
  const answer = await admin.call<MallGoodsAdmin>(p1, 'POST', '/system/mall/goods', {
    name: `限量徽章${goodsMade}`,
    image,
    ...form,
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as MallGoodsAdmin;
}

function redeem(person: Person, server: ServerProcess, goodsId: string): Promise<Answer<MallRedeemResult>> {
  return person.call<MallRedeemResult>(server, 'POST', '/portal/mall/redeem', {
    goodsId,
    quantity: 1,
    address: '上海市浦东新区世纪大道100号',
  });
}

async function balanceOf(person: Person, server: ServerProcess): Promise<number | undefined> {
  return (await person.call<PointsInfo>(server, 'GET', '/portal/self/center/points/info')).data?.balance;
}

async function stockOf(goodsId: string): Promise<number> {
  const [row] = await db.query<{ stock: unknown }>('SELECT stock FROM portal_goods WHERE id = $1', [goodsId]);
  return toNumber(row?.stock);
}

/** Reads the stock over and over until stop(), which gives the lowest value seen. */
function lowestStock(goodsId: string): { stop(): Promise<number> } {
  let watching = true;
  let lowest = Number.POSITIVE_INFINITY;
  const loop = (async () => {
    while (watching) lowest = Math.min(lowest, await stockOf(goodsId));
  })();
  return {
    async stop() {
      watching = false;
      await loop;
      return lowest;
    },
  };
}
