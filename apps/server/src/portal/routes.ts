import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Sql } from '../db/database';
import { consumeCaptcha, issueCaptcha, peekCaptchaAnswer } from './captcha';
import { defaultPortalMessages, ok, PortalCode, PortalError } from './envelope';
import { type DevOutbox, type SmsProvider, sendLoginCode } from './sms';

export interface PortalOptions {
  db: Sql;
  sms: SmsProvider;
  /** The dev outbox, when SMS has no real gateway; listed over HTTP only if devOutboxEndpoint. */
  outbox: DevOutbox | null;
  /** Test configuration only: captcha answers readable, SMS codes fixed. Never on by default. */
  testHooks: boolean;
  devOutboxEndpoint: boolean;
}

/** spec portal.md §4: mainland mobile numbers (+86 is fixed in the form). */
const mobileSchema = z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码');
const captchaAnswerSchema = z.string().trim().min(1, '请输入图形验证码').max(8, '图形验证码错误');
const captchaIDSchema = z.string().uuid('图形验证码已失效，请刷新后重试');

export const TEST_SMS_CODE = '246810';

/** The portal REST API under /prod-api, RuoYi-style envelope on every answer. */
export function portalRoutes(options: PortalOptions): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.setErrorHandler((err, request, reply) => {
      if (err instanceof PortalError) return reply.send({ code: err.code, msg: err.message });
      if ((err as { statusCode?: number }).statusCode === 400 || err instanceof SyntaxError) {
        return reply.send({ code: PortalCode.ERROR, msg: '请求格式不正确' });
      }
      request.log.error({ err }, 'portal request failed');
      return reply.send({ code: PortalCode.ERROR, msg: defaultPortalMessages[PortalCode.ERROR] });
    });
    app.setNotFoundHandler((_request, reply) =>
      reply.send({ code: PortalCode.NOT_FOUND, msg: defaultPortalMessages[PortalCode.NOT_FOUND] }),
    );

    app.get('/portal/verify/code/arithmetic', async () => {
      const { id, verifyCode } = await issueCaptcha(options.db);
      return ok({ id, verifyCode });
    });

    app.post('/portal/login/send/sms/code', async (request) => {
      const body = parse(
        z.object({ mobileNumber: mobileSchema, verifyCode: captchaAnswerSchema, verifyCodeId: captchaIDSchema }),
        request.body,
      );
      await consumeCaptcha(options.db, body.verifyCodeId, body.verifyCode);
      await sendLoginCode(options.db, options.sms, body.mobileNumber, {
        fixedCode: options.testHooks ? TEST_SMS_CODE : null,
      });
      return ok(undefined, '验证码已发送，请查收短信');
    });

    if (options.testHooks) {
      app.get<{ Params: { id: string } }>('/test/captcha/:id', async (request) => {
        const answer = await peekCaptchaAnswer(options.db, request.params.id);
        if (answer === null) throw new PortalError(PortalCode.NOT_FOUND);
        return ok({ answer });
      });
    }
    const outbox = options.outbox;
    if (options.devOutboxEndpoint && outbox) {
      app.get('/dev/sms/outbox', async () => ok(outbox.list()));
    }
  };
}

/** Validates a request body; the first problem is the message, in the portal's language. */
function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue && issue.code !== 'invalid_type' ? issue.message : '请求参数不完整';
  throw new PortalError(PortalCode.ERROR, message);
}
