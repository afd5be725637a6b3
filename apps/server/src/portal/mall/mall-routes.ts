import { MALL_GOODS_LIMITS, MALL_LIMITS, PortalPermission } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { keywordSchema, requirePublicImage, titleSchema, uploadNameSchema } from '../admin/content-fields';
import { found, recordId } from '../admin/content-routes';
import { blankless, PLATFORM_ADMIN } from '../admin/review-routes';
import { type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import {
  adminGoodsPage,
  adminOrdersPage,
  cancelOrder,
  createGoods,
  GOODS_GONE,
  goodsPage,
  myOrdersPage,
  redeem,
  setGoodsEnabled,
  shipOrder,
  updateGoods,
} from './mall';

const redeemSchema = z.object({
  goodsId: z.union([z.string(), z.number()], { error: GOODS_GONE }).transform(String),
  quantity: z
    .number({ error: '兑换数量须为1到10之间的整数' })
    // .int() would report a fraction as a wrong type, which parse() words as a missing field.
    .refine(Number.isInteger, '兑换数量须为1到10之间的整数')
    .min(1, '兑换数量须为1到10之间的整数')
    .max(MALL_LIMITS.quantityMax, '兑换数量须为1到10之间的整数'),
  address: z
    .string({ error: '请填写收货地址' })
    .trim()
    .min(1, '请填写收货地址')
    .max(MALL_LIMITS.address, `收货地址不能超过${MALL_LIMITS.address}个字符`),
  remark: z.string().trim().max(MALL_LIMITS.remark, `备注不能超过${MALL_LIMITS.remark}个字符`).default(''),
});

const integer = (label: string, min: number, max: number) =>
  z
    .number({ error: `请输入${label}` })
    .refine(Number.isInteger, `${label}须为整数`)
    .min(min, `${label}须在${min}到${max}之间`)
    .max(max, `${label}须在${min}到${max}之间`);

const goodsSchema = z.object({
  name: titleSchema('商品名称', MALL_GOODS_LIMITS.name),
  image: uploadNameSchema('商品图片'),
  description: z
    .string()
    .trim()
    .max(MALL_GOODS_LIMITS.description, `商品介绍不能超过${MALL_GOODS_LIMITS.description}个字符`)
    .default(''),
  pointsCost: integer('所需积分', 1, MALL_GOODS_LIMITS.pointsCostMax),
  stock: integer('库存', 0, MALL_GOODS_LIMITS.stockMax),
  enabled: z.boolean().default(true),
  sortOrder: integer('排序', 0, 9999).default(0),
});

const shelfSchema = z.object({ enabled: z.boolean({ error: '请选择上架或下架' }) });

const orderFilterSchema = z.object({
  status: z
    .enum(['0', '1', '2'], { error: '订单状态不正确' })
    .transform((v) => Number(v) as 0 | 1 | 2)
    .optional(),
});

type IdParams = { Params: { id: string } };

/**
 * The points mall (docs/portal-api.md "Points mall"): the public goods list, redeeming with the
 * points of the acting enterprise's ledger, the caller's orders; goods and orders for admins.
 */
export function mallRoutes(app: FastifyInstance, ctx: PortalContext, clock: () => number = Date.now): void {
  app.get('/portal/mall/goods', async (request) => ok(await goodsPage(ctx.db, pagingOf(request.query))));

  app.post('/portal/mall/redeem', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.POINTS_SIGN_IN);
    const input = parse(redeemSchema, request.body);
    const goodsId = recordIdOr(input.goodsId);
    return ok(await redeem(ctx.db, acting.enterpriseId, { ...input, goodsId }, clock()), '兑换成功');
  });

  app.get('/portal/mall/orders', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.POINTS_SIGN_IN);
    return ok(await myOrdersPage(ctx.db, acting.enterpriseId, pagingOf(request.query)));
  });

  app.get('/system/mall/goods', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const { name } = parse(z.object({ name: keywordSchema }), blankless(request.query));
    return ok(await adminGoodsPage(ctx.db, name, pagingOf(request.query)));
  });

  app.post('/system/mall/goods', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const form = parse(goodsSchema, request.body);
    await requirePublicImage(ctx.uploads, form.image, '商品图片');
    return ok(await createGoods(ctx.db, form, clock()), '新增成功');
  });

  app.put<IdParams>('/system/mall/goods/:id', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const id = recordId(request.params.id);
    const form = parse(goodsSchema, request.body);
    await requirePublicImage(ctx.uploads, form.image, '商品图片');
    return ok(found(await updateGoods(ctx.db, id, form)), '修改成功');
  });

  app.put<IdParams>('/system/mall/goods/:id/status', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const id = recordId(request.params.id);
    const { enabled } = parse(shelfSchema, request.body);
    found(await setGoodsEnabled(ctx.db, id, enabled));
    return ok(undefined, enabled ? '已上架' : '已下架');
  });

  app.get('/system/mall/orders', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const { status } = parse(orderFilterSchema, blankless(request.query));
    return ok(await adminOrdersPage(ctx.db, status, pagingOf(request.query)));
  });

  app.post<IdParams>('/system/mall/orders/:id/ship', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    placed(await shipOrder(ctx.db, recordId(request.params.id)));
    return ok(undefined, '已标记发货');
  });

  app.post<IdParams>('/system/mall/orders/:id/cancel', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    placed(await cancelOrder(ctx.db, recordId(request.params.id), clock()));
    return ok(undefined, '订单已取消，积分已退还');
  });
}

/** A goods ID that cannot name a record is as gone as a removed item. */
function recordIdOr(value: string): string {
  if (!/^[1-9]\d{0,17}$/.test(value)) throw new PortalError(PortalCode.NOT_FOUND, GOODS_GONE);
  return value;
}

/** An order handled: null was no such order, false one already shipped or cancelled. */
function placed(handled: boolean | null): void {
  if (handled === null) throw new PortalError(PortalCode.NOT_FOUND);
  if (!handled) throw new PortalError(PortalCode.ERROR, '只能处理待发货的订单');
}
