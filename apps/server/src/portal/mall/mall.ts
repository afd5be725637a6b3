import type {
  MallGoods,
  MallGoodsAdmin,
  MallGoodsForm,
  MallOrder,
  MallOrderAdmin,
  MallOrderStatus,
  MallRedeemResult,
} from '@liaison/protocol';
import { type Database, type Sql, toNumber } from '../../db/database';
import { escapeLike } from '../../im/search/cursor';
import { uploadUrl } from '../admin/content-fields';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';
import { changePoints } from '../points/points';

/** What a redeem asks for, validated at the route. */
export interface RedeemInput {
  goodsId: string;
  quantity: number;
  address: string;
  remark: string;
}

export const GOODS_GONE = '商品不存在或已下架';
export const OUT_OF_STOCK = '库存不足';

interface GoodsRow {
  id: unknown;
  name: string;
  image: string;
  description: string;
  points_cost: unknown;
  stock: unknown;
  enabled: boolean;
  sort_order: unknown;
}

interface OrderRow {
  id: unknown;
  user_id: string;
  goods_id: unknown;
  goods_name: string;
  image: string | null;
  quantity: unknown;
  points: unknown;
  status: unknown;
  address: string;
  remark: string;
  created_at: unknown;
  user_name?: string | null;
}

const GOODS_COLUMNS = 'id, name, image, description, points_cost, stock, enabled, sort_order';
const GOODS_ORDER = 'ORDER BY sort_order, id';
const ORDER_COLUMNS = `o.id, o.user_id, o.goods_id, o.goods_name, g.image, o.quantity, o.points, o.status, o.address,
  o.remark, o.created_at`;

/** The public list: enabled goods in display order (sold-out ones too, marked by their stock). */
export async function goodsPage(db: Sql, paging: Paging): Promise<PageOf<MallGoods>> {
  const rows = await db.query<GoodsRow>(
    `SELECT ${GOODS_COLUMNS} FROM portal_goods WHERE enabled ${GOODS_ORDER} LIMIT $1 OFFSET $2`,
    [paging.pageSize, paging.offset],
  );
  const [count] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_goods WHERE enabled');
  return { rows: rows.map(toGoods), total: toNumber(count?.n) };
}

/**
 * Redeems goods in one transaction: stock is taken by a conditional UPDATE (never below 0, so
 * concurrent redeems of the last item leave one order), the order written, and the points taken
 * through the ledger (ref 'mall:<order id>'). Not enough points: '积分不足', and nothing changed.
 */
export function redeem(db: Database, userId: string, input: RedeemInput, now: number): Promise<MallRedeemResult> {
  return db.transaction(async (tx) => {
    const [goods] = await tx.query<GoodsRow>(
      `UPDATE portal_goods SET stock = stock - $2 WHERE id = $1 AND enabled AND stock >= $2 RETURNING ${GOODS_COLUMNS}`,
      [input.goodsId, input.quantity],
    );
    if (!goods) throw await whyNotRedeemable(tx, input.goodsId);
    const points = toNumber(goods.points_cost) * input.quantity;
    const [order] = await tx.query<{ id: unknown }>(
      `INSERT INTO portal_goods_orders (user_id, goods_id, goods_name, quantity, points, address, remark, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [userId, input.goodsId, goods.name, input.quantity, points, input.address, input.remark, now],
    );
    const orderId = String(toNumber(order?.id));
    const reason = `积分兑换：${goods.name}${input.quantity > 1 ? ` ×${input.quantity}` : ''}`;
    // A new order's ref cannot be in the ledger yet, so the change is always recorded.
    const balance = (await changePoints(tx, userId, -points, reason, `mall:${orderId}`, now)) as number;
    return {
      order: {
        id: orderId,
        goodsId: String(toNumber(goods.id)),
        goodsName: goods.name,
        image: uploadUrl(goods.image),
        quantity: input.quantity,
        points,
        status: 0,
        address: input.address,
        createdAt: now,
      },
      balance,
    };
  });
}

async function whyNotRedeemable(tx: Sql, goodsId: string): Promise<PortalError> {
  const [row] = await tx.query('SELECT 1 FROM portal_goods WHERE id = $1 AND enabled', [goodsId]);
  return row ? new PortalError(PortalCode.ERROR, OUT_OF_STOCK) : new PortalError(PortalCode.NOT_FOUND, GOODS_GONE);
}

/** The user's own orders, newest first. */
export async function myOrdersPage(db: Sql, userId: string, paging: Paging): Promise<PageOf<MallOrder>> {
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM portal_goods_orders o LEFT JOIN portal_goods g ON g.id = o.goods_id
      WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
    [userId, paging.pageSize, paging.offset],
  );
  const [count] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_goods_orders WHERE user_id = $1', [
    userId,
  ]);
  return { rows: rows.map(toOrder), total: toNumber(count?.n) };
}

// ---- administration ----

/** Every goods item, enabled or not, optionally by name. */
export async function adminGoodsPage(
  db: Sql,
  name: string | undefined,
  paging: Paging,
): Promise<PageOf<MallGoodsAdmin>> {
  const pattern = name ? `%${escapeLike(name)}%` : null;
  const where = `($1::text IS NULL OR name ILIKE $1 ESCAPE '\\')`;
  const rows = await db.query<GoodsRow>(
    `SELECT ${GOODS_COLUMNS} FROM portal_goods WHERE ${where} ${GOODS_ORDER} LIMIT $2 OFFSET $3`,
    [pattern, paging.pageSize, paging.offset],
  );
  const [count] = await db.query<{ n: unknown }>(`SELECT count(*) AS n FROM portal_goods WHERE ${where}`, [pattern]);
  return { rows: rows.map(toGoodsAdmin), total: toNumber(count?.n) };
}

export async function createGoods(db: Sql, form: MallGoodsForm, now: number): Promise<MallGoodsAdmin> {
  const [row] = await db.query<GoodsRow>(
    `INSERT INTO portal_goods (name, image, description, points_cost, stock, enabled, sort_order, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${GOODS_COLUMNS}`,
    [form.name, form.image, form.description, form.pointsCost, form.stock, form.enabled, form.sortOrder, now],
  );
  return toGoodsAdmin(row as GoodsRow);
}

/** Null when there is no such goods item. */
export async function updateGoods(db: Sql, id: string, form: MallGoodsForm): Promise<MallGoodsAdmin | null> {
  const [row] = await db.query<GoodsRow>(
    `UPDATE portal_goods SET name = $2, image = $3, description = $4, points_cost = $5, stock = $6, enabled = $7,
            sort_order = $8
      WHERE id = $1 RETURNING ${GOODS_COLUMNS}`,
    [id, form.name, form.image, form.description, form.pointsCost, form.stock, form.enabled, form.sortOrder],
  );
  return row ? toGoodsAdmin(row) : null;
}

/**
 * Puts goods on or off the shelf without touching the rest: the stock moves with every redeem, so
 * a whole-form update from a list shown a while ago would put stale stock back. False: no such goods.
 */
export async function setGoodsEnabled(db: Sql, id: string, enabled: boolean): Promise<boolean> {
  const rows = await db.query('UPDATE portal_goods SET enabled = $2 WHERE id = $1 RETURNING id', [id, enabled]);
  return rows.length === 1;
}

/** Every order, newest first, optionally of one status. */
export async function adminOrdersPage(
  db: Sql,
  status: MallOrderStatus | undefined,
  paging: Paging,
): Promise<PageOf<MallOrderAdmin>> {
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS}, coalesce(a.nick_name, '') AS user_name
       FROM portal_goods_orders o LEFT JOIN portal_goods g ON g.id = o.goods_id
       LEFT JOIN portal_accounts a ON a.user_id = o.user_id
      WHERE ($1::smallint IS NULL OR o.status = $1)
      ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
    [status ?? null, paging.pageSize, paging.offset],
  );
  const [count] = await db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM portal_goods_orders WHERE ($1::smallint IS NULL OR status = $1)',
    [status ?? null],
  );
  return {
    rows: rows.map((r) => ({ ...toOrder(r), userId: r.user_id, userName: r.user_name ?? '', remark: r.remark })),
    total: toNumber(count?.n),
  };
}

/** Marks a placed order shipped. Null: no such order; false: it is not placed (shipped or cancelled). */
export async function shipOrder(db: Sql, id: string): Promise<boolean | null> {
  const shipped = await db.query(
    'UPDATE portal_goods_orders SET status = 1 WHERE id = $1 AND status = 0 RETURNING id',
    [id],
  );
  if (shipped.length === 1) return true;
  return (await orderExists(db, id)) ? false : null;
}

/**
 * Cancels a placed order: its stock goes back and its points are refunded through the ledger
 * (ref 'mall-refund:<order id>'), once, in one transaction. Null: no such order; false: it is
 * not placed any more.
 */
export function cancelOrder(db: Database, id: string, now: number): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx.query<{ user_id: string; goods_id: unknown; quantity: unknown; points: unknown }>(
      'UPDATE portal_goods_orders SET status = 2 WHERE id = $1 AND status = 0 RETURNING user_id, goods_id, quantity, points',
      [id],
    );
    if (!order) return (await orderExists(tx, id)) ? false : null;
    await tx.query('UPDATE portal_goods SET stock = stock + $2 WHERE id = $1', [order.goods_id, order.quantity]);
    await changePoints(tx, order.user_id, toNumber(order.points), '积分兑换取消退还', `mall-refund:${id}`, now);
    return true;
  });
}

async function orderExists(db: Sql, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM portal_goods_orders WHERE id = $1', [id])).length === 1;
}

function toGoods(row: GoodsRow): MallGoods {
  return {
    id: String(toNumber(row.id)),
    name: row.name,
    image: uploadUrl(row.image),
    description: row.description,
    pointsCost: toNumber(row.points_cost),
    stock: toNumber(row.stock),
  };
}

function toGoodsAdmin(row: GoodsRow): MallGoodsAdmin {
  return { ...toGoods(row), imageFile: row.image, enabled: row.enabled, sortOrder: toNumber(row.sort_order) };
}

function toOrder(row: OrderRow): MallOrder {
  return {
    id: String(toNumber(row.id)),
    goodsId: String(toNumber(row.goods_id)),
    goodsName: row.goods_name,
    image: uploadUrl(row.image ?? ''),
    quantity: toNumber(row.quantity),
    points: toNumber(row.points),
    status: toNumber(row.status) as MallOrderStatus,
    address: row.address,
    createdAt: toNumber(row.created_at),
  };
}
