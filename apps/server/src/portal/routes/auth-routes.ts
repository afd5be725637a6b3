import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userTarget } from '../../bus/bus';
import type { AccountRow } from '../accounts';
import { loginWithPassword, loginWithSmsCode, register } from '../auth/login';
import { sm4Decrypt } from '../auth/sm4';
import { bindPendingWechat, pendingWechat, refuseOtherBinding } from '../auth/wechat-accounts';
import { requireWechat, wechatKeySchema, wechatRoutes } from '../auth/wechat-routes';
import { consumeCaptcha, issueCaptcha, peekCaptchaAnswer } from '../captcha';
import { bearerToken, mobileSchema, type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { SMS_LOGIN_DISABLED } from '../sms';
import { captchaIDSchema, sendCodeAfterCaptcha, smsCodeSchema } from '../sms-send';

export { TEST_SMS_CODE } from '../sms-send';

/** Encrypted fields: base64 of whole SM4 blocks, a few hundred bytes at most. */
const sealedSchema = (message: string) =>
  z
    .string()
    .min(1, message)
    .max(512, '请求参数解密失败')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, '请求参数解密失败');

/** spec portal.md §7 "Auth": captcha, SMS code, the three logins, logout, WeChat. */
export function authRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/portal/client/config', async () =>
    ok({ sm4Key: ctx.sm4Key, smsLogin: ctx.smsLogin, wechatLogin: ctx.wechat !== null, icp: ctx.icp }),
  );

  app.get('/portal/verify/code/arithmetic', async (request) => {
    await ctx.limits.captcha(request);
    const { id, verifyCode } = await issueCaptcha(ctx.db);
    return ok({ id, verifyCode });
  });

  app.post('/portal/login/send/sms/code', async (request) => {
    await sendCodeAfterCaptcha(ctx, request, 'login', SMS_LOGIN_DISABLED);
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
        wechatKey: z.union([z.literal(''), wechatKeySchema]).optional(),
      }),
      request.body,
    );
    // Bind-account mode: a WeChat login waiting for its account, checked before the SMS code is used.
    const wechatKey = body.wechatKey || null;
    if (wechatKey) requireWechat(ctx);
    const toBind = wechatKey ? await pendingWechat(ctx.db, wechatKey, Date.now()) : null;
    if (!ctx.smsLogin) throw new PortalError(PortalCode.ERROR, SMS_LOGIN_DISABLED);
    if (body.password === undefined) {
      const account = await loginWithSmsCode(ctx.db, body.mobileNumber, body.smsVerifyCode, async (found) => {
        if (toBind) await refuseOtherBinding(ctx.db, toBind, found.user_id);
      });
      if (wechatKey) await bindPendingWechat(ctx.db, wechatKey, account.user_id, Date.now());
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
    if (wechatKey) await bindPendingWechat(ctx.db, wechatKey, account.user_id, Date.now());
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

  wechatRoutes(app, ctx);

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
