import { randomInt } from 'node:crypto';
import {
  type VipInfo,
  type VipOrder,
  VipOrderStatus,
  type VipPayMethod,
  type VipPointsCharge,
  type VipPrice,
} from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';
import { changePoints, pointsBalance } from '../points/points';
import type { PaidOutcome } from './payments';

/** An unpaid QR order closes after this long. */
export const ORDER_TTL_MS = 15 * 60_000;
/** Unpaid orders a user may have open at once (each one is a QR code someone could pay). */
export const OPEN_ORDERS_MAX = 5;
const DAY_MS = 24 * 3600_000;

export async function listPrices(db: Sql): Promise<VipPrice[]> {
  const rows = await db.query<PriceRow>(
    'SELECT vip_type, name, days, price_fen, points, benefits FROM portal_vip_prices ORDER BY sort_order, vip_type',
  );
  return rows.map(toPrice);
}

export async function vipInfo(db: Sql, userId: string, now: number): Promise<VipInfo> {
  const [row] = await db.query<{ vip_type: unknown; expires_at: unknown; name: string | null }>(
    `SELECT m.vip_type, m.expires_at, p.name FROM portal_vip_members m
       LEFT JOIN portal_vip_prices p ON p.vip_type = m.vip_type WHERE m.user_id = $1`,
    [userId],
  );
  const points = await pointsBalance(db, userId);
  if (!row) return { vipType: null, name: '', expiresAt: null, active: false, points };
  const expiresAt = toNumber(row.expires_at);
  return { vipType: toNumber(row.vip_type), name: row.name ?? '', expiresAt, active: expiresAt > now, points };
}

/**
 * Pays for a membership with points, all in one transaction: the points leave through the
 * ledger (refused with '积分不足', changing nothing), a paid order is written and the membership
 * runs on from its end, or from now if it has ended. A `requestKey` already used by this user
 * answers the order it made and charges nothing (a double click, a retried request); its unique
 * index makes a concurrent twin wait for the first and then find its order.
 */
export async function chargeWithPoints(
  db: Database,
  userId: string,
  vipType: number,
  now: number,
  requestKey: string | null = null,
): Promise<VipPointsCharge> {
  const price = await requirePrice(db, vipType);
  const orderNumber = await db.transaction(async (tx) => {
    const [created] = await tx.query<{ order_number: string }>(
      `INSERT INTO portal_vip_orders (order_number, user_id, vip_type, pay_method, amount_fen, points, status, created_at,
                                      paid_at, request_key)
       VALUES ($1, $2, $3, 'points', 0, $4, $5, $6, $6, $7)
       ON CONFLICT (user_id, request_key) WHERE request_key IS NOT NULL DO NOTHING RETURNING order_number`,
      [newOrderNumber(now), userId, vipType, price.points, VipOrderStatus.PAID, now, requestKey],
    );
    if (!created) return requestKeyOrder(tx, userId, requestKey);
    await changePoints(tx, userId, -price.points, `积分兑换${price.name}`, `vip:${created.order_number}`, now);
    await extendMembership(tx, userId, price, now);
    return created.order_number;
  });
  return { order: await requireOrder(db, userId, orderNumber), vip: await vipInfo(db, userId, now) };
}

/** A waiting QR order; the caller has the provider make its payment URL. */
export async function createQrOrder(
  db: Sql,
  userId: string,
  vipType: number,
  now: number,
): Promise<{ order: VipOrder; price: VipPrice }> {
  const price = await requirePrice(db, vipType);
  const [open] = await db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM portal_vip_orders WHERE user_id = $1 AND status = $2 AND created_at > $3',
    [userId, VipOrderStatus.WAITING, now - ORDER_TTL_MS],
  );
  if (toNumber(open?.n) >= OPEN_ORDERS_MAX) throw new PortalError(PortalCode.ERROR, '待支付订单过多，请稍后再试');
  const orderNumber = newOrderNumber(now);
  await db.query(
    `INSERT INTO portal_vip_orders (order_number, user_id, vip_type, pay_method, amount_fen, status, created_at)
     VALUES ($1, $2, $3, 'qr', $4, $5, $6)`,
    [orderNumber, userId, vipType, price.priceFen, VipOrderStatus.WAITING, now],
  );
  return { order: await requireOrder(db, userId, orderNumber), price };
}

/**
 * The user's order as it stands; an unpaid one past its time is closed first. Another user's
 * order number answers 404, as one that does not exist.
 */
export async function orderStatus(db: Sql, userId: string, orderNumber: string, now: number): Promise<VipOrder> {
  await closeIfExpired(db, orderNumber, now);
  return requireOrder(db, userId, orderNumber);
}

/**
 * The provider says the order was paid: it becomes paid and the membership is extended, once.
 * A second notice changes nothing; an order past its time is closed and not paid.
 */
export async function confirmPaid(db: Database, orderNumber: string, now: number): Promise<PaidOutcome> {
  await closeIfExpired(db, orderNumber, now);
  return db.transaction(async (tx) => {
    const [paid] = await tx.query<{ user_id: string; vip_type: unknown }>(
      `UPDATE portal_vip_orders SET status = $2, paid_at = $3
        WHERE order_number = $1 AND status = $4 RETURNING user_id, vip_type`,
      [orderNumber, VipOrderStatus.PAID, now, VipOrderStatus.WAITING],
    );
    if (paid) {
      await extendMembership(tx, paid.user_id, await requirePrice(tx, toNumber(paid.vip_type)), now);
      return 'paid';
    }
    const [row] = await tx.query<{ status: unknown }>('SELECT status FROM portal_vip_orders WHERE order_number = $1', [
      orderNumber,
    ]);
    if (!row) return 'unknown';
    return toNumber(row.status) === VipOrderStatus.PAID ? 'already-paid' : 'closed';
  });
}

/** The user's orders, newest first (waiting ones past their time shown closed). */
export async function ordersPage(db: Sql, userId: string, paging: Paging, now: number): Promise<PageOf<VipOrder>> {
  await db.query('UPDATE portal_vip_orders SET status = $2 WHERE user_id = $1 AND status = $3 AND created_at <= $4', [
    userId,
    VipOrderStatus.CLOSED,
    VipOrderStatus.WAITING,
    now - ORDER_TTL_MS,
  ]);
  const rows = await db.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.user_id = $1 ORDER BY o.created_at DESC LIMIT $2 OFFSET $3`,
    [userId, paging.pageSize, paging.offset],
  );
  const [count] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_vip_orders WHERE user_id = $1', [
    userId,
  ]);
  return { rows: rows.map(toOrder), total: toNumber(count?.n) };
}

async function requirePrice(db: Sql, vipType: number): Promise<VipPrice> {
  const [row] = await db.query<PriceRow>(
    'SELECT vip_type, name, days, price_fen, points, benefits FROM portal_vip_prices WHERE vip_type = $1',
    [vipType],
  );
  if (!row) throw new PortalError(PortalCode.ERROR, '会员类型不存在');
  return toPrice(row);
}

async function requireOrder(db: Sql, userId: string, orderNumber: string): Promise<VipOrder> {
  const [row] = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.order_number = $1 AND o.user_id = $2`, [
    orderNumber,
    userId,
  ]);
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  return toOrder(row);
}

async function requestKeyOrder(db: Sql, userId: string, requestKey: string | null): Promise<string> {
  const [row] = await db.query<{ order_number: string }>(
    'SELECT order_number FROM portal_vip_orders WHERE user_id = $1 AND request_key = $2',
    [userId, requestKey],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  return row.order_number;
}

async function closeIfExpired(db: Sql, orderNumber: string, now: number): Promise<void> {
  await db.query(
    'UPDATE portal_vip_orders SET status = $2 WHERE order_number = $1 AND status = $3 AND created_at <= $4',
    [orderNumber, VipOrderStatus.CLOSED, VipOrderStatus.WAITING, now - ORDER_TTL_MS],
  );
}

/** The membership runs `price.days` more from its end, or from now if it has ended; the type becomes the one bought. */
async function extendMembership(tx: Sql, userId: string, price: VipPrice, now: number): Promise<void> {
  await tx.query(
    `INSERT INTO portal_vip_members (user_id, vip_type, expires_at) VALUES ($1, $2, $3::bigint + $4::bigint)
     ON CONFLICT (user_id) DO UPDATE
       SET vip_type = EXCLUDED.vip_type, expires_at = GREATEST(portal_vip_members.expires_at, $3::bigint) + $4::bigint`,
    [userId, price.vipType, now, price.days * DAY_MS],
  );
}

/** 'VIP' + the Shanghai wall-clock time to the second + 6 random digits. */
function newOrderNumber(now: number): string {
  const stamp = new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `VIP${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

interface PriceRow {
  vip_type: unknown;
  name: string;
  days: unknown;
  price_fen: unknown;
  points: unknown;
  benefits: unknown;
}

function toPrice(row: PriceRow): VipPrice {
  const benefits = typeof row.benefits === 'string' ? JSON.parse(row.benefits) : row.benefits;
  return {
    vipType: toNumber(row.vip_type),
    name: row.name,
    days: toNumber(row.days),
    priceFen: toNumber(row.price_fen),
    points: toNumber(row.points),
    benefits: Array.isArray(benefits) ? benefits.map(String) : [],
  };
}

const ORDER_SELECT = `SELECT o.order_number, o.vip_type, p.name, o.pay_method, o.amount_fen, o.points, o.status,
  o.created_at, o.paid_at FROM portal_vip_orders o LEFT JOIN portal_vip_prices p ON p.vip_type = o.vip_type`;

interface OrderRow {
  order_number: string;
  vip_type: unknown;
  name: string | null;
  pay_method: string;
  amount_fen: unknown;
  points: unknown;
  status: unknown;
  created_at: unknown;
  paid_at: unknown;
}

function toOrder(row: OrderRow): VipOrder {
  const createdAt = toNumber(row.created_at);
  return {
    orderNumber: row.order_number,
    vipType: toNumber(row.vip_type),
    name: row.name ?? '',
    payMethod: row.pay_method as VipPayMethod,
    amountFen: toNumber(row.amount_fen),
    points: toNumber(row.points),
    status: toNumber(row.status) as VipOrderStatus,
    createdAt,
    paidAt: row.paid_at === null || row.paid_at === undefined ? null : toNumber(row.paid_at),
    expiresAt: createdAt + ORDER_TTL_MS,
  };
}
