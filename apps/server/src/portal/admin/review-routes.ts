import { ADMIN_LIMITS, PortalPermission, type ReviewStatus } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { approvedEnterpriseClash, findEnterprise } from '../accounts';
import { requireActing } from '../acting';
import { type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { bindLinksToBrowser } from '../file-links';
import { pagingOf } from '../paging';
import { keywordSchema } from './content-fields';
import { betaReviewOf, decideBeta, decideEnterprise, listBetaApplications, listEnterpriseApplications } from './review';

/** Only the platform administrator holds every permission. */
export const PLATFORM_ADMIN = PortalPermission.ALL;

const decisionSchema = z
  .object({
    approve: z.boolean({ error: '请选择通过或驳回' }),
    reason: z
      .string()
      .trim()
      .max(ADMIN_LIMITS.rejectReason, `驳回原因不能超过${ADMIN_LIMITS.rejectReason}个字符`)
      .default(''),
  })
  .refine((d) => d.approve || d.reason !== '', '请填写驳回原因');

const filterSchema = z.object({
  status: z
    .enum(['0', '1', '2'], { error: '审核状态不正确' })
    .transform((s) => Number(s) as ReviewStatus)
    .optional(),
  keyword: keywordSchema,
});

type Params = { Params: { userId: string } };

/** Reviews of beta applications and enterprise material (platform admins), and the applicant's answer. */
export function reviewRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/system/review/beta', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const filter = parse(filterSchema, blankless(request.query));
    return ok(await listBetaApplications(ctx.db, filter, pagingOf(request.query)));
  });

  app.post<Params>('/system/review/beta/:userId', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const { approve, reason } = parse(decisionSchema, request.body);
    if (!(await decideBeta(ctx.db, request.params.userId, approve, reason))) {
      throw new PortalError(PortalCode.ERROR, '没有待审核的内测申请');
    }
    return ok(undefined, approve ? '已通过内测申请' : '已驳回内测申请');
  });

  app.get('/system/review/enterprise', async (request, reply) => {
    const { account, sessionID } = await requireActing(ctx, request, PLATFORM_ADMIN);
    const filter = parse(filterSchema, blankless(request.query));
    const viewer = { userID: account.user_id, sessionID };
    const page = await listEnterpriseApplications(ctx.db, ctx.fileLinks, viewer, filter, pagingOf(request.query));
    bindLinksToBrowser(request, reply, sessionID);
    return ok(page);
  });

  app.post<Params>('/system/review/enterprise/:userId', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const { approve, reason } = parse(decisionSchema, request.body);
    const material = approve ? await findEnterprise(ctx.db, request.params.userId) : null;
    const clash = material && (await approvedEnterpriseClash(ctx.db, request.params.userId, material));
    if (clash) throw new PortalError(PortalCode.ERROR, `${clash}，不能重复通过`);
    if (!(await decideEnterprise(ctx.db, request.params.userId, approve, reason))) {
      throw new PortalError(PortalCode.ERROR, '没有待审核的企业认证');
    }
    return ok(undefined, approve ? '已通过企业认证' : '已驳回企业认证');
  });

  /** The applicant's own beta review: why it was rejected, until they apply again. */
  app.get('/portal/supply/chain/beta/review', async (request) => {
    const acting = await requireActing(ctx, request);
    return ok(await betaReviewOf(ctx.db, acting.account.user_id));
  });
}

/** Query strings send '' for an empty filter; that is no filter. */
export function blankless(query: unknown): Record<string, unknown> {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>);
  return Object.fromEntries(entries.filter(([, value]) => value !== '' && value !== undefined));
}
