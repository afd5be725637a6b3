import type { VipInfo, VipOrder, VipPointsCharge, VipPrice, VipQrPayment } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import type { PageOf } from '../paging';
import { changePoints } from '../points/points';
import { freshMobile, PortalClient } from '../test-client';
import { QR_PAY_UNAVAILABLE } from './payments';
import { ORDER_TTL_MS } from './vip';

/** Membership: the price list, paying with points, QR orders through the development provider. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  await server.db.query(
    `INSERT INTO portal_vip_prices (vip_type, name, days, price_fen, points, benefits, sort_order) VALUES
       (1, '月度会员', 30, 3000, 300, '["查看全部合作需求"]', 1),
       (2, '年度会员', 365, 29800, 3000, '["查看全部合作需求","专属客服"]', 2)
     ON CONFLICT (vip_type) DO NOTHING`,
  );
});
afterAll(() => server.close());

const DAY = 24 * 3600_000;
const NOT_FOUND = { code: 404, msg: '访问资源不存在' };
const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };
const UNAUTHORIZED = { code: 401, msg: '认证失败，无法访问系统资源' };

async function newUser(): Promise<PortalClient> {
  const client = new PortalClient(server);
  expect((await client.register(freshMobile(), 'Secret123')).code).toBe(200);
  return client;
}

async function userIdOf(client: PortalClient): Promise<string> {
  return (await client.call<{ userId: string }>('GET', '/portal/self/center/info')).data?.userId ?? '';
}

async function givePoints(client: PortalClient, points: number): Promise<void> {
  const user = await userIdOf(client);
  await server.db.transaction((tx) => changePoints(tx, user, points, '测试发放', `test:${Math.random()}`, Date.now()));
}

const info = async (client: PortalClient) =>
  (await client.call<VipInfo>('GET', '/portal/self/center/vip/info')).data as VipInfo;
const payQr = (client: PortalClient, vipType: number | string) =>
  client.call<VipQrPayment>('POST', `/portal/self/center/personal/charge/vip/pay/qr?vipType=${vipType}`);
const status = (client: PortalClient, orderNumber: string) =>
  client.call<VipOrder>('GET', `/portal/self/center/check/charge/vip/status?orderNumber=${orderNumber}`);
/** What scanning the development QR code does: open its URL (no login needed, as on a phone). */
const scan = (payUrl: string) =>
  new PortalClient(server).call('GET', new URL(payUrl).pathname.replace(/^\/prod-api/, ''));

describe('the price list and my membership', () => {
  it('lists the prices in order and shows a new user as no member with no points', async () => {
    const client = await newUser();
    const prices = (await client.call<VipPrice[]>('GET', '/portal/self/center/vip/price')).data;
    expect(prices?.map((p) => [p.vipType, p.name, p.days, p.priceFen, p.points])).toEqual([
      [1, '月度会员', 30, 3000, 300],
      [2, '年度会员', 365, 29800, 3000],
    ]);
    expect(prices?.[1]?.benefits).toEqual(['查看全部合作需求', '专属客服']);
    expect(await info(client)).toEqual({
      vipType: null,
      name: '',
      expiresAt: null,
      active: false,
      points: 0,
      qrPayAvailable: true,
    });
  });
});

describe('paying with points', () => {
  it('is refused without enough points, and nothing changes', async () => {
    const client = await newUser();
    await givePoints(client, 299);
    expect(await client.call('GET', '/portal/self/center/integral/charge/vip/1')).toEqual({
      code: 500,
      msg: '积分不足',
    });
    expect(await info(client)).toMatchObject({ active: false, points: 299 });
    expect((await client.call<PageOf<VipOrder>>('GET', '/portal/self/center/vip/orders')).data?.total).toBe(0);
    const ledger = (await client.call<PageOf<unknown>>('GET', '/portal/self/center/points/ledger')).data;
    expect(ledger?.total).toBe(1);
  });

  it('takes the points through the ledger, writes a paid order and extends the membership from its end', async () => {
    const client = await newUser();
    await givePoints(client, 700);
    const before = Date.now();
    const first = await client.call<VipPointsCharge>('GET', '/portal/self/center/integral/charge/vip/1');
    expect(first).toMatchObject({ code: 200, msg: '兑换成功' });
    expect(first.data?.order).toMatchObject({
      vipType: 1,
      name: '月度会员',
      payMethod: 'points',
      points: 300,
      status: 1,
    });
    const firstEnd = first.data?.vip.expiresAt ?? 0;
    expect(firstEnd).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(first.data?.vip).toMatchObject({ vipType: 1, active: true, points: 400 });

    const second = await client.call<VipPointsCharge>('GET', '/portal/self/center/integral/charge/vip/1');
    expect(second.data?.vip.expiresAt).toBe(firstEnd + 30 * DAY);
    expect(second.data?.vip.points).toBe(100);
    const ledger = (
      await client.call<PageOf<{ delta: number; balance: number; reason: string }>>(
        'GET',
        '/portal/self/center/points/ledger?pageSize=2',
      )
    ).data;
    expect(ledger?.rows.map((r) => [r.delta, r.balance, r.reason])).toEqual([
      [-300, 100, '积分兑换月度会员'],
      [-300, 400, '积分兑换月度会员'],
    ]);
    expect((await client.call<PageOf<VipOrder>>('GET', '/portal/self/center/vip/orders?pageSize=1')).data?.total).toBe(
      2,
    );
  });

  it('runs a lapsed membership from now, not from its old end', async () => {
    const client = await newUser();
    await givePoints(client, 300);
    await server.db.query(`INSERT INTO portal_vip_members (user_id, vip_type, expires_at) VALUES ($1, 2, $2)`, [
      await userIdOf(client),
      Date.now() - 100 * DAY,
    ]);
    expect(await info(client)).toMatchObject({ vipType: 2, name: '年度会员', active: false });
    const before = Date.now();
    const charged = await client.call<VipPointsCharge>('GET', '/portal/self/center/integral/charge/vip/1');
    expect(charged.data?.vip.expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(charged.data?.vip).toMatchObject({ vipType: 1, active: true });
  });

  it('charges once for requests with the same idempotency key, however many arrive at once', async () => {
    const client = await newUser();
    await givePoints(client, 700);
    const charge = (key: string) =>
      client.call<VipPointsCharge>('GET', `/portal/self/center/integral/charge/vip/1?idempotencyKey=${key}`);
    const key = 'f3b1c2d4-0a5e-4b6f-9c7d-8e9f0a1b2c3d';
    const twins = await Promise.all([charge(key), charge(key), charge(key)]);
    expect(twins.map((a) => [a.code, a.msg])).toEqual(Array.from({ length: 3 }, () => [200, '兑换成功']));
    expect(new Set(twins.map((a) => a.data?.order.orderNumber)).size).toBe(1);
    expect(await info(client)).toMatchObject({ points: 400, active: true });

    // A later purchase the user confirmed again has a new key and is charged.
    const again = await charge('0c9e7a52-8d1f-4e3b-a6c4-5b2d7f8e9a01');
    expect(again.data?.order.orderNumber).not.toBe(twins[0]?.data?.order.orderNumber);
    expect(again.data?.vip.points).toBe(100);
    expect((await charge(key)).data?.order.orderNumber).toBe(twins[0]?.data?.order.orderNumber);
    expect((await client.call<PageOf<VipOrder>>('GET', '/portal/self/center/vip/orders')).data?.total).toBe(2);
    expect((await client.call<PageOf<unknown>>('GET', '/portal/self/center/points/ledger')).data?.total).toBe(3);
  });

  it('keeps a refused purchase’s key free, and checks the key', async () => {
    const client = await newUser();
    await givePoints(client, 200);
    const url = '/portal/self/center/integral/charge/vip/1?idempotencyKey=retry-after-sign-in';
    expect(await client.call('GET', url)).toEqual({ code: 500, msg: '积分不足' });
    await givePoints(client, 100);
    expect((await client.call<VipPointsCharge>('GET', url)).data?.vip.points).toBe(0);
    expect(await client.call('GET', '/portal/self/center/integral/charge/vip/1?idempotencyKey=a%20b')).toEqual({
      code: 500,
      msg: '请求标识不正确',
    });
  });

  it('checks the type', async () => {
    const client = await newUser();
    expect(await client.call('GET', '/portal/self/center/integral/charge/vip/99')).toEqual({
      code: 500,
      msg: '会员类型不存在',
    });
    expect(await client.call('GET', '/portal/self/center/integral/charge/vip/1.5')).toEqual({
      code: 500,
      msg: '会员类型不正确',
    });
  });
});

describe('paying by QR code', () => {
  it('creates a waiting order whose QR code, once paid, makes the order paid and extends the membership', async () => {
    const client = await newUser();
    const created = await payQr(client, 1);
    expect(created.code).toBe(200);
    const payment = created.data as VipQrPayment;
    expect(payment.orderNumber).toMatch(/^VIP\d{20}$/);
    expect(payment.amount).toBe(3000);
    expect(payment.provider).toBe('dev');
    expect(payment.payUrl).toMatch(new RegExp(`/prod-api/dev/payment/${payment.orderNumber}/paid$`));
    const png = Buffer.from(payment.qrCode.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(payment.expiresAt - Date.now()).toBeGreaterThan(ORDER_TTL_MS - 60_000);

    expect((await status(client, payment.orderNumber)).data).toMatchObject({
      status: 0,
      paidAt: null,
      amountFen: 3000,
    });
    expect(await scan(payment.payUrl)).toEqual({
      code: 200,
      msg: '支付成功',
      data: { orderNumber: payment.orderNumber },
    });
    const paid = (await status(client, payment.orderNumber)).data;
    expect(paid).toMatchObject({ status: 1, payMethod: 'qr' });
    expect(paid?.paidAt).toBeGreaterThan(0);
    const end = (await info(client)).expiresAt ?? 0;
    expect(end).toBeGreaterThan(Date.now() + 29 * DAY);

    // The provider notifies again: nothing more happens.
    expect(await scan(payment.payUrl)).toMatchObject({ code: 200, msg: '订单已支付' });
    expect((await info(client)).expiresAt).toBe(end);
    expect((await status(client, payment.orderNumber)).data?.status).toBe(1);
  });

  it('extends the membership once when two confirmations arrive together', async () => {
    const client = await newUser();
    const payment = (await payQr(client, 2)).data as VipQrPayment;
    const answers = await Promise.all([scan(payment.payUrl), scan(payment.payUrl), scan(payment.payUrl)]);
    expect(answers.map((a) => a.msg).sort()).toEqual(['支付成功', '订单已支付', '订单已支付']);
    const vip = await info(client);
    expect(vip).toMatchObject({ vipType: 2, active: true });
    expect(vip.expiresAt).toBeLessThan(Date.now() + 366 * DAY);
  });

  it('closes an order not paid in time, and a late payment does not count', async () => {
    const client = await newUser();
    const payment = (await payQr(client, 1)).data as VipQrPayment;
    await server.db.query('UPDATE portal_vip_orders SET created_at = created_at - $2::bigint WHERE order_number = $1', [
      payment.orderNumber,
      ORDER_TTL_MS + 1000,
    ]);
    expect((await status(client, payment.orderNumber)).data?.status).toBe(2);
    expect((await status(client, payment.orderNumber)).data?.status).toBe(2);
    expect(await scan(payment.payUrl)).toEqual({ code: 500, msg: '订单已关闭' });
    expect(await info(client)).toMatchObject({ active: false, expiresAt: null });
  });

  it('checks the type and the order number', async () => {
    const client = await newUser();
    expect(await payQr(client, 99)).toEqual({ code: 500, msg: '会员类型不存在' });
    expect(await payQr(client, 0)).toEqual({ code: 500, msg: '会员类型不正确' });
    expect(await client.call('POST', '/portal/self/center/personal/charge/vip/pay/qr')).toMatchObject({ code: 500 });
    expect(await client.call('GET', '/portal/self/center/check/charge/vip/status')).toMatchObject({ code: 500 });
    expect(await status(client, 'VIP00000000000000000000')).toEqual(NOT_FOUND);
    expect(await scan('http://x/prod-api/dev/payment/VIP-none/paid')).toEqual(NOT_FOUND);
  });

  it('allows a few open orders at a time', async () => {
    const client = await newUser();
    for (let i = 0; i < 5; i += 1) expect((await payQr(client, 1)).code).toBe(200);
    expect(await payQr(client, 1)).toEqual({ code: 500, msg: '待支付订单过多，请稍后再试' });
    const orders = (await client.call<PageOf<VipOrder>>('GET', '/portal/self/center/vip/orders?pageNum=2&pageSize=3'))
      .data;
    expect(orders?.total).toBe(5);
    expect(orders?.rows).toHaveLength(2);
  });
});

describe('who may see and pay', () => {
  it('another user cannot check my order, which stays as it was', async () => {
    const mine = await newUser();
    const other = await newUser();
    const payment = (await payQr(mine, 1)).data as VipQrPayment;
    expect(await status(other, payment.orderNumber)).toEqual(NOT_FOUND);
    expect((await other.call<PageOf<VipOrder>>('GET', '/portal/self/center/vip/orders')).data?.total).toBe(0);
    expect((await status(mine, payment.orderNumber)).data?.status).toBe(0);
  });

  it('refuses visitors with 401 and sub-accounts with 403', async () => {
    const parent = await newUser();
    const payment = (await payQr(parent, 1)).data as VipQrPayment;
    const sub = await newUser();
    await server.db.query('UPDATE portal_accounts SET parent_user_id = $2 WHERE user_id = $1', [
      await userIdOf(sub),
      await userIdOf(parent),
    ]);
    const visitor = new PortalClient(server);
    const calls = [
      ['GET', '/portal/self/center/vip/info'],
      ['GET', '/portal/self/center/vip/orders'],
      ['GET', '/portal/self/center/integral/charge/vip/1'],
      ['POST', '/portal/self/center/personal/charge/vip/pay/qr?vipType=1'],
      ['GET', `/portal/self/center/check/charge/vip/status?orderNumber=${payment.orderNumber}`],
    ] as const;
    for (const [method, url] of calls) {
      expect(await visitor.call(method, url)).toEqual(UNAUTHORIZED);
      expect(await sub.call(method, url)).toEqual(FORBIDDEN);
    }
    expect(await visitor.call('GET', '/portal/self/center/vip/price')).toEqual(UNAUTHORIZED);
    expect((await sub.call('GET', '/portal/self/center/vip/price')).code).toBe(200);
    expect((await parent.call<PageOf<VipOrder>>('GET', '/portal/self/center/vip/orders')).data?.total).toBe(1);
  });

  it('offers no QR payment, and no development payment URL, where no provider is configured', async () => {
    const production = await startServer({ testHooks: false, devOutboxEndpoint: false });
    // The test hooks register the user; null keeps the development provider off all the same.
    const unconfigured = await startServer({ testHooks: true, devOutboxEndpoint: false, payments: null });
    try {
      expect(await new PortalClient(production).call('GET', '/dev/payment/VIP1/paid')).toEqual(NOT_FOUND);
      expect(await new PortalClient(unconfigured).call('GET', '/dev/payment/VIP1/paid')).toEqual(NOT_FOUND);
      const client = new PortalClient(unconfigured);
      expect((await client.register(freshMobile(), 'Secret123')).code).toBe(200);
      const vip = await client.call<VipInfo>('GET', '/portal/self/center/vip/info');
      expect(vip.data).toMatchObject({ qrPayAvailable: false });
      expect(await client.call('POST', '/portal/self/center/personal/charge/vip/pay/qr?vipType=1')).toEqual({
        code: 500,
        msg: QR_PAY_UNAVAILABLE,
      });
      const [orders] = await unconfigured.db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_vip_orders');
      expect(Number(orders?.n)).toBe(0);
    } finally {
      await unconfigured.close();
      await production.close();
    }
  });
});
