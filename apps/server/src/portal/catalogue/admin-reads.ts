import type { AdminArticle, AdminCluster, AdminExpert, ArticleKind, Cluster } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';
import { pageRows, SqlFilter } from './sql-filter';
import { PUBLISHED, VISIBLE_ENTERPRISES } from './visibility';

/**
 * What the administrators' screen reads to edit the platform's content: a record as its form holds
 * it, and the clusters searched and paged. The links a save would refuse (a hidden enterprise, an
 * unpublished ability, a disabled account) are left out, as the public pages leave them out.
 */

export async function adminArticle(db: Sql, id: string): Promise<AdminArticle> {
  const [row] = await db.query<{
    id: string;
    kind: ArticleKind;
    title: string;
    summary: string;
    content_html: string;
    cover: string;
    source: string;
    owner_id: string | null;
    product_id: string | null;
    product_name: string | null;
    published_at: unknown;
  }>(
    `SELECT r.id::text AS id, r.kind, r.title, r.summary, r.content_html, r.cover, r.source, e.user_id AS owner_id,
            CASE WHEN e.user_id IS NOT NULL THEN p.id::text END AS product_id,
            CASE WHEN e.user_id IS NOT NULL THEN p.product_name END AS product_name, r.published_at
       FROM portal_articles r
       LEFT JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = r.owner_id
       LEFT JOIN portal_products p ON p.id = r.product_id AND p.owner_id = r.owner_id AND ${PUBLISHED}
      WHERE r.id = $1`,
    [id],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    content: row.content_html,
    cover: row.cover,
    source: row.source,
    ownerId: row.owner_id,
    productId: row.product_id,
    productName: row.product_name ?? '',
    publishedAt: toNumber(row.published_at),
  };
}

export async function adminExpert(db: Sql, id: string): Promise<AdminExpert> {
  const [row] = await db.query<{
    id: string;
    name: string;
    title: string;
    organisation: string;
    field: string;
    avatar: string;
    summary: string;
    introduction: string;
    achievements: unknown;
    phone: string;
    email: string;
    user_id: string | null;
    sort_order: unknown;
  }>(
    `SELECT x.id::text AS id, x.name, x.title, x.organisation, x.field, x.avatar, x.summary, x.introduction,
            x.achievements, x.phone, x.email, a.user_id, x.sort_order
       FROM portal_experts x
       LEFT JOIN portal_accounts a ON a.user_id = x.user_id AND NOT a.disabled
      WHERE x.id = $1`,
    [id],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    organisation: row.organisation,
    field: row.field,
    avatar: row.avatar,
    summary: row.summary,
    introduction: row.introduction,
    // jsonb arrives parsed from PGlite and pg alike.
    achievements: Array.isArray(row.achievements) ? row.achievements.map(String) : [],
    phone: row.phone,
    email: row.email,
    userId: row.user_id,
    sortOrder: toNumber(row.sort_order),
  };
}

export async function adminCluster(db: Sql, id: string): Promise<AdminCluster> {
  const [row] = await db.query<{
    id: string;
    name: string;
    region: string;
    cover: string;
    summary: string;
    introduction: string;
    sort_order: unknown;
  }>(
    `SELECT c.id::text AS id, c.name, c.region, c.cover, c.summary, c.introduction, c.sort_order
       FROM portal_clusters c WHERE c.id = $1`,
    [id],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  const members = await db.query<{ user_id: string; enterprise_name: string }>(
    `SELECT e.user_id, e.enterprise_name FROM portal_cluster_members m
       JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = m.user_id
      WHERE m.cluster_id = $1 ORDER BY m.created_at, e.user_id`,
    [id],
  );
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    cover: row.cover,
    summary: row.summary,
    introduction: row.introduction,
    sortOrder: toNumber(row.sort_order),
    memberIds: members.map((m) => m.user_id),
    members: members.map((m) => ({ userId: m.user_id, enterpriseName: m.enterprise_name })),
  };
}

/** Clusters whose name, region or summary hold every keyword, in display order. */
export async function searchClusters(db: Sql, keywords: readonly string[], paging: Paging): Promise<PageOf<Cluster>> {
  const where = new SqlFilter().matchAll(keywords, ['c.name', 'c.region', 'c.summary']);
  const select = `c.id::text AS id, c.name, c.region, c.cover, c.summary,
    (SELECT count(*) FROM portal_cluster_members m JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = m.user_id
      WHERE m.cluster_id = c.id) AS member_count`;
  const page = await pageRows<Omit<Cluster, 'memberCount'> & { member_count: unknown }>(
    db,
    where,
    { select, from: 'FROM portal_clusters c', order: 'c.sort_order, c.id' },
    paging,
  );
  return {
    rows: page.rows.map(({ member_count, ...cluster }) => ({ ...cluster, memberCount: toNumber(member_count) })),
    total: page.total,
  };
}
