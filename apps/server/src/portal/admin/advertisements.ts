import type { Advertisement, AdvertisementForm, AdvertisementSlot, PublicAdvertisement } from '@liaison/protocol';
import { type Sql, toNumber } from '../../db/database';
import { escapeLike } from '../../im/search/cursor';
import type { PageOf, Paging } from '../paging';
import { uploadUrl } from './content-fields';

interface AdRow {
  id: unknown;
  slot: AdvertisementSlot;
  title: string;
  image: string;
  link: string;
  sort_order: unknown;
  enabled: boolean;
  created_at: unknown;
}

const COLUMNS = 'id, slot, title, image, link, sort_order, enabled, created_at';
const ORDER = 'ORDER BY slot, sort_order, id';

/** The enabled advertisements of one slot (or every slot), in display order: the public home page. */
export async function enabledAdvertisements(db: Sql, slot?: AdvertisementSlot): Promise<PublicAdvertisement[]> {
  const rows = await db.query<AdRow>(
    `SELECT ${COLUMNS} FROM portal_advertisements WHERE enabled AND ($1::text IS NULL OR slot = $1) ${ORDER}`,
    [slot ?? null],
  );
  return rows.map((r) => {
    const { id, slot: s, title, imageUrl, link } = toAdvertisement(r);
    return { id, slot: s, title, imageUrl, link };
  });
}

export interface AdvertisementFilter {
  slot?: AdvertisementSlot | undefined;
  title?: string | undefined;
  enabled?: boolean | undefined;
}

export async function pageAdvertisements(
  db: Sql,
  filter: AdvertisementFilter,
  paging: Paging,
): Promise<PageOf<Advertisement>> {
  const where: string[] = ['true'];
  const params: unknown[] = [];
  if (filter.slot) {
    params.push(filter.slot);
    where.push(`slot = $${params.length}`);
  }
  if (filter.title) {
    params.push(`%${escapeLike(filter.title)}%`);
    where.push(`title ILIKE $${params.length} ESCAPE '\\'`);
  }
  if (filter.enabled !== undefined) {
    params.push(filter.enabled);
    where.push(`enabled = $${params.length}`);
  }
  const sqlWhere = where.join(' AND ');
  const [count] = await db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM portal_advertisements WHERE ${sqlWhere}`,
    params,
  );
  const rows = await db.query<AdRow>(
    `SELECT ${COLUMNS} FROM portal_advertisements WHERE ${sqlWhere} ${ORDER}
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, paging.pageSize, paging.offset],
  );
  return { total: toNumber(count?.n), rows: rows.map(toAdvertisement) };
}

export async function createAdvertisement(db: Sql, form: AdvertisementForm, now = Date.now()): Promise<Advertisement> {
  const [row] = await db.query<AdRow>(
    `INSERT INTO portal_advertisements (slot, title, image, link, sort_order, enabled, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [form.slot, form.title, form.image, form.link, form.sortOrder, form.enabled, now],
  );
  return toAdvertisement(row as AdRow);
}

/** Null when there is no such advertisement. */
export async function updateAdvertisement(db: Sql, id: string, form: AdvertisementForm): Promise<Advertisement | null> {
  const [row] = await db.query<AdRow>(
    `UPDATE portal_advertisements SET slot = $2, title = $3, image = $4, link = $5, sort_order = $6, enabled = $7
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, form.slot, form.title, form.image, form.link, form.sortOrder, form.enabled],
  );
  return row ? toAdvertisement(row) : null;
}

export async function setAdvertisementEnabled(db: Sql, id: string, enabled: boolean): Promise<boolean> {
  const rows = await db.query('UPDATE portal_advertisements SET enabled = $2 WHERE id = $1 RETURNING id', [
    id,
    enabled,
  ]);
  return rows.length === 1;
}

export async function deleteAdvertisement(db: Sql, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM portal_advertisements WHERE id = $1 RETURNING id', [id]);
  return rows.length === 1;
}

function toAdvertisement(row: AdRow): Advertisement {
  return {
    id: String(toNumber(row.id)),
    slot: row.slot,
    title: row.title,
    image: row.image,
    imageUrl: uploadUrl(row.image),
    link: row.link,
    sortOrder: toNumber(row.sort_order),
    enabled: row.enabled,
    createdAt: toNumber(row.created_at),
  };
}
