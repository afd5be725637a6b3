import { PortalPermission, type VipCentreInfo } from '@liaison/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { requireActing } from '../acting';
import { type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import { QR_PAY_UNAVAILABLE } from './payments';
import { chargeWithPoints, confirmPaid, createQrOrder, listPrices, orderStatus, ordersPage, vipInfo } from './vip';

/** A price-list type: a positive integer, as the path or the query string carries it. */
const vipTypeSchema = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, '会员类型不正确')
  .transform(Number);
const typeParams = z.object({ type: vipTypeSchema });
const qrQuery = z.object({ vipType: vipTypeSchema });
/** The key the web app makes per confirmed purchase (a UUID); optional, as the spec has none. */
const chargeQuery = z.object({
  idempotencyKey: z
    .string()
    .regex(/^[\w-]{8,64}$/, '请求标识不正确')
    .optional(),
});
const statusQuery = z.object({
  orderNumber: z.string({ message: '请提供订单号' }).trim().min(1, '请提供订单号').max(64, '订单号不正确'),
});

export interface VipRouteOptions {
  clock?: () => number;
}

/** spec portal.md §7 VIP calls, and the order list (docs/portal-api.md "VIP, points and sign-in"). */
export function vipRoutes(app: FastifyInstance, ctx: PortalContext, options: VipRouteOptions = {}): void {
  const clock = options.clock ?? Date.now;
  const payments = ctx.payments;

  app.get('/portal/self/center/vip/info', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.VIP_CHARGE);
    const info: VipCentreInfo = {
      ...(await vipInfo(ctx.db, acting.enterpriseId, clock())),
      qrPayAvailable: !!payments,
    };
    return ok(info);
  });

  app.get('/portal/self/center/vip/price', async (request) => {
    await requireActing(ctx, request);
    return ok(await listPrices(ctx.db));
  });

  app.get('/portal/self/center/vip/orders', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.VIP_CHARGE);
    return ok(await ordersPage(ctx.db, acting.enterpriseId, pagingOf(request.query), clock()));
  });

  app.get('/portal/self/center/integral/charge/vip/:type', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.VIP_CHARGE);
    const { type } = parse(typeParams, request.params);
    const { idempotencyKey } = parse(chargeQuery, request.query);
    return ok(await chargeWithPoints(ctx.db, acting.enterpriseId, type, clock(), idempotencyKey), '兑换成功');
  });

  app.post('/portal/self/center/personal/charge/vip/pay/qr', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.VIP_CHARGE);
    const { vipType } = parse(qrQuery, request.query);
    if (!payments) throw new PortalError(PortalCode.ERROR, QR_PAY_UNAVAILABLE);
    const { order, price } = await createQrOrder(ctx.db, acting.enterpriseId, vipType, clock());
    const { payUrl } = await payments.createPayment({
      orderNumber: order.orderNumber,
      amountFen: order.amountFen,
      subject: price.name,
      origin: originOf(request),
    });
    const qrCode = await QRCode.toDataURL(payUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
    return ok({
      orderNumber: order.orderNumber,
      qrCode,
      payUrl,
      provider: payments.name,
      amount: order.amountFen,
      expiresAt: order.expiresAt,
    });
  });

  app.get('/portal/self/center/check/charge/vip/status', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.VIP_CHARGE);
    const { orderNumber } = parse(statusQuery, request.query);
    return ok(await orderStatus(ctx.db, acting.enterpriseId, orderNumber, clock()));
  });

  payments?.listen(app, (orderNumber) => confirmPaid(ctx.db, orderNumber, clock()));
}

/** Where the browser reached the portal (behind a trusted proxy, what it forwarded). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
