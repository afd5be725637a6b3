import type { CollectedAbility, FollowedEnterprise, ViewRecord } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { escapeLike } from '../../im/search/cursor';
import type { Acting } from '../acting';
import { isApprovedEnterprise } from '../cooperation/connect';
import { publishedProduct } from '../cooperation/cooperation';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';

/**
 * Follows of enterprises, collections of abilities and views of both (docs/portal-api.md
 * "Cooperation, follows and official pushes"). A user's follows and collections are their own
 * rows: every change and list is keyed by the acting account, so no ID reaches anyone else's.
 */

export async function follow(db: Sql, acting: Acting, enterpriseId: string): Promise<void> {
  if (!(await isApprovedEnterprise(db, enterpriseId))) throw new PortalError(PortalCode.NOT_FOUND);
  if (enterpriseId === acting.enterpriseId) throw new PortalError(PortalCode.ERROR, '不能关注本企业');
  await db.query(
    'INSERT INTO portal_follows (user_id, target_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [acting.account.user_id, enterpriseId, Date.now()],
  );
}

export async function unfollow(db: Sql, acting: Acting, enterpriseId: string): Promise<void> {
  await db.query('DELETE FROM portal_follows WHERE user_id = $1 AND target_id = $2', [
    acting.account.user_id,
    enterpriseId,
  ]);
}

export async function isFollowing(db: Sql, acting: Acting, enterpriseId: string): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM portal_follows WHERE user_id = $1 AND target_id = $2', [
    acting.account.user_id,
    enterpriseId,
  ]);
  return Boolean(row);
}

export async function listFollows(
  db: Sql,
  acting: Acting,
  name: string,
  paging: Paging,
): Promise<PageOf<FollowedEnterprise>> {
  const params: unknown[] = [acting.account.user_id];
  let condition = 'f.user_id = $1';
  if (name) {
    params.push(`%${escapeLike(name)}%`);
    condition += ` AND (e.enterprise_name ILIKE $2 OR a.nick_name ILIKE $2)`;
  }
  const from = `FROM portal_follows f
    JOIN portal_accounts a ON a.user_id = f.target_id
    LEFT JOIN portal_enterprise_auth e ON e.user_id = f.target_id AND e.status = 1`;
  const [count] = await db.query<{ total: unknown }>(`SELECT count(*) AS total ${from} WHERE ${condition}`, params);
  const rows = await db.query<{
    target_id: string;
    nick_name: string;
    enterprise_name: string | null;
    created_at: unknown;
  }>(
    `SELECT f.target_id, a.nick_name, e.enterprise_name, f.created_at ${from} WHERE ${condition}
      ORDER BY f.created_at DESC, f.target_id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, paging.pageSize, paging.offset],
  );
  return {
    rows: rows.map((r) => ({
      userId: r.target_id,
      nickName: r.nick_name,
      enterpriseName: r.enterprise_name ?? '',
      followedAt: toNumber(r.created_at),
    })),
    total: toNumber(count?.total),
  };
}

export async function collect(db: Sql, acting: Acting, productId: string): Promise<void> {
  const product = await publishedProduct(db, productId);
  if (product.ownerId === acting.enterpriseId) throw new PortalError(PortalCode.ERROR, '不能收藏本企业的能力');
  await db.query(
    'INSERT INTO portal_collections (user_id, product_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [acting.account.user_id, product.id, Date.now()],
  );
}

export async function uncollect(db: Sql, acting: Acting, productId: string): Promise<void> {
  if (!/^\d{1,18}$/.test(productId)) throw new PortalError(PortalCode.NOT_FOUND);
  await db.query('DELETE FROM portal_collections WHERE user_id = $1 AND product_id = $2', [
    acting.account.user_id,
    productId,
  ]);
}

export async function hasCollected(db: Sql, acting: Acting, productId: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(productId)) return false;
  const [row] = await db.query('SELECT 1 FROM portal_collections WHERE user_id = $1 AND product_id = $2', [
    acting.account.user_id,
    productId,
  ]);
  return Boolean(row);
}

export async function listCollections(
  db: Sql,
  acting: Acting,
  productName: string,
  paging: Paging,
): Promise<PageOf<CollectedAbility>> {
  const params: unknown[] = [acting.account.user_id];
  let condition = 'c.user_id = $1';
  if (productName) {
    params.push(`%${escapeLike(productName)}%`);
    condition += ' AND p.product_name ILIKE $2';
  }
  const from = `FROM portal_collections c
    JOIN portal_products p ON p.id = c.product_id
    LEFT JOIN portal_product_categories k ON k.id = p.category_id
    LEFT JOIN portal_enterprise_auth e ON e.user_id = p.owner_id AND e.status = 1`;
  const [count] = await db.query<{ total: unknown }>(`SELECT count(*) AS total ${from} WHERE ${condition}`, params);
  const rows = await db.query<CollectionRow>(
    `SELECT p.id, p.product_name, p.summary, p.cover, k.name AS category_name, p.owner_id, e.enterprise_name,
            CASE WHEN p.deleted_at IS NULL THEN p.status ELSE 2 END AS status, c.created_at ${from}
      WHERE ${condition} ORDER BY c.created_at DESC, p.id DESC
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, paging.pageSize, paging.offset],
  );
  return { rows: rows.map(toCollected), total: toNumber(count?.total) };
}

/**
 * Records a view of a company page (ownerId) or an ability (productId) by a user or a visitor
 * (viewer null). The owner looking at their own is not a view. Answers whether one was recorded.
 */
export async function recordView(
  db: Sql,
  viewer: Acting | null,
  target: { ownerId?: string; productId?: string },
): Promise<boolean> {
  const product = target.productId ? await publishedProduct(db, target.productId) : null;
  const ownerId = product ? product.ownerId : (target.ownerId ?? '');
  if (!product && !(await isApprovedEnterprise(db, ownerId))) throw new PortalError(PortalCode.NOT_FOUND);
  if (viewer && viewer.enterpriseId === ownerId) return false;
  await db.query('INSERT INTO portal_views (owner_id, product_id, viewer_id, created_at) VALUES ($1, $2, $3, $4)', [
    ownerId,
    product?.id ?? null,
    viewer?.account.user_id ?? null,
    Date.now(),
  ]);
  if (product) await db.query('UPDATE portal_products SET view_count = view_count + 1 WHERE id = $1', [product.id]);
  return true;
}

/** Who viewed the acting enterprise's page and abilities, newest first; visitors are '访客'. */
export async function listViewsOfMe(db: Sql, acting: Acting, paging: Paging): Promise<PageOf<ViewRecord>> {
  const [count] = await db.query<{ total: unknown }>('SELECT count(*) AS total FROM portal_views WHERE owner_id = $1', [
    acting.enterpriseId,
  ]);
  const rows = await db.query<ViewRow>(
    `SELECT v.id, v.viewer_id, a.nick_name, e.enterprise_name, v.product_id, p.product_name, v.created_at
       FROM portal_views v
       LEFT JOIN portal_accounts a ON a.user_id = v.viewer_id
       LEFT JOIN portal_enterprise_auth e ON e.user_id = v.viewer_id AND e.status = 1
       LEFT JOIN portal_products p ON p.id = v.product_id
      WHERE v.owner_id = $1 ORDER BY v.created_at DESC, v.id DESC LIMIT $2 OFFSET $3`,
    [acting.enterpriseId, paging.pageSize, paging.offset],
  );
  return {
    rows: rows.map((r) => ({
      id: String(toNumber(r.id)),
      viewerId: r.viewer_id,
      viewerName: r.viewer_id === null ? '访客' : (r.nick_name ?? ''),
      viewerEnterpriseName: r.enterprise_name ?? '',
      productId: r.product_id === null ? null : String(toNumber(r.product_id)),
      productName: r.product_id === null ? '企业主页' : (r.product_name ?? ''),
      viewedAt: toNumber(r.created_at),
    })),
    total: toNumber(count?.total),
  };
}

interface CollectionRow {
  id: unknown;
  product_name: string;
  summary: string;
  cover: string;
  category_name: string | null;
  owner_id: string;
  enterprise_name: string | null;
  status: unknown;
  created_at: unknown;
}

function toCollected(r: CollectionRow): CollectedAbility {
  return {
    productId: String(toNumber(r.id)),
    productName: r.product_name,
    summary: r.summary,
    cover: r.cover,
    categoryName: r.category_name ?? '',
    ownerId: r.owner_id,
    enterpriseName: r.enterprise_name ?? '',
    status: toNumber(r.status),
    collectedAt: toNumber(r.created_at),
  };
}

interface ViewRow {
  id: unknown;
  viewer_id: string | null;
  nick_name: string | null;
  enterprise_name: string | null;
  product_id: unknown;
  product_name: string | null;
  created_at: unknown;
}
