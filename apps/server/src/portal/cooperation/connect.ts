import type { ConnectResult } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import type { Acting } from '../acting';
import { PortalCode, PortalError } from '../envelope';
import { publishedProduct } from './cooperation';

/**
 * "Contact the enterprise" on a company page or an ability (apply/cooperation/connect): records
 * that the user reached out and answers the C2C conversation the web app opens. has/connect is
 * true from then on, or once the user asked for a cooperation.
 */
export async function connectTo(
  db: Sql,
  acting: Acting,
  target: { userId?: string; productId?: string },
): Promise<ConnectResult> {
  if (Number(acting.account.user_type) < 1) throw new PortalError(PortalCode.ERROR, '请先完成实名认证');
  const product = target.productId ? await publishedProduct(db, target.productId) : null;
  const enterpriseId = product ? product.ownerId : (target.userId ?? '');
  if (!product && !(await isApprovedEnterprise(db, enterpriseId))) throw new PortalError(PortalCode.NOT_FOUND);
  if (enterpriseId === acting.enterpriseId || enterpriseId === acting.account.user_id) {
    throw new PortalError(PortalCode.ERROR, '不能联系本企业');
  }
  await db.query(
    `INSERT INTO portal_connects (user_id, target_id, product_id, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, target_id) DO UPDATE SET product_id = $3, created_at = $4`,
    [acting.account.user_id, enterpriseId, product?.id ?? null, Date.now()],
  );
  return { userID: enterpriseId, conversationID: `C2C${enterpriseId}` };
}

export async function hasConnected(db: Sql, userId: string, targetId: string): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM portal_connects WHERE user_id = $1 AND target_id = $2)
        OR EXISTS (SELECT 1 FROM portal_cooperation_requests WHERE from_user = $1 AND to_user = $2)`,
    [userId, targetId],
  );
  return Boolean(row);
}

/** An account whose enterprise material was approved: the only kind one may follow or contact. */
export async function isApprovedEnterprise(db: Sql, userId: string): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db.query(
    `SELECT 1 FROM portal_enterprise_auth e JOIN portal_accounts a ON a.user_id = e.user_id
      WHERE e.user_id = $1 AND e.status = 1 AND a.parent_user_id IS NULL`,
    [userId],
  );
  return Boolean(row);
}
