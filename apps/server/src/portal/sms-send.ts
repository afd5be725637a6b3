import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { consumeCaptcha } from './captcha';
import { mobileSchema, type PortalContext, parse } from './context';
import { PortalCode, PortalError } from './envelope';
import { type SmsPurpose, sendLoginCode } from './sms';

/** Test configuration only (PORTAL_TEST_HOOKS): every SMS code is this one. */
export const TEST_SMS_CODE = '246810';

const captchaAnswerSchema = z.string().trim().min(1, '请输入图形验证码').max(8, '图形验证码错误');
export const captchaIDSchema = z.string().uuid('图形验证码已失效，请刷新后重试');
export const smsCodeSchema = z.string().regex(/^\d{6}$/, '验证码错误');

/** Every SMS form's body (spec portal.md §7 "SMS send payload"). */
const sendSchema = z.object({
  mobileNumber: mobileSchema,
  verifyCode: captchaAnswerSchema,
  verifyCodeId: captchaIDSchema,
});

/**
 * Sends an SMS code the way every SMS form does: the address's SMS limit first, then the body,
 * SMS switched on (else `offText`), a right image captcha (used up, right or wrong), only then the
 * deployment's SMS budget, and at most one code per number and purpose per 120 s. No account
 * lookup: registered or not, the answer is the same.
 */
export async function sendCodeAfterCaptcha(
  ctx: PortalContext,
  request: FastifyRequest,
  purpose: SmsPurpose,
  offText: string,
): Promise<void> {
  await ctx.limits.smsAddress(request);
  const body = parse(sendSchema, request.body);
  if (!ctx.smsLogin) throw new PortalError(PortalCode.ERROR, offText);
  await consumeCaptcha(ctx.db, body.verifyCodeId, body.verifyCode);
  await ctx.limits.smsTotal(request);
  await sendLoginCode(ctx.db, ctx.sms, body.mobileNumber, {
    purpose,
    fixedCode: ctx.testHooks ? TEST_SMS_CODE : null,
    onGatewayError: (err) => request.log.warn({ reason: (err as Error).message }, 'SMS gateway failed'),
  });
}
