import type {
  MallGoods,
  MallGoodsAdmin,
  MallOrder,
  MallOrderAdmin,
  MallRedeemResult,
  PointsInfo,
} from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { type Cast, castOf, FORBIDDEN, NOT_FOUND, put, userIdOf } from '../admin/admin-test-kit';
import type { PageOf } from '../paging';
import { changePoints } from '../points/points';
import type { PortalClient } from '../test-client';

/** The points mall over HTTP: goods, redeeming with ledger points, orders, and the admin's side. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let server: LiaisonServer;
let cast: Cast;
let image: string;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  cast = await castOf(server);
  image = (await cast.admin.upload('goods.png', PNG)).fileName as string;
});
afterAll(() => server.close());

let names = 0;
async function newGoods(overrides: Record<string, unknown> = {}): Promise<MallGoodsAdmin> {
  names += 1;
  const answer = await cast.admin.call<MallGoodsAdmin>('POST', '/system/mall/goods', {
    name: `定制保温杯${names}`,
    image,
    description: '304不锈钢，500毫升',
    pointsCost: 100,
    stock: 5,
    ...overrides,
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as MallGoodsAdmin;
}

/** A registered person with `points` in the ledger. */
async function holder(points: number): Promise<PortalClient> {
  const client = await cast.user();
  const userId = await userIdOf(client);
  if (points > 0)
    await server.db.transaction((tx) => changePoints(tx, userId, points, '测试奖励', `test:${userId}`, 1));
  return client;
}

const balanceOf = async (client: PortalClient) =>
  (await client.call<PointsInfo>('GET', '/portal/self/center/points/info')).data?.balance;
const stockOf = async (id: string) =>
  Number((await server.db.query<{ stock: unknown }>('SELECT stock FROM portal_goods WHERE id = $1', [id]))[0]?.stock);
const ordersOf = (client: PortalClient) => client.call<PageOf<MallOrder>>('GET', '/portal/mall/orders');
const redeem = (client: PortalClient, body: Record<string, unknown>) =>
  client.call<MallRedeemResult>('POST', '/portal/mall/redeem', {
    quantity: 1,
    address: '上海市浦东新区世纪大道100号',
    ...body,
  });

describe('the goods list', () => {
  it('shows visitors the enabled goods with their served picture, paged', async () => {
    const shown = await newGoods({ sortOrder: 0 });
    const hidden = await newGoods({ enabled: false });
    const page = await cast.visitor.call<PageOf<MallGoods>>('GET', '/portal/mall/goods?pageNum=1&pageSize=100');
    expect(page.code).toBe(200);
    const rows = page.data?.rows ?? [];
    expect(rows.find((g) => g.id === shown.id)).toEqual({
      id: shown.id,
      name: shown.name,
      image: `/prod-api${image}`,
      description: '304不锈钢，500毫升',
      pointsCost: 100,
      stock: 5,
    });
    expect(rows.some((g) => g.id === hidden.id)).toBe(false);
    expect(page.data?.total).toBe(rows.length);
    const first = await cast.visitor.call<PageOf<MallGoods>>('GET', '/portal/mall/goods?pageNum=1&pageSize=1');
    expect(first.data?.rows).toHaveLength(1);
    expect(first.data?.total).toBe(rows.length);
  });
});

describe('redeeming', () => {
  it('takes the points through the ledger and the stock, and lists the order as the user’s own', async () => {
    const goods = await newGoods({ pointsCost: 120, stock: 3 });
    const user = await holder(500);
    const answer = await redeem(user, { goodsId: goods.id, quantity: 2, remark: '工作日送达' });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.msg).toBe('兑换成功');
    expect(answer.data?.balance).toBe(260);
    expect(answer.data?.order).toMatchObject({ goodsId: goods.id, goodsName: goods.name, quantity: 2, points: 240 });
    expect(await balanceOf(user)).toBe(260);
    expect(await stockOf(goods.id)).toBe(1);
    const orders = await ordersOf(user);
    expect(orders.data).toEqual({ rows: [answer.data?.order], total: 1 });
    const ledger = await user.call<PageOf<{ delta: number; reason: string }>>(
      'GET',
      '/portal/self/center/points/ledger',
    );
    expect(ledger.data?.rows[0]).toMatchObject({ delta: -240, reason: `积分兑换：${goods.name} ×2` });
    const [ref] = await server.db.query<{ ref: string }>(
      'SELECT ref FROM portal_points_ledger WHERE user_id = $1 AND delta < 0',
      [await userIdOf(user)],
    );
    expect(ref?.ref).toBe(`mall:${answer.data?.order.id}`);
    // Someone else's orders are not mine.
    expect((await ordersOf(await holder(0))).data).toEqual({ rows: [], total: 0 });
  });

  it('refuses without enough points and changes nothing', async () => {
    const goods = await newGoods({ pointsCost: 300, stock: 2 });
    const user = await holder(299);
    expect(await redeem(user, { goodsId: goods.id })).toEqual({ code: 500, msg: '积分不足' });
    expect(await balanceOf(user)).toBe(299);
    expect(await stockOf(goods.id)).toBe(2);
    expect((await ordersOf(user)).data?.total).toBe(0);
  });

  it('refuses quantities outside 1 to 10, and a missing address, before anything changes', async () => {
    const goods = await newGoods({ pointsCost: 1, stock: 50 });
    const user = await holder(100);
    for (const quantity of [0, 11, 1.5]) {
      expect(await redeem(user, { goodsId: goods.id, quantity })).toEqual({
        code: 500,
        msg: '兑换数量须为1到10之间的整数',
      });
    }
    expect((await redeem(user, { goodsId: goods.id, quantity: '2' })).code).toBe(500);
    expect(await redeem(user, { goodsId: goods.id, address: '  ' })).toEqual({ code: 500, msg: '请填写收货地址' });
    expect(await balanceOf(user)).toBe(100);
    expect(await stockOf(goods.id)).toBe(50);
  });

  it('says when the stock is short, and when goods are off the shelf or unknown', async () => {
    const goods = await newGoods({ stock: 1 });
    const off = await newGoods({ enabled: false });
    const user = await holder(1000);
    expect(await redeem(user, { goodsId: goods.id, quantity: 2 })).toEqual({ code: 500, msg: '库存不足' });
    expect(await redeem(user, { goodsId: off.id })).toEqual({ code: 404, msg: '商品不存在或已下架' });
    expect(await redeem(user, { goodsId: '999999999' })).toEqual({ code: 404, msg: '商品不存在或已下架' });
    expect(await redeem(user, { goodsId: 'abc' })).toEqual({ code: 404, msg: '商品不存在或已下架' });
    expect(await balanceOf(user)).toBe(1000);
  });

  it('gives the last item to one of two people redeeming it at once', async () => {
    const goods = await newGoods({ stock: 1 });
    const [a, b] = await Promise.all([holder(500), holder(500)]);
    const answers = await Promise.all([redeem(a, { goodsId: goods.id }), redeem(b, { goodsId: goods.id })]);
    expect(answers.map((x) => x.code).sort()).toEqual([200, 500]);
    expect(answers.find((x) => x.code === 500)?.msg).toBe('库存不足');
    expect(await stockOf(goods.id)).toBe(0);
    const [orders] = await server.db.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM portal_goods_orders WHERE goods_id = $1',
      [goods.id],
    );
    expect(Number(orders?.n)).toBe(1);
    expect([await balanceOf(a), await balanceOf(b)].sort()).toEqual([400, 500]);
  });

  it('is for logged-in people with points of their own: visitors get 401, sub-accounts 403', async () => {
    const goods = await newGoods();
    expect((await redeem(cast.visitor, { goodsId: goods.id })).code).toBe(401);
    expect((await ordersOf(cast.visitor)).code).toBe(401);
    const sub = await cast.subAccount();
    expect(await redeem(sub, { goodsId: goods.id })).toEqual(FORBIDDEN);
    expect(await stockOf(goods.id)).toBe(5);
  });
});

describe('administration', () => {
  it('edits goods, and refuses pictures that are not uploaded images', async () => {
    const goods = await newGoods();
    const edited = await put<MallGoodsAdmin>(cast.admin, `/system/mall/goods/${goods.id}`, {
      name: '商务笔记本',
      image,
      description: 'A5，皮面',
      pointsCost: 80,
      stock: 0,
      enabled: true,
      sortOrder: 3,
    });
    expect(edited.data).toMatchObject({ name: '商务笔记本', pointsCost: 80, stock: 0, sortOrder: 3, imageFile: image });
    const bad = await cast.admin.call('POST', '/system/mall/goods', {
      name: '外链图片',
      image: 'https://example.com/a.png',
      pointsCost: 1,
      stock: 1,
    });
    expect(bad).toEqual({ code: 500, msg: '商品图片须为上传的图片' });
    expect(
      await cast.admin.call('POST', '/system/mall/goods', { name: '无价', image, pointsCost: 0, stock: 1 }),
    ).toEqual({
      code: 500,
      msg: '所需积分须在1到1000000之间',
    });
    expect(
      await put(cast.admin, '/system/mall/goods/999999999', { name: '无', image, pointsCost: 1, stock: 1 }),
    ).toEqual(NOT_FOUND);
    const listed = await cast.admin.call<PageOf<MallGoodsAdmin>>('GET', '/system/mall/goods?name=商务笔记');
    expect(listed.data?.rows.map((g) => g.id)).toContain(goods.id);
  });

  it('puts goods off the shelf and back without touching their stock', async () => {
    const goods = await newGoods({ stock: 5 });
    const user = await holder(500);
    // Redeemed after the admin's list was loaded: the shelf switch must not put the stock back to 5.
    expect((await redeem(user, { goodsId: goods.id, quantity: 2 })).code).toBe(200);
    expect(await put(cast.admin, `/system/mall/goods/${goods.id}/status`, { enabled: false })).toEqual({
      code: 200,
      msg: '已下架',
    });
    const shelf = await cast.visitor.call<PageOf<MallGoods>>('GET', '/portal/mall/goods?pageSize=100');
    expect(shelf.data?.rows.map((g) => g.id)).not.toContain(goods.id);
    expect(await redeem(user, { goodsId: goods.id })).toEqual({ code: 404, msg: '商品不存在或已下架' });
    expect((await put(cast.admin, `/system/mall/goods/${goods.id}/status`, { enabled: true })).msg).toBe('已上架');
    expect(await stockOf(goods.id)).toBe(3);
    expect(await put(cast.admin, `/system/mall/goods/${goods.id}/status`, { enabled: 'yes' })).toEqual({
      code: 500,
      msg: '请求参数不完整',
    });
    expect(await put(cast.admin, '/system/mall/goods/999999999/status', { enabled: true })).toEqual(NOT_FOUND);
    expect(await put(await cast.user(), `/system/mall/goods/${goods.id}/status`, { enabled: false })).toEqual(
      FORBIDDEN,
    );
  });

  it('ships an order once, and cancelling refunds the points and the stock exactly once', async () => {
    const goods = await newGoods({ pointsCost: 50, stock: 4 });
    const user = await holder(200);
    const shippedOrder = (await redeem(user, { goodsId: goods.id })).data?.order.id;
    const cancelledOrder = (await redeem(user, { goodsId: goods.id, quantity: 2 })).data?.order.id;
    expect(await balanceOf(user)).toBe(50);

    expect((await cast.admin.call('POST', `/system/mall/orders/${shippedOrder}/ship`)).msg).toBe('已标记发货');
    expect(await cast.admin.call('POST', `/system/mall/orders/${shippedOrder}/cancel`)).toEqual({
      code: 500,
      msg: '只能处理待发货的订单',
    });
    expect((await cast.admin.call('POST', `/system/mall/orders/${cancelledOrder}/cancel`)).msg).toBe(
      '订单已取消，积分已退还',
    );
    expect(await cast.admin.call('POST', `/system/mall/orders/${cancelledOrder}/cancel`)).toEqual({
      code: 500,
      msg: '只能处理待发货的订单',
    });
    expect(await balanceOf(user)).toBe(150);
    expect(await stockOf(goods.id)).toBe(3);
    const mine = (await ordersOf(user)).data?.rows ?? [];
    expect(Object.fromEntries(mine.map((o) => [o.id, o.status]))).toEqual({
      [shippedOrder as string]: 1,
      [cancelledOrder as string]: 2,
    });
    const all = await cast.admin.call<PageOf<MallOrderAdmin>>('GET', '/system/mall/orders?status=2');
    expect(all.data?.rows.find((o) => o.id === cancelledOrder)).toMatchObject({
      userId: await userIdOf(user),
      quantity: 2,
      points: 100,
    });
    expect(await cast.admin.call('POST', '/system/mall/orders/999999999/ship')).toEqual(NOT_FOUND);
  });

  it('is for admins only', async () => {
    const user = await cast.user();
    const goods = await newGoods();
    expect(await user.call('GET', '/system/mall/goods')).toEqual(FORBIDDEN);
    expect(await user.call('POST', '/system/mall/goods', { name: '越权', image, pointsCost: 1, stock: 1 })).toEqual(
      FORBIDDEN,
    );
    expect(await user.call('GET', '/system/mall/orders')).toEqual(FORBIDDEN);
    expect(await user.call('POST', `/system/mall/orders/1/ship`)).toEqual(FORBIDDEN);
    expect((await cast.visitor.call('POST', `/system/mall/orders/1/cancel`)).code).toBe(401);
    expect(await stockOf(goods.id)).toBe(5);
  });
});
