import type { AbilityAttachment, PublicAbility, PublicAbilityDetail } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';
import { enterpriseCard } from './enterprises';
import { firstRows } from './public-paging';
import { pageRows, SqlFilter } from './sql-filter';
import { PUBLISHED, VISIBLE_ENTERPRISES } from './visibility';

/** The capability library as the public sees it: published abilities of visible enterprises. */

export interface AbilityFilter {
  /** 0: every category. */
  categoryId: number;
  keywords: readonly string[];
  /** Only abilities of enterprises placed in this industry chain. */
  supplyChainId: string | null;
  /** Only this enterprise's abilities (the company main page). */
  ownerId: string | null;
  /** 'relevance': all keywords in the name first, then the newest (the portal search). */
  sort: 'latest' | 'popular' | 'relevance';
}

/** The columns keywords are looked for in. */
export const ABILITY_SEARCH_FIELDS = ['productName', 'summary', 'keywords'] as const;

export async function listPublicAbilities(
  db: Sql,
  filter: AbilityFilter,
  paging: Paging,
): Promise<PageOf<PublicAbility>> {
  const where = new SqlFilter(PUBLISHED).matchAll(filter.keywords, ['p.product_name', 'p.summary', 'p.keywords']);
  if (filter.categoryId > 0) where.where(`p.category_id = ${where.param(filter.categoryId)}`);
  if (filter.supplyChainId !== null) where.where(inChain(where.param(filter.supplyChainId)));
  if (filter.ownerId !== null) where.where(`p.owner_id = ${where.param(filter.ownerId)}`);
  const latest = 'coalesce(p.published_at, p.updated_at) DESC, p.id DESC';
  const order = {
    latest,
    popular: `p.view_count DESC, ${latest}`,
    relevance: where.matchesFirst('p.product_name', latest),
  }[filter.sort];
  const page = await pageRows<AbilityRow>(db, where, { select: COLUMNS, from: FROM, order }, paging);
  return { rows: page.rows.map(toPublicAbility), total: page.total };
}

/** The newest abilities of the enterprises in an industry chain (at most `limit`). */
export async function chainAbilities(db: Sql, chainId: string, limit = 100): Promise<PublicAbility[]> {
  const filter: AbilityFilter = { categoryId: 0, keywords: [], supplyChainId: chainId, ownerId: null, sort: 'latest' };
  return (await listPublicAbilities(db, filter, firstRows(limit))).rows;
}

/** What /industry shows of one enterprise: its newest `perOwner` published abilities, and how many it has. */
export interface OwnerAbilities {
  abilities: { id: string; productName: string }[];
  abilityCount: number;
}

/**
 * The newest published abilities of each of `ownerIds`, at most `perOwner` each, so no enterprise's
 * abilities are crowded out by another's however many a chain holds. Owners without any are absent.
 */
export async function newestAbilitiesOf(
  db: Sql,
  ownerIds: readonly string[],
  perOwner: number,
): Promise<Map<string, OwnerAbilities>> {
  const rows = await db.query<{ id: string; product_name: string; owner_id: string; n: unknown }>(
    `SELECT id, product_name, owner_id, n FROM (
       SELECT p.id::text AS id, p.product_name, p.owner_id, count(*) OVER (PARTITION BY p.owner_id) AS n,
              row_number() OVER (PARTITION BY p.owner_id
                                 ORDER BY coalesce(p.published_at, p.updated_at) DESC, p.id DESC) AS r
         FROM portal_products p JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = p.owner_id
        WHERE ${PUBLISHED} AND p.owner_id = ANY($1::text[])) ranked
      WHERE r <= $2 ORDER BY owner_id, r`,
    [ownerIds, perOwner],
  );
  const byOwner = new Map<string, OwnerAbilities>();
  for (const row of rows) {
    const entry = byOwner.get(row.owner_id) ?? { abilities: [], abilityCount: toNumber(row.n) };
    entry.abilities.push({ id: row.id, productName: row.product_name });
    byOwner.set(row.owner_id, entry);
  }
  return byOwner;
}

/** Most viewed among those published in the last `days`, then the rest by views (the home page). */
export async function featuredAbilities(db: Sql, count: number, now: number, days = 90): Promise<PublicAbility[]> {
  const rows = await db.query<AbilityRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${PUBLISHED}
      ORDER BY (coalesce(p.published_at, 0) > $1) DESC, p.view_count DESC, p.id DESC LIMIT $2`,
    [now - days * 86_400_000, count],
  );
  return rows.map(toPublicAbility);
}

/** One published ability of a visible enterprise, with its enterprise; anything else is 404. */
export async function publicAbilityDetail(db: Sql, id: string): Promise<PublicAbilityDetail> {
  const [row] = await db.query<AbilityRow & { description_html: string; attachments: unknown }>(
    `SELECT ${COLUMNS}, p.description_html, p.attachments ${FROM} WHERE ${PUBLISHED} AND p.id = $1`,
    [id],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  const enterprise = await enterpriseCard(db, row.owner_id);
  if (!enterprise) throw new PortalError(PortalCode.NOT_FOUND);
  return {
    ...toPublicAbility(row),
    description: row.description_html,
    // jsonb arrives parsed from PGlite and pg alike.
    attachments: Array.isArray(row.attachments) ? (row.attachments as AbilityAttachment[]) : [],
    enterprise,
  };
}

export async function chainExists(db: Sql, chainId: string): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM portal_industry_chains WHERE id = $1', [chainId]);
  return Boolean(row);
}

const COLUMNS = `p.id::text AS id, p.product_name, p.category_id, k.name AS category_name, p.summary, p.cover,
  p.keywords, p.view_count, coalesce(p.published_at, p.updated_at) AS published_at, p.owner_id, e.enterprise_name`;
const FROM = `FROM portal_products p
  JOIN portal_product_categories k ON k.id = p.category_id
  JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = p.owner_id`;

function inChain(placeholder: string): string {
  return `p.owner_id IN (SELECT m.user_id FROM portal_industry_members m
    JOIN portal_industry_segments s ON s.id = m.segment_id WHERE s.chain_id = ${placeholder}::bigint)`;
}

interface AbilityRow {
  id: string;
  product_name: string;
  category_id: unknown;
  category_name: string;
  summary: string;
  cover: string;
  keywords: string;
  view_count: unknown;
  published_at: unknown;
  owner_id: string;
  enterprise_name: string;
}

function toPublicAbility(row: AbilityRow): PublicAbility {
  return {
    id: row.id,
    productName: row.product_name,
    categoryId: toNumber(row.category_id),
    categoryName: row.category_name,
    summary: row.summary,
    cover: row.cover,
    keywords: row.keywords,
    viewCount: toNumber(row.view_count),
    publishedAt: toNumber(row.published_at),
    ownerId: row.owner_id,
    enterpriseName: row.enterprise_name,
  };
}
