import { randomUUID } from 'node:crypto';
import { type ApplyStatus, type CooperationRequest, ApplyStatus as Status } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { escapeLike } from '../../im/search/cursor';
import type { Acting } from '../acting';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';

/**
 * Cooperation requests (docs/portal-api.md "Cooperation, follows and official pushes"): a
 * verified user asks an enterprise about one of its published abilities; the enterprise agrees
 * or refuses. The received side is scoped to the acting enterprise, the sent side to the account
 * that asked; a request of anyone else answers as absent (404).
 */

export interface NewRequest {
  productId: string;
  message: string;
  contactName: string;
  contactPhone: string;
  subject?: string;
}

export interface ListFilter {
  applyStatus: ApplyStatus | null;
  connectUserName: string;
}

/** Which side of a request the caller stands on. */
export type Side = 'received' | 'sent';

export async function applyForCooperation(db: Sql, acting: Acting, input: NewRequest): Promise<CooperationRequest> {
  // spec portal.md §4: contacting enterprises is for verified people and enterprises.
  if (Number(acting.account.user_type) < 1) throw new PortalError(PortalCode.ERROR, '请先完成实名认证');
  const product = await publishedProduct(db, input.productId);
  if (product.ownerId === acting.enterpriseId) throw new PortalError(PortalCode.ERROR, '不能向本企业的能力申请合作');
  const id = randomUUID();
  const inserted = await db.query(
    `INSERT INTO portal_cooperation_requests
       (to_user, id, from_user, subject, message, product_id, contact_name, contact_phone, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (from_user, product_id) WHERE apply_status = 0 AND product_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      product.ownerId,
      id,
      acting.account.user_id,
      input.subject || product.name,
      input.message,
      product.id,
      input.contactName,
      input.contactPhone,
      Date.now(),
    ],
  );
  if (inserted.length === 0) throw new PortalError(PortalCode.ERROR, '您已申请过该能力的合作，请等待对方处理');
  return requireRequest(db, acting, 'sent', id);
}

export async function listRequests(
  db: Sql,
  acting: Acting,
  side: Side,
  filter: ListFilter,
  paging: Paging,
): Promise<PageOf<CooperationRequest>> {
  const params: unknown[] = [side === 'received' ? acting.enterpriseId : acting.account.user_id];
  const where = [side === 'received' ? 'r.to_user = $1' : 'r.from_user = $1'];
  if (filter.applyStatus !== null) {
    params.push(filter.applyStatus);
    where.push(`r.apply_status = $${params.length}`);
  }
  if (filter.connectUserName) {
    params.push(`%${escapeLike(filter.connectUserName)}%`);
    const n = `$${params.length}`;
    where.push(`(o.nick_name ILIKE ${n} OR e.enterprise_name ILIKE ${n} OR r.contact_name ILIKE ${n})`);
  }
  const from = fromClause(side);
  const condition = where.join(' AND ');
  const [count] = await db.query<{ total: unknown }>(`SELECT count(*) AS total ${from} WHERE ${condition}`, params);
  const rows = await db.query<RequestRow>(
    `SELECT ${COLUMNS} ${from} WHERE ${condition} ORDER BY r.created_at DESC, r.id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, paging.pageSize, paging.offset],
  );
  return { rows: rows.map(toRequest), total: toNumber(count?.total) };
}

/** Opens a request: the addressed enterprise's `readed`, or the requester's `from_readed`. */
export async function readRequest(db: Sql, acting: Acting, side: Side, id: string): Promise<CooperationRequest> {
  const request = await requireRequest(db, acting, side, id);
  if (side === 'received' && !request.readed) {
    await db.query('UPDATE portal_cooperation_requests SET readed = true WHERE to_user = $1 AND id = $2', [
      acting.enterpriseId,
      id,
    ]);
    return { ...request, readed: true };
  }
  if (side === 'sent' && !request.fromReaded) {
    await db.query('UPDATE portal_cooperation_requests SET from_readed = true WHERE from_user = $1 AND id = $2', [
      acting.account.user_id,
      id,
    ]);
    return { ...request, fromReaded: true };
  }
  return request;
}

/**
 * Agrees to (1) or refuses (2) a waiting request addressed to the acting enterprise. Answering
 * the same way again changes nothing; the other way after an answer is refused. `changed` tells
 * the caller whether this call made the answer (and so must open the chat).
 */
export async function answerRequest(
  tx: Sql,
  acting: Acting,
  id: string,
  answer: typeof Status.AGREED | typeof Status.REFUSED,
): Promise<{ request: CooperationRequest; changed: boolean }> {
  const updated = await tx.query(
    `UPDATE portal_cooperation_requests
        SET apply_status = $3, handled_at = $4, readed = true, from_readed = false
      WHERE to_user = $1 AND id = $2 AND apply_status = 0
      RETURNING id`,
    [acting.enterpriseId, id, answer, Date.now()],
  );
  const request = await requireRequest(tx, acting, 'received', id);
  if (updated.length > 0) return { request, changed: true };
  if (request.applyStatus === answer) return { request, changed: false };
  throw new PortalError(
    PortalCode.ERROR,
    request.applyStatus === Status.AGREED ? '该申请已同意，无法拒绝' : '该申请已拒绝，无法同意',
  );
}

/** Waiting requests the acting enterprise has not opened (the floating bar's count). */
export async function unreadReceivedCount(db: Sql, acting: Acting): Promise<number> {
  if (acting.kind === 'subaccount') return 0;
  const [row] = await db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM portal_cooperation_requests WHERE to_user = $1 AND apply_status = 0 AND NOT readed',
    [acting.enterpriseId],
  );
  return toNumber(row?.n);
}

export async function requireRequest(db: Sql, acting: Acting, side: Side, id: string): Promise<CooperationRequest> {
  const owner = side === 'received' ? acting.enterpriseId : acting.account.user_id;
  const [row] = await db.query<RequestRow>(
    `SELECT ${COLUMNS} ${fromClause(side)} WHERE ${side === 'received' ? 'r.to_user' : 'r.from_user'} = $1 AND r.id = $2`,
    [owner, id],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  return toRequest(row);
}

/** A published ability not in a recycle bin; anything else answers as absent. */
export async function publishedProduct(
  db: Sql,
  productId: string,
): Promise<{ id: string; ownerId: string; name: string }> {
  if (!/^\d{1,18}$/.test(productId)) throw new PortalError(PortalCode.NOT_FOUND);
  const [row] = await db.query<{ id: unknown; owner_id: string; product_name: string }>(
    `SELECT id, owner_id, product_name FROM portal_products
      WHERE id = $1 AND status = 1 AND deleted_at IS NULL`,
    [productId],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  return { id: String(toNumber(row.id)), ownerId: row.owner_id, name: row.product_name };
}

/** The other party: the requester for the received side, the enterprise for the sent side. */
function fromClause(side: Side): string {
  const other = side === 'received' ? 'r.from_user' : 'r.to_user';
  return `FROM portal_cooperation_requests r
          LEFT JOIN portal_products p ON p.id = r.product_id
          LEFT JOIN portal_accounts o ON o.user_id = ${other}
          LEFT JOIN portal_enterprise_auth e ON e.user_id = ${other} AND e.status = 1`;
}

const COLUMNS = `r.id, r.product_id, p.product_name, r.subject, r.message, r.contact_name, r.contact_phone,
  r.apply_status, r.readed, r.from_readed, r.created_at, r.handled_at, o.user_id AS other_id, o.nick_name,
  e.enterprise_name`;

interface RequestRow {
  id: string;
  product_id: unknown;
  product_name: string | null;
  subject: string;
  message: string;
  contact_name: string;
  contact_phone: string;
  apply_status: unknown;
  readed: boolean;
  from_readed: boolean;
  created_at: unknown;
  handled_at: unknown;
  other_id: string | null;
  nick_name: string | null;
  enterprise_name: string | null;
}

function toRequest(row: RequestRow): CooperationRequest {
  return {
    id: row.id,
    productId: row.product_id === null ? null : String(toNumber(row.product_id)),
    productName: row.product_name ?? '',
    subject: row.subject,
    message: row.message,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    applyStatus: toNumber(row.apply_status) as ApplyStatus,
    readed: row.readed,
    fromReaded: row.from_readed,
    otherUserId: row.other_id ?? '',
    otherUserName: row.nick_name ?? '',
    otherEnterpriseName: row.enterprise_name ?? '',
    createdAt: toNumber(row.created_at),
    handledAt: row.handled_at === null ? null : toNumber(row.handled_at),
  };
}
