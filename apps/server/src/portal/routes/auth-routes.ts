import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userTarget } from '../../bus/bus';
import type { AccountRow } from '../accounts';
import { loginWithPassword, loginWithSmsCode, register } from '../auth/login';
import { sm4Decrypt } from '../auth/sm4';
import { consumeCaptcha, issueCaptcha, peekCaptchaAnswer } from '../captcha';
import { bearerToken, mobileSchema, type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { SMS_LOGIN_DISABLED, sendLoginCode } from '../sms';

const captchaAnswerSchema = z.string().trim().min(1, '请输入图形验证码').max(8, '图形验证码错误');
const captchaIDSchema = z.string().uuid('图形验证码已失效，请刷新后重试');
const smsCodeSchema = z.string().regex(/^\d{6}$/, '验证码错误');
/** Encrypted fields: base64 of whole SM4 blocks, a few hundred bytes at most. */
const sealedSchema = (message: string) =>
  z
    .string()
    .min(1, message)
    .max(512, '请求参数解密失败')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, '请求参数解密失败');

export const TEST_SMS_CODE = '246810';

/** spec portal.md §7 "Auth": captcha, SMS code, the three logins, logout, WeChat. */
export function authRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/portal/client/config', async () => ok({ sm4Key: ctx.sm4Key, smsLogin: ctx.smsLogin }));

  app.get('/portal/verify/code/arithmetic', async (request) => {
    await ctx.limits.captcha(request);
    const { id, verifyCode } = await issueCaptcha(ctx.db);
    return ok({ id, verifyCode });
  });

  app.post('/portal/login/send/sms/code', async (request) => {
    await ctx.limits.sms(request);
    const body = parse(
      z.object({ mobileNumber: mobileSchema, verifyCode: captchaAnswerSchema, verifyCodeId: captchaIDSchema }),
      request.body,
    );
    if (!ctx.smsLogin) throw new PortalError(PortalCode.ERROR, SMS_LOGIN_DISABLED);
    await consumeCaptcha(ctx.db, body.verifyCodeId, body.verifyCode);
    // No account lookup here: registered or not, the answer is the same.
    await sendLoginCode(ctx.db, ctx.sms, body.mobileNumber, {
      fixedCode: ctx.testHooks ? TEST_SMS_CODE : null,
      onGatewayError: (err) => request.log.warn({ reason: (err as Error).message }, 'SMS gateway failed'),
    });
    return ok(undefined, '验证码已发送，请查收短信');
  });

  app.post('/portal/login/mobile', async (request) => {
    await ctx.limits.mobileLogin(request);
    const body = parse(
      z.object({
        mobileNumber: mobileSchema,
        smsVerifyCode: smsCodeSchema,
        password: sealedSchema('请输入密码').optional(),
        secPassword: sealedSchema('请输入确认密码').optional(),
        wechatKey: z.string().max(128).optional(),
      }),
      request.body,
    );
    if (body.wechatKey) throw wechatNotConfigured();
    if (!ctx.smsLogin) throw new PortalError(PortalCode.ERROR, SMS_LOGIN_DISABLED);
    if (body.password === undefined) {
      const account = await loginWithSmsCode(ctx.db, body.mobileNumber, body.smsVerifyCode);
      return loggedIn(account, '登录成功');
    }
    if (body.secPassword === undefined) throw new PortalError(PortalCode.ERROR, '请输入确认密码');
    const account = await register(ctx.db, {
      mobile: body.mobileNumber,
      code: body.smsVerifyCode,
      password: sm4Decrypt(ctx.sm4Key, body.password),
      secPassword: sm4Decrypt(ctx.sm4Key, body.secPassword),
    });
    request.log.info({ userID: account.user_id }, 'portal account registered');
    return loggedIn(account, '注册成功');
  });

  app.post('/portal/login/normal', async (request) => {
    await ctx.limits.login(request);
    const body = parse(
      z.object({
        loginName: sealedSchema('请输入手机号/登录账号'),
        password: sealedSchema('请输入密码'),
        verifyCode: sealedSchema('请输入图形验证码'),
        verifyCodeId: captchaIDSchema,
      }),
      request.body,
    );
    const loginName = sm4Decrypt(ctx.sm4Key, body.loginName).trim();
    const password = sm4Decrypt(ctx.sm4Key, body.password);
    await consumeCaptcha(ctx.db, body.verifyCodeId, sm4Decrypt(ctx.sm4Key, body.verifyCode));
    if (!loginName || !password) throw new PortalError(PortalCode.ERROR, '用户名或密码错误');
    return loggedIn(await loginWithPassword(ctx.db, loginName, password, request.ip), '登录成功');
  });

  // Logout succeeds whatever the token; a live one is revoked, with the IM sessions it opened.
  app.post('/logout', async (request) => {
    const token = bearerToken(request);
    const ended = token ? await ctx.sessions.revoke(token) : null;
    if (ended) {
      ctx.bus.publish([userTarget(ended.userID)], {
        event: 'kicked',
        data: { reason: 'portalLogout' },
        endPortalSession: ended.sessionID,
      });
    }
    return ok(undefined, '退出成功');
  });

  app.get('/portal/login/wechat/render', async () => {
    throw wechatNotConfigured();
  });
  app.post('/portal/login/wechat/callback', async () => {
    throw wechatNotConfigured();
  });

  if (ctx.testHooks) {
    app.get<{ Params: { id: string } }>('/test/captcha/:id', async (request) => {
      const answer = await peekCaptchaAnswer(ctx.db, request.params.id);
      if (answer === null) throw new PortalError(PortalCode.NOT_FOUND);
      return ok({ answer });
    });
  }
  const outbox = ctx.outbox;
  if (ctx.devOutboxEndpoint && outbox) {
    app.get('/dev/sms/outbox', async () => ok(outbox.list()));
  }

  async function loggedIn(account: AccountRow, msg: string) {
    return ok({ token: await ctx.sessions.open(account.user_id) }, msg);
  }
}

const wechatNotConfigured = () => new PortalError(PortalCode.ERROR, '微信登录未配置');
