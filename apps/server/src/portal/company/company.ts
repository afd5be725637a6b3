import {
  COMPANY_LIMITS,
  type CompanyPageSettings,
  type CompanyPageUpdate,
  INDUSTRY_LIMITS,
  type IndustryChain,
  type IndustryMember,
  type IndustryStage,
  type Partner,
  type PartnerCreate,
} from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { newestAbilitiesOf } from '../catalogue/public-abilities';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';

/**
 * An enterprise's company page settings, partners and industry-chain places (docs/portal-api.md
 * "Sub-accounts, company page and industry chains"); every change is scoped to the enterprise.
 */

export async function companyPageOf(db: Sql, userID: string): Promise<CompanyPageSettings> {
  const [row] = await db.query<{
    enterprise_name: string | null;
    introduction: string | null;
    banner: string | null;
    website: string | null;
    phone_public: boolean | null;
    updated_at: unknown;
  }>(
    `SELECT e.enterprise_name, c.introduction, c.banner, c.website, c.phone_public, c.updated_at
       FROM portal_accounts a
       LEFT JOIN portal_enterprise_auth e ON e.user_id = a.user_id
       LEFT JOIN portal_company_pages c ON c.user_id = a.user_id
      WHERE a.user_id = $1`,
    [userID],
  );
  return {
    enterpriseName: row?.enterprise_name ?? '',
    introduction: row?.introduction ?? '',
    banner: row?.banner ?? '',
    website: row?.website ?? '',
    phonePublic: row?.phone_public ?? true,
    updatedAt: row?.updated_at === null || row?.updated_at === undefined ? null : toNumber(row.updated_at),
  };
}

export async function saveCompanyPage(
  db: Sql,
  userID: string,
  page: CompanyPageUpdate,
  now = Date.now(),
): Promise<void> {
  await db.query(
    `INSERT INTO portal_company_pages (user_id, introduction, banner, website, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET introduction = $2, banner = $3, website = $4, updated_at = $5`,
    [userID, page.introduction, page.banner, page.website, now],
  );
}

export async function setPhonePublic(db: Sql, userID: string, phonePublic: boolean, now = Date.now()): Promise<void> {
  await db.query(
    `INSERT INTO portal_company_pages (user_id, phone_public, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET phone_public = $2, updated_at = $3`,
    [userID, phonePublic, now],
  );
}

export async function listPartners(db: Sql, userID: string, paging: Paging): Promise<PageOf<Partner>> {
  const [count] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_partners WHERE user_id = $1', [
    userID,
  ]);
  const rows = await db.query<{ id: unknown; name: string; logo: string; created_at: unknown }>(
    `SELECT id, name, logo, created_at FROM portal_partners WHERE user_id = $1
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userID, paging.pageSize, paging.offset],
  );
  return {
    total: toNumber(count?.n),
    rows: rows.map((row) => ({
      id: String(toNumber(row.id)),
      name: row.name,
      logo: row.logo,
      createdAt: toNumber(row.created_at),
    })),
  };
}

export function addPartner(db: Database, userID: string, partner: PartnerCreate, now = Date.now()): Promise<string> {
  return db.transaction(async (tx) => {
    // One enterprise's additions queue here, so the cap holds under concurrent submissions.
    await tx.query('SELECT user_id FROM portal_accounts WHERE user_id = $1 FOR UPDATE', [userID]);
    const [count] = await tx.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_partners WHERE user_id = $1', [
      userID,
    ]);
    if (toNumber(count?.n) >= COMPANY_LIMITS.partners) {
      throw new PortalError(PortalCode.ERROR, `合作伙伴最多${COMPANY_LIMITS.partners}个`);
    }
    const [row] = await tx.query<{ id: unknown }>(
      'INSERT INTO portal_partners (user_id, name, logo, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [userID, partner.name, partner.logo, now],
    );
    return String(toNumber(row?.id));
  });
}

/** 404 unless the partner is the enterprise's own. */
export async function deletePartner(db: Sql, userID: string, partnerID: string): Promise<void> {
  const deleted = await db.query('DELETE FROM portal_partners WHERE id = $1 AND user_id = $2 RETURNING id', [
    partnerID,
    userID,
  ]);
  if (deleted.length === 0) throw new PortalError(PortalCode.NOT_FOUND);
}

/**
 * Every chain with its segments in stage order; counts only approved enterprises. `viewerID`
 * marks the segments that enterprise joined (null: a visitor, nothing marked).
 */
export async function industryChains(db: Sql, viewerID: string | null): Promise<IndustryChain[]> {
  const chains = await db.query<{ id: unknown; name: string; description: string }>(
    'SELECT id, name, description FROM portal_industry_chains ORDER BY sort_order, id',
  );
  const segments = await db.query<{
    id: unknown;
    chain_id: unknown;
    stage: unknown;
    name: string;
    member_count: unknown;
    joined: boolean;
  }>(
    `SELECT s.id, s.chain_id, s.stage, s.name,
            (SELECT count(*) FROM portal_industry_members m
               JOIN portal_enterprise_auth e ON e.user_id = m.user_id AND e.status = 1
              WHERE m.segment_id = s.id) AS member_count,
            EXISTS (SELECT 1 FROM portal_industry_members m WHERE m.segment_id = s.id AND m.user_id = $1) AS joined
       FROM portal_industry_segments s
      ORDER BY s.chain_id, s.stage, s.sort_order, s.id`,
    [viewerID ?? ''],
  );
  return chains.map((chain) => ({
    id: String(toNumber(chain.id)),
    name: chain.name,
    description: chain.description,
    segments: segments
      .filter((segment) => toNumber(segment.chain_id) === toNumber(chain.id))
      .map((segment) => ({
        id: String(toNumber(segment.id)),
        stage: toNumber(segment.stage) as IndustryStage,
        name: segment.name,
        memberCount: toNumber(segment.member_count),
        joined: segment.joined,
      })),
  }));
}

/**
 * The approved enterprises in a segment, newest first, each with its newest abilities; 404 for a
 * segment that does not exist.
 */
export async function segmentMembers(db: Sql, segmentID: string, paging: Paging): Promise<PageOf<IndustryMember>> {
  await requireSegment(db, segmentID);
  const from = `FROM portal_industry_members m JOIN portal_enterprise_auth e ON e.user_id = m.user_id AND e.status = 1
                WHERE m.segment_id = $1`;
  const [count] = await db.query<{ n: unknown }>(`SELECT count(*) AS n ${from}`, [segmentID]);
  const rows = await db.query<{ user_id: string; enterprise_name: string; created_at: unknown }>(
    `SELECT m.user_id, e.enterprise_name, m.created_at ${from} ORDER BY m.created_at DESC, m.user_id
      LIMIT $2 OFFSET $3`,
    [segmentID, paging.pageSize, paging.offset],
  );
  const abilities = await newestAbilitiesOf(
    db,
    rows.map((row) => row.user_id),
    INDUSTRY_LIMITS.memberAbilities,
  );
  return {
    total: toNumber(count?.n),
    rows: rows.map((row) => ({
      userId: row.user_id,
      enterpriseName: row.enterprise_name,
      joinedAt: toNumber(row.created_at),
      ...(abilities.get(row.user_id) ?? { abilities: [], abilityCount: 0 }),
    })),
  };
}

/** Places the enterprise in a segment; joining twice is one membership. */
export function joinSegment(db: Database, userID: string, segmentID: string, now = Date.now()): Promise<void> {
  return db.transaction(async (tx) => {
    await requireSegment(tx, segmentID);
    await tx.query('SELECT user_id FROM portal_accounts WHERE user_id = $1 FOR UPDATE', [userID]);
    const [already] = await tx.query('SELECT 1 FROM portal_industry_members WHERE segment_id = $1 AND user_id = $2', [
      segmentID,
      userID,
    ]);
    if (already) return;
    const [count] = await tx.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM portal_industry_members WHERE user_id = $1',
      [userID],
    );
    if (toNumber(count?.n) >= COMPANY_LIMITS.segments) {
      throw new PortalError(PortalCode.ERROR, `最多加入${COMPANY_LIMITS.segments}个产业链环节`);
    }
    await tx.query('INSERT INTO portal_industry_members (segment_id, user_id, created_at) VALUES ($1, $2, $3)', [
      segmentID,
      userID,
      now,
    ]);
  });
}

/** Takes the enterprise out of a segment; leaving one it is not in changes nothing. */
export async function leaveSegment(db: Sql, userID: string, segmentID: string): Promise<void> {
  await requireSegment(db, segmentID);
  await db.query('DELETE FROM portal_industry_members WHERE segment_id = $1 AND user_id = $2', [segmentID, userID]);
}

async function requireSegment(db: Sql, segmentID: string): Promise<void> {
  const [row] = await db.query('SELECT 1 FROM portal_industry_segments WHERE id = $1', [segmentID]);
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
}
