import type { ArticleDetail, ArticleKind, ArticleSummary } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';
import { pageRows, SqlFilter } from './sql-filter';
import { PUBLISHED, VISIBLE_ENTERPRISES } from './visibility';

/** News (资讯) and new releases (新品发布): platform content, written by administrators. */

export interface ArticleFilter {
  /** null: both kinds. */
  kind: ArticleKind | null;
  keywords: readonly string[];
  /** 'relevance': all keywords in the title first, then the newest (the portal search). */
  sort: 'latest' | 'relevance';
}

export const ARTICLE_SEARCH_FIELDS = ['title', 'summary'] as const;

export interface ArticleValues {
  kind: ArticleKind;
  title: string;
  summary: string;
  /** Sanitised HTML. */
  content: string;
  cover: string;
  source: string;
  ownerId: string | null;
  productId: string | null;
  publishedAt: number;
}

export async function listArticles(db: Sql, filter: ArticleFilter, paging: Paging): Promise<PageOf<ArticleSummary>> {
  const where = new SqlFilter().matchAll(filter.keywords, ['r.title', 'r.summary']);
  if (filter.kind !== null) where.where(`r.kind = ${where.param(filter.kind)}`);
  const latest = 'r.published_at DESC, r.id DESC';
  const order = filter.sort === 'relevance' ? where.matchesFirst('r.title', latest) : latest;
  const page = await pageRows<ArticleRow>(db, where, { select: COLUMNS, from: FROM, order }, paging);
  return { rows: page.rows.map(toSummary), total: page.total };
}

/** One article; reading it counts a view. */
export async function readArticle(db: Sql, id: string): Promise<ArticleDetail> {
  await db.query('UPDATE portal_articles SET view_count = view_count + 1 WHERE id = $1', [id]);
  const [row] = await db.query<ArticleRow & { content_html: string }>(
    `SELECT ${COLUMNS}, r.content_html ${FROM} WHERE r.id = $1`,
    [id],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  return { ...toSummary(row), content: row.content_html };
}

export async function createArticle(db: Sql, values: ArticleValues): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO portal_articles (kind, title, summary, content_html, cover, source, owner_id, product_id, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
    valueList(values),
  );
  return (row as { id: string }).id;
}

/** False when there is no such article. The view count is kept. */
export async function updateArticle(db: Sql, id: string, values: ArticleValues): Promise<boolean> {
  const rows = await db.query(
    `UPDATE portal_articles SET kind = $1, title = $2, summary = $3, content_html = $4, cover = $5, source = $6,
            owner_id = $7, product_id = $8, published_at = $9
      WHERE id = $10 RETURNING id`,
    [...valueList(values), id],
  );
  return rows.length === 1;
}

export async function deleteArticle(db: Sql, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM portal_articles WHERE id = $1 RETURNING id', [id])).length === 1;
}

/** The owner of a published ability of a visible enterprise, or null. */
export async function publishedAbilityOwner(db: Sql, productId: string): Promise<string | null> {
  const [row] = await db.query<{ owner_id: string }>(
    `SELECT p.owner_id FROM portal_products p JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = p.owner_id
      WHERE ${PUBLISHED} AND p.id = $1`,
    [productId],
  );
  return row?.owner_id ?? null;
}

// The enterprise and ability a release names are shown only while the public may see them.
const COLUMNS = `r.id::text AS id, r.kind, r.title, r.summary, r.cover, r.source, r.view_count, r.published_at,
  e.user_id AS owner_id, e.enterprise_name, CASE WHEN e.user_id IS NOT NULL THEN p.id::text END AS product_id`;
const FROM = `FROM portal_articles r
  LEFT JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = r.owner_id
  LEFT JOIN portal_products p ON p.id = r.product_id AND p.owner_id = r.owner_id AND ${PUBLISHED}`;

interface ArticleRow {
  id: string;
  kind: ArticleKind;
  title: string;
  summary: string;
  cover: string;
  source: string;
  view_count: unknown;
  published_at: unknown;
  owner_id: string | null;
  enterprise_name: string | null;
  product_id: string | null;
}

function toSummary(row: ArticleRow): ArticleSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    source: row.source,
    ownerId: row.owner_id,
    enterpriseName: row.enterprise_name ?? '',
    productId: row.product_id,
    publishedAt: toNumber(row.published_at),
    viewCount: toNumber(row.view_count),
  };
}

function valueList(values: ArticleValues): unknown[] {
  return [
    values.kind,
    values.title,
    values.summary,
    values.content,
    values.cover,
    values.source,
    values.ownerId,
    values.productId,
    values.publishedAt,
  ];
}
