import type {
  AbilityAttachment,
  AbilityCategory,
  AbilityDetail,
  AbilityStatus,
  AbilitySummary,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import type { Acting } from '../acting';
import { mayTouchProduct } from '../acting';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';

/**
 * An enterprise's abilities (docs/portal-api.md "Abilities"). Every function takes the acting
 * account and touches only its enterprise's rows, and for a sub-account only the granted ones;
 * anything else is answered as absent (404), so IDs reveal nothing.
 */

export interface AbilityValues {
  productName: string;
  categoryId: number;
  summary: string;
  description: string;
  cover: string;
  attachments: AbilityAttachment[];
  keywords: string;
}

export interface ListFilter {
  productName: string;
  categoryId: number;
  status: AbilityStatus | null;
}

export async function listCategories(db: Sql): Promise<AbilityCategory[]> {
  const rows = await db.query<{ id: unknown; name: string }>(
    'SELECT id, name FROM portal_product_categories ORDER BY sort_order, id',
  );
  return rows.map((row) => ({ id: toNumber(row.id), name: row.name }));
}

export async function categoryExists(db: Sql, id: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM portal_product_categories WHERE id = $1', [id]);
  return rows.length === 1;
}

export async function addAbility(
  db: Sql,
  acting: Acting,
  values: AbilityValues,
  status: 0 | 1,
  now = Date.now(),
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO portal_products (owner_id, category_id, product_name, summary, description_html, cover, attachments,
                                  keywords, status, created_at, updated_at, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $10, $11) RETURNING id::text AS id`,
    [acting.enterpriseId, ...valueList(values), status, now, status === 1 ? now : null],
  );
  return (row as { id: string }).id;
}

/** Replaces the content; `status` absent keeps it. Only abilities outside the recycle bin. */
export async function editAbility(
  db: Sql,
  acting: Acting,
  id: string,
  values: AbilityValues,
  status: 0 | 1 | undefined,
  now = Date.now(),
): Promise<void> {
  await requireOwn(db, acting, id, 'live');
  await db.query(
    `UPDATE portal_products
        SET category_id = $2, product_name = $3, summary = $4, description_html = $5, cover = $6,
            attachments = $7::jsonb, keywords = $8, status = COALESCE($9::smallint, status), updated_at = $10,
            published_at = CASE WHEN $9::smallint = 1 AND status <> 1 THEN $10 ELSE published_at END
      WHERE id = $1`,
    [id, ...valueList(values), status ?? null, now],
  );
}

export async function abilityDetail(db: Sql, acting: Acting, id: string): Promise<AbilityDetail> {
  await requireOwn(db, acting, id, 'any');
  const [row] = await db.query<DetailRow>(
    `SELECT ${COLUMNS}, p.description_html, p.attachments ${FROM} WHERE p.id = $1`,
    [id],
  );
  return toDetail(row as DetailRow);
}

/** The enterprise's abilities outside (or, `inRecycleBin`, inside) the recycle bin, newest change first. */
export async function listAbilities(
  db: Sql,
  acting: Acting,
  filter: ListFilter,
  paging: Paging,
  inRecycleBin: boolean,
): Promise<PageOf<AbilitySummary>> {
  const params: unknown[] = [acting.enterpriseId];
  const where = ['p.owner_id = $1', inRecycleBin ? 'p.deleted_at IS NOT NULL' : 'p.deleted_at IS NULL'];
  if (acting.grantedProducts !== null) {
    params.push([...acting.grantedProducts]);
    where.push(`p.id::text = ANY($${params.length}::text[])`);
  }
  if (filter.productName) {
    params.push(`%${escapeLike(filter.productName)}%`);
    where.push(`p.product_name ILIKE $${params.length}`);
  }
  if (filter.categoryId > 0) {
    params.push(filter.categoryId);
    where.push(`p.category_id = $${params.length}`);
  }
  if (filter.status !== null) {
    params.push(filter.status);
    where.push(`p.status = $${params.length}`);
  }
  const condition = where.join(' AND ');
  const [count] = await db.query<{ total: unknown }>(`SELECT count(*) AS total ${FROM} WHERE ${condition}`, params);
  const order = inRecycleBin ? 'p.deleted_at DESC, p.id DESC' : 'p.updated_at DESC, p.id DESC';
  const rows = await db.query<SummaryRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${condition} ORDER BY ${order}
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, paging.pageSize, paging.offset],
  );
  return { rows: rows.map(toSummary), total: toNumber(count?.total) };
}

/** Publish (1) or take offline (2). */
export async function setAbilityStatus(
  db: Sql,
  acting: Acting,
  id: string,
  status: 1 | 2,
  now = Date.now(),
): Promise<void> {
  await requireOwn(db, acting, id, 'live');
  await db.query(
    `UPDATE portal_products SET status = $2::smallint, updated_at = $3,
            published_at = CASE WHEN $2::smallint = 1 AND status <> 1 THEN $3 ELSE published_at END
      WHERE id = $1`,
    [id, status, now],
  );
}

export async function moveToRecycleBin(db: Sql, acting: Acting, id: string, now = Date.now()): Promise<void> {
  await requireOwn(db, acting, id, 'live');
  await db.query('UPDATE portal_products SET deleted_at = $2 WHERE id = $1', [id, now]);
}

/** Takes every named ability out of the recycle bin, or none of them when one is not there. */
export async function recoverAbilities(db: Sql, acting: Acting, ids: readonly string[]): Promise<void> {
  for (const id of ids) await requireOwn(db, acting, id, 'recycled');
  await db.query('UPDATE portal_products SET deleted_at = NULL WHERE id = ANY($1::bigint[])', [ids]);
}

/** Removes an ability for good; only one already in the recycle bin. */
export async function removeForGood(db: Sql, acting: Acting, id: string): Promise<void> {
  const place = await requireOwn(db, acting, id, 'any');
  if (place === 'live') throw new PortalError(PortalCode.ERROR, '只能彻底删除回收站中的能力');
  await db.query('DELETE FROM portal_products WHERE id = $1', [id]);
}

export interface OwnUpload {
  fileName: string;
  originalName: string;
  size: number;
  contentType: string;
  isPrivate: boolean;
}

/** Uploads by the enterprise or the acting account itself, by stored name; others' are left out. */
export async function ownUploads(db: Sql, acting: Acting, fileNames: readonly string[]): Promise<OwnUpload[]> {
  if (fileNames.length === 0) return [];
  const rows = await db.query<{
    file_name: string;
    original_name: string;
    size: unknown;
    content_type: string;
    private: boolean;
  }>(
    `SELECT file_name, original_name, size, content_type, private FROM portal_uploads
      WHERE file_name = ANY($1::text[]) AND user_id = ANY($2::text[])`,
    [fileNames, [acting.enterpriseId, acting.account.user_id]],
  );
  return rows.map((row) => ({
    fileName: row.file_name,
    originalName: row.original_name,
    size: toNumber(row.size),
    contentType: row.content_type,
    isPrivate: row.private,
  }));
}

/** The files an ability already carries (kept on edit whoever of the enterprise uploaded them). */
export async function currentFiles(db: Sql, id: string): Promise<{ cover: string; attachments: AbilityAttachment[] }> {
  const [row] = await db.query<{ cover: string; attachments: unknown }>(
    'SELECT cover, attachments FROM portal_products WHERE id = $1',
    [id],
  );
  return { cover: row?.cover ?? '', attachments: attachmentsOf(row?.attachments) };
}

type Place = 'live' | 'recycled';

/**
 * The ability when it is the acting enterprise's (and granted, for a sub-account) and where
 * `where` wants it; otherwise 404, the same answer as for an ID that does not exist.
 */
export async function requireOwn(db: Sql, acting: Acting, id: string, where: Place | 'any'): Promise<Place> {
  if (!/^\d{1,18}$/.test(id) || !mayTouchProduct(acting, id)) throw new PortalError(PortalCode.NOT_FOUND);
  const [row] = await db.query<{ deleted_at: unknown }>(
    'SELECT deleted_at FROM portal_products WHERE id = $1 AND owner_id = $2',
    [id, acting.enterpriseId],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  const place: Place = row.deleted_at === null ? 'live' : 'recycled';
  if (where !== 'any' && where !== place) throw new PortalError(PortalCode.NOT_FOUND);
  return place;
}

const COLUMNS = `p.id::text AS id, p.product_name, p.category_id, c.name AS category_name, p.summary, p.cover,
  p.keywords, p.status, p.view_count, p.created_at, p.updated_at, p.published_at, p.deleted_at`;
const FROM = 'FROM portal_products p JOIN portal_product_categories c ON c.id = p.category_id';

interface SummaryRow {
  id: string;
  product_name: string;
  category_id: unknown;
  category_name: string;
  summary: string;
  cover: string;
  keywords: string;
  status: unknown;
  view_count: unknown;
  created_at: unknown;
  updated_at: unknown;
  published_at: unknown;
  deleted_at: unknown;
}

interface DetailRow extends SummaryRow {
  description_html: string;
  attachments: unknown;
}

function toSummary(row: SummaryRow): AbilitySummary {
  return {
    id: row.id,
    productName: row.product_name,
    categoryId: toNumber(row.category_id),
    categoryName: row.category_name,
    summary: row.summary,
    cover: row.cover,
    keywords: row.keywords,
    status: toNumber(row.status) as AbilityStatus,
    viewCount: toNumber(row.view_count),
    createdAt: toNumber(row.created_at),
    updatedAt: toNumber(row.updated_at),
    publishedAt: row.published_at === null ? null : toNumber(row.published_at),
    deletedAt: row.deleted_at === null ? null : toNumber(row.deleted_at),
  };
}

function toDetail(row: DetailRow): AbilityDetail {
  return { ...toSummary(row), description: row.description_html, attachments: attachmentsOf(row.attachments) };
}

/** jsonb arrives parsed from PGlite and pg alike; anything else is treated as no attachments. */
function attachmentsOf(value: unknown): AbilityAttachment[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? (list as AbilityAttachment[]) : [];
}

function valueList(values: AbilityValues): unknown[] {
  return [
    values.categoryId,
    values.productName,
    values.summary,
    values.description,
    values.cover,
    JSON.stringify(values.attachments),
    values.keywords,
  ];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
