import type { BetaApplication, BetaReview, EnterpriseApplication, ReviewStatus } from '@liaison/protocol';
import { type Sql, toNumber } from '../../db/database';
import { escapeLike } from '../../im/search/cursor';
import { type EnterpriseRow, toEnterpriseMaterial } from '../accounts';
import type { FileLinks, LinkViewer } from '../file-links';
import { withLicenceLink } from '../file-links';
import { maskMobile } from '../identity';
import type { PageOf, Paging } from '../paging';

/** The review lists' filters: a status, and a keyword matched against names and the mobile number. */
export interface ReviewFilter {
  status?: ReviewStatus | undefined;
  keyword?: string | undefined;
}

// A beta application's review state, read from the account: false awaits review, true is
// approved; a rejected one went back to NULL and keeps its review time and reason.
const BETA_STATUS = `CASE WHEN beta_status THEN 1 WHEN beta_status = false THEN 0 ELSE 2 END`;
const BETA_SEEN = '(beta_status IS NOT NULL OR beta_reviewed_at IS NOT NULL)';

export async function listBetaApplications(
  db: Sql,
  filter: ReviewFilter,
  paging: Paging,
): Promise<PageOf<BetaApplication>> {
  const where = [BETA_SEEN, 'parent_user_id IS NULL'];
  const params: unknown[] = [];
  if (filter.status !== undefined) {
    params.push(filter.status);
    where.push(`${BETA_STATUS} = $${params.length}`);
  }
  if (filter.keyword) {
    params.push(`%${escapeLike(filter.keyword)}%`);
    where.push(`(nick_name ILIKE $${params.length} ESCAPE '\\' OR mobile LIKE $${params.length} ESCAPE '\\')`);
  }
  const sqlWhere = where.join(' AND ');
  const [count] = await db.query<{ n: unknown }>(`SELECT count(*) AS n FROM portal_accounts WHERE ${sqlWhere}`, params);
  const rows = await db.query<{
    user_id: string;
    nick_name: string;
    mobile: string | null;
    beta_applied_at: unknown;
    status: unknown;
    beta_reject_reason: string;
    beta_reviewed_at: unknown;
  }>(
    `SELECT user_id, nick_name, mobile, beta_applied_at, ${BETA_STATUS} AS status, beta_reject_reason, beta_reviewed_at
       FROM portal_accounts WHERE ${sqlWhere}
      ORDER BY beta_applied_at DESC NULLS LAST, user_id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, paging.pageSize, paging.offset],
  );
  return {
    total: toNumber(count?.n),
    rows: rows.map((r) => {
      const status = toNumber(r.status) as ReviewStatus;
      return {
        userId: r.user_id,
        nickName: r.nick_name,
        mobile: r.mobile ? maskMobile(r.mobile) : '',
        appliedAt: r.beta_applied_at === null ? null : toNumber(r.beta_applied_at),
        status,
        rejectReason: status === 2 ? r.beta_reject_reason : '',
        reviewedAt: r.beta_reviewed_at === null ? null : toNumber(r.beta_reviewed_at),
      };
    }),
  };
}

/** Decides a pending beta application; false when there is none for that user. */
export async function decideBeta(db: Sql, userId: string, approve: boolean, reason: string): Promise<boolean> {
  // Rejected applicants go back to "not applied", so they may apply again; the reason stays.
  const rows = await db.query(
    `UPDATE portal_accounts SET beta_status = $2, beta_reject_reason = $3, beta_reviewed_at = $4, updated_at = $4
      WHERE user_id = $1 AND beta_status = false RETURNING user_id`,
    [userId, approve ? true : null, approve ? '' : reason, Date.now()],
  );
  return rows.length === 1;
}

/** The applicant's own view: the reason of a rejection until they apply again. */
export async function betaReviewOf(db: Sql, userId: string): Promise<BetaReview> {
  const [row] = await db.query<{ beta_status: boolean | null; beta_reject_reason: string; beta_reviewed_at: unknown }>(
    'SELECT beta_status, beta_reject_reason, beta_reviewed_at FROM portal_accounts WHERE user_id = $1',
    [userId],
  );
  const betaStatus = row?.beta_status ?? null;
  return {
    betaStatus,
    rejectReason: betaStatus === null ? (row?.beta_reject_reason ?? '') : '',
    reviewedAt: row?.beta_reviewed_at == null ? null : toNumber(row.beta_reviewed_at),
  };
}

export async function listEnterpriseApplications(
  db: Sql,
  links: FileLinks,
  viewer: LinkViewer,
  filter: ReviewFilter,
  paging: Paging,
): Promise<PageOf<EnterpriseApplication>> {
  const where = ['true'];
  const params: unknown[] = [];
  if (filter.status !== undefined) {
    params.push(filter.status);
    where.push(`e.status = $${params.length}`);
  }
  if (filter.keyword) {
    params.push(`%${escapeLike(filter.keyword)}%`);
    const p = `$${params.length}`;
    where.push(
      `(e.enterprise_name ILIKE ${p} ESCAPE '\\' OR a.nick_name ILIKE ${p} ESCAPE '\\' OR a.mobile LIKE ${p} ESCAPE '\\')`,
    );
  }
  const from = `FROM portal_enterprise_auth e JOIN portal_accounts a ON a.user_id = e.user_id WHERE ${where.join(' AND ')}`;
  const [count] = await db.query<{ n: unknown }>(`SELECT count(*) AS n ${from}`, params);
  const rows = await db.query<
    EnterpriseRow & { user_id: string; nick_name: string; mobile: string | null; reviewed_at: unknown }
  >(
    `SELECT a.user_id, a.nick_name, a.mobile, e.enterprise_name, e.credit_code, e.legal_person, e.contact_phone,
            e.address, e.business_license, e.status, e.reject_reason, e.submitted_at, e.reviewed_at
       ${from} ORDER BY e.submitted_at DESC, a.user_id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, paging.pageSize, paging.offset],
  );
  return {
    total: toNumber(count?.n),
    rows: rows.map((r) => ({
      userId: r.user_id,
      nickName: r.nick_name,
      mobile: r.mobile ? maskMobile(r.mobile) : '',
      // The licence is private: the link is signed for this admin and lasts minutes.
      enterprise: withLicenceLink(links, toEnterpriseMaterial(r), viewer),
      reviewedAt: r.reviewed_at === null ? null : toNumber(r.reviewed_at),
    })),
  };
}

/** Decides pending enterprise material; the applicant reads the reason in their material. */
export async function decideEnterprise(db: Sql, userId: string, approve: boolean, reason: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE portal_enterprise_auth SET status = $2, reject_reason = $3, reviewed_at = $4
      WHERE user_id = $1 AND status = 0 RETURNING user_id`,
    [userId, approve ? 1 : 2, approve ? '' : reason, Date.now()],
  );
  return rows.length === 1;
}
