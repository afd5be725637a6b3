import { REPORT_CATEGORIES, REPORT_LIMITS } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { linkSchema } from '../admin/content-fields';
import { recordId } from '../admin/content-routes';
import { blankless, PLATFORM_ADMIN } from '../admin/review-routes';
import { bearerToken, type PortalContext, parse, requireAccount } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import { createReport, markHandled, reportsPage } from './reports';

const reportSchema = z.object({
  category: z.enum(REPORT_CATEGORIES, { error: '请选择举报类型' }),
  targetUrl: linkSchema('被举报内容链接', REPORT_LIMITS.targetUrl).default(''),
  content: z
    .string({ error: '请填写举报内容' })
    .trim()
    .min(1, '请填写举报内容')
    .max(REPORT_LIMITS.content, `举报内容不能超过${REPORT_LIMITS.content}个字符`),
  contact: z.string().trim().max(REPORT_LIMITS.contact, `联系方式不能超过${REPORT_LIMITS.contact}个字符`).default(''),
});

const handlingSchema = z.object({
  result: z
    .string({ error: '请填写处理结果' })
    .trim()
    .min(1, '请填写处理结果')
    .max(REPORT_LIMITS.result, `处理结果不能超过${REPORT_LIMITS.result}个字符`),
});

const statusFilterSchema = z.object({
  status: z
    .enum(['0', '1'], { error: '处理状态不正确' })
    .transform((v) => Number(v) as 0 | 1)
    .optional(),
});

/** The report centre (docs/portal-api.md "Report centre"): anyone reports, admins handle. */
export function reportRoutes(app: FastifyInstance, ctx: PortalContext, clock: () => number = Date.now): void {
  app.post('/portal/report', async (request) => {
    // Visitors report too; a token that is sent must be good, as everywhere.
    const reporter = bearerToken(request) ? await requireAccount(ctx, request) : null;
    await ctx.limits.report(request, reporter?.user_id ?? null);
    const form = parse(reportSchema, request.body);
    const id = await createReport(ctx.db, reporter?.user_id ?? null, form, clock());
    return ok({ id }, '举报已提交，我们会尽快核实处理');
  });

  app.get('/system/report/list', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const { status } = parse(statusFilterSchema, blankless(request.query));
    return ok(await reportsPage(ctx.db, status, pagingOf(request.query)));
  });

  app.post<{ Params: { id: string } }>('/system/report/:id/handled', async (request) => {
    const acting = await requireActing(ctx, request, PLATFORM_ADMIN);
    const id = recordId(request.params.id);
    const { result } = parse(handlingSchema, request.body);
    const handled = await markHandled(ctx.db, id, acting.account.user_id, result, clock());
    if (handled === null) throw new PortalError(PortalCode.NOT_FOUND);
    if (!handled) throw new PortalError(PortalCode.ERROR, '该举报已处理');
    return ok(undefined, '已标记为已处理');
  });
}
