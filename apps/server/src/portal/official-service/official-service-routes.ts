import { OFFICIAL_SERVICE_LIMITS, OFFICIAL_SERVICES } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { titleSchema } from '../admin/content-fields';
import { PLATFORM_ADMIN } from '../admin/review-routes';
import { bearerToken, mobileSchema, type PortalContext, parse, requireAccount } from '../context';
import { ok } from '../envelope';
import { pagingOf } from '../paging';
import { consumeLoginCode } from '../sms';
import { sendCodeAfterCaptcha, smsCodeSchema } from '../sms-send';
import { applicationsPage, createApplication, issueTicket, TICKET_EXPIRED } from './official-service';

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

/**
 * The official-service application of spec portal.md §7 (docs/portal-api.md "Official service"):
 * an SMS code after an image captcha, the code checked for a ticket, the form with the ticket.
 * Visitors may apply; a logged-in applicant is remembered. Admins list the applications.
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
    return ok(await applicationsPage(ctx.db, pagingOf(request.query)));
  });
}
