import { OFFICIAL_SERVICE_LIMITS, OFFICIAL_SERVICES } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { titleSchema } from '../admin/content-fields';
import { recordId } from '../admin/content-routes';
import { blankless, PLATFORM_ADMIN } from '../admin/review-routes';
import { bearerToken, mobileSchema, type PortalContext, parse, requireAccount } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import { consumeLoginCode } from '../sms';
import { sendCodeAfterCaptcha, smsCodeSchema } from '../sms-send';
import { applicationsPage, createApplication, followUp, issueTicket, TICKET_EXPIRED } from './official-service';

const SERVICE = '/portal/supply/chain/apply/official/service';
export const SMS_OFF = '短信服务未开启，暂不能在线申请';

const checkSchema = z.object({ mobileNumber: mobileSchema, smsVerifyCode: smsCodeSchema });

const applicationSchema = z.object({
  ticket: z.string({ error: TICKET_EXPIRED }).min(1, TICKET_EXPIRED).max(128, TICKET_EXPIRED),
  serviceType: z.enum(OFFICIAL_SERVICES, { error: '请选择服务类型' }),
  company: titleSchema('企业名称', OFFICIAL_SERVICE_LIMITS.company),
  contactName: titleSchema('联系人', OFFICIAL_SERVICE_LIMITS.contactName),
  content: titleSchema('需求描述', OFFICIAL_SERVICE_LIMITS.content),
});

const followUpSchema = z.object({
  status: z.union([z.literal(1), z.literal(2)], { error: '请选择标记为已联系或关闭' }),
  note: z
    .string({ error: '请填写跟进备注' })
    .trim()
    .min(1, '请填写跟进备注')
    .max(OFFICIAL_SERVICE_LIMITS.note, `跟进备注不能超过${OFFICIAL_SERVICE_LIMITS.note}个字符`),
});

const statusFilterSchema = z.object({
  status: z
    .enum(['0', '1', '2'], { error: '申请状态不正确' })
    .transform((v) => Number(v) as 0 | 1 | 2)
    .optional(),
});

/** Why a follow-up that does not move the application forward is refused. */
const FOLLOW_UP_REFUSED: Record<1 | 2, string> = {
  1: '只能将待联系的申请标记为已联系',
  2: '该申请已关闭',
};

/**
 * The official-service application of spec portal.md §7 (docs/portal-api.md "Official service"):
 * an SMS code after an image captcha, the code checked for a ticket, the form with the ticket.
 * Visitors may apply; a logged-in applicant is remembered. Admins list the applications and follow them up.
 */
export function officialServiceRoutes(app: FastifyInstance, ctx: PortalContext, clock: () => number = Date.now): void {
  app.post(`${SERVICE}/send/sms/code`, async (request) => {
    await sendCodeAfterCaptcha(ctx, request, 'official-service', SMS_OFF);
    return ok(undefined, '验证码已发送，请查收短信');
  });

  app.post(`${SERVICE}/check`, async (request) => {
    const { mobileNumber, smsVerifyCode } = parse(checkSchema, request.body);
    await consumeLoginCode(ctx.db, mobileNumber, smsVerifyCode, clock(), 'official-service');
    return ok({ ticket: await issueTicket(ctx.db, mobileNumber, clock()) }, '验证成功');
  });

  app.post(`${SERVICE}2`, async (request) => {
    const applicant = bearerToken(request) ? await requireAccount(ctx, request) : null;
    const { ticket, ...form } = parse(applicationSchema, request.body);
    const id = await createApplication(ctx.db, ticket, applicant?.user_id ?? null, form, clock());
    return ok({ id }, '申请已提交，我们会尽快与您联系');
  });

  app.get('/system/official/service/list', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const { status } = parse(statusFilterSchema, blankless(request.query));
    return ok(await applicationsPage(ctx.db, status, pagingOf(request.query)));
  });

  app.post<{ Params: { id: string } }>('/system/official/service/:id/follow-up', async (request) => {
    const acting = await requireActing(ctx, request, PLATFORM_ADMIN);
    const id = recordId(request.params.id);
    const form = parse(followUpSchema, request.body);
    const moved = await followUp(ctx.db, id, acting.account.user_id, form, clock());
    if (moved === null) throw new PortalError(PortalCode.NOT_FOUND);
    if (!moved) throw new PortalError(PortalCode.ERROR, FOLLOW_UP_REFUSED[form.status]);
    return ok(undefined, form.status === 1 ? '已标记为已联系' : '申请已关闭');
  });
}
