import type { EnterpriseCard, EnterpriseProfile, IndustryStage } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';
import { firstRows } from './public-paging';
import { pageRows, SqlFilter } from './sql-filter';
import { publishedCount, VISIBLE_ENTERPRISES } from './visibility';

/** Approved enterprises as the public lists and the company main page show them. */

export interface EnterpriseFilter {
  keywords: readonly string[];
  /** Only members of this enterprise cluster. */
  clusterId: string | null;
  /** 'relevance': all keywords in the name first (the portal search); else most abilities first. */
  sort: 'abilities' | 'relevance';
}

export const ENTERPRISE_SEARCH_FIELDS = ['enterpriseName', 'introduction'] as const;

/** A card shows this much of the introduction. */
const CARD_INTRODUCTION = 120;

export async function listEnterprises(
  db: Sql,
  filter: EnterpriseFilter,
  paging: Paging,
): Promise<PageOf<EnterpriseCard>> {
  const where = new SqlFilter().matchAll(filter.keywords, ['e.enterprise_name', "coalesce(c.introduction, '')"]);
  if (filter.clusterId !== null) {
    where.where(
      `e.user_id IN (SELECT user_id FROM portal_cluster_members WHERE cluster_id = ${where.param(filter.clusterId)})`,
    );
  }
  const byAbilities = 'ability_count DESC, e.enterprise_name, e.user_id';
  const order = filter.sort === 'relevance' ? where.matchesFirst('e.enterprise_name', byAbilities) : byAbilities;
  const page = await pageRows<CardRow>(db, where, { select: CARD_COLUMNS, from: CARD_FROM, order }, paging);
  return { rows: page.rows.map(toCard), total: page.total };
}

/** The card of one visible enterprise; null for any other user ID. */
export async function enterpriseCard(db: Sql, userId: string): Promise<EnterpriseCard | null> {
  const row = await cardRow(db, userId);
  return row ? toCard(row) : null;
}

/** The members of a cluster that the public sees (at most `limit`). */
export async function clusterMembers(db: Sql, clusterId: string, limit = 200): Promise<EnterpriseCard[]> {
  return (await listEnterprises(db, { keywords: [], clusterId, sort: 'abilities' }, firstRows(limit))).rows;
}

/**
 * The company main page of a visible enterprise (404 otherwise). The phone is shown only when the
 * enterprise keeps it public.
 */
export async function enterpriseProfile(db: Sql, userId: string): Promise<EnterpriseProfile> {
  const row = await cardRow(db, userId);
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  const partners = await db.query<{ id: unknown; name: string; logo: string }>(
    'SELECT id, name, logo FROM portal_partners WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
    [userId],
  );
  const segments = await db.query<{ chain_id: unknown; chain_name: string; stage: unknown; segment_name: string }>(
    `SELECT ch.id AS chain_id, ch.name AS chain_name, s.stage, s.name AS segment_name
       FROM portal_industry_members m
       JOIN portal_industry_segments s ON s.id = m.segment_id
       JOIN portal_industry_chains ch ON ch.id = s.chain_id
      WHERE m.user_id = $1 ORDER BY ch.sort_order, ch.id, s.stage, s.sort_order, s.id`,
    [userId],
  );
  return {
    ...toCard(row),
    website: row.website,
    contactPhone: row.phone_public ? row.contact_phone : null,
    introductionFull: row.introduction,
    partners: partners.map((p) => ({ id: String(toNumber(p.id)), name: p.name, logo: p.logo })),
    segments: segments.map((s) => ({
      chainId: String(toNumber(s.chain_id)),
      chainName: s.chain_name,
      stage: toNumber(s.stage) as IndustryStage,
      segmentName: s.segment_name,
    })),
    contactUserId: row.user_id,
  };
}

const CARD_COLUMNS = `e.user_id, e.enterprise_name, e.address, e.contact_phone, coalesce(c.banner, '') AS banner,
  coalesce(c.introduction, '') AS introduction, coalesce(c.website, '') AS website,
  coalesce(c.phone_public, true) AS phone_public, ${publishedCount('e.user_id')} AS ability_count,
  (SELECT count(*) FROM portal_follows f WHERE f.target_id = e.user_id) AS follower_count`;
const CARD_FROM = `FROM ${VISIBLE_ENTERPRISES} e LEFT JOIN portal_company_pages c ON c.user_id = e.user_id`;

async function cardRow(db: Sql, userId: string): Promise<CardRow | undefined> {
  const [row] = await db.query<CardRow>(`SELECT ${CARD_COLUMNS} ${CARD_FROM} WHERE e.user_id = $1`, [userId]);
  return row;
}

interface CardRow {
  user_id: string;
  enterprise_name: string;
  address: string;
  contact_phone: string;
  banner: string;
  introduction: string;
  website: string;
  phone_public: boolean;
  ability_count: unknown;
  follower_count: unknown;
}

function toCard(row: CardRow): EnterpriseCard {
  return {
    userId: row.user_id,
    enterpriseName: row.enterprise_name,
    banner: row.banner,
    introduction: Array.from(row.introduction).slice(0, CARD_INTRODUCTION).join(''),
    address: row.address,
    abilityCount: toNumber(row.ability_count),
    followerCount: toNumber(row.follower_count),
  };
}
