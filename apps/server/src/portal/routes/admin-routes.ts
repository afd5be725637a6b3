import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toNumber } from '../../db/database';
import { type EnterpriseRow, toEnterpriseMaterial } from '../accounts';
import { type PortalContext, parse, requireAdmin } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { withLicenceLink } from '../file-links';
import { maskMobile } from '../identity';

const decisionSchema = z.object({
  approve: z.boolean({ error: '请选择通过或驳回' }),
  reason: z.string().trim().max(200, '驳回原因不能超过200字').optional(),
});

type Params = { Params: { userId: string } };

/** Reviews of beta applications and enterprise material; role `admin` only. */
export function adminRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/system/review/beta', async (request) => {
    await requireAdmin(ctx, request);
    const rows = await ctx.db.query<{ user_id: string; nick_name: string; mobile: string; beta_applied_at: unknown }>(
      `SELECT user_id, nick_name, mobile, beta_applied_at FROM portal_accounts
        WHERE beta_status = false ORDER BY beta_applied_at`,
    );
    return ok(
      rows.map((r) => ({
        userId: r.user_id,
        nickName: r.nick_name,
        mobile: maskMobile(r.mobile),
        appliedAt: toNumber(r.beta_applied_at),
      })),
    );
  });

  app.post<Params>('/system/review/beta/:userId', async (request) => {
    await requireAdmin(ctx, request);
    const { approve } = parse(decisionSchema, request.body);
    // Rejected applicants go back to "not applied", so they may apply again.
    const rows = await ctx.db.query(
      `UPDATE portal_accounts SET beta_status = $2, updated_at = $3
        WHERE user_id = $1 AND beta_status = false RETURNING user_id`,
      [request.params.userId, approve ? true : null, Date.now()],
    );
    if (rows.length === 0) throw new PortalError(PortalCode.ERROR, '没有待审核的内测申请');
    return ok(undefined, approve ? '已通过内测申请' : '已驳回内测申请');
  });

  app.get('/system/review/enterprise', async (request) => {
    const admin = await requireAdmin(ctx, request);
    const rows = await ctx.db.query<EnterpriseRow & { user_id: string; nick_name: string; mobile: string }>(
      `SELECT a.user_id, a.nick_name, a.mobile, e.enterprise_name, e.credit_code, e.legal_person, e.contact_phone,
              e.address, e.business_license, e.status, e.reject_reason, e.submitted_at
         FROM portal_enterprise_auth e JOIN portal_accounts a ON a.user_id = e.user_id
        WHERE e.status = 0 ORDER BY e.submitted_at`,
    );
    return ok(
      rows.map((r) => ({
        userId: r.user_id,
        nickName: r.nick_name,
        mobile: maskMobile(r.mobile),
        enterprise: withLicenceLink(ctx.fileLinks, toEnterpriseMaterial(r), admin.user_id),
      })),
    );
  });

  app.post<Params>('/system/review/enterprise/:userId', async (request) => {
    await requireAdmin(ctx, request);
    const { approve, reason } = parse(decisionSchema, request.body);
    if (!approve && !reason) throw new PortalError(PortalCode.ERROR, '请填写驳回原因');
    const rows = await ctx.db.query(
      `UPDATE portal_enterprise_auth SET status = $2, reject_reason = $3, reviewed_at = $4
        WHERE user_id = $1 AND status = 0 RETURNING user_id`,
      [request.params.userId, approve ? 1 : 2, approve ? '' : reason, Date.now()],
    );
    if (rows.length === 0) throw new PortalError(PortalCode.ERROR, '没有待审核的企业认证');
    return ok(undefined, approve ? '已通过企业认证' : '已驳回企业认证');
  });
}
