import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type PortalContext, parse, requireAccount } from '../context';
import { requestCookie } from '../cookies';
import { ok, PortalCode, PortalError } from '../envelope';
import { ACCOUNT_DISABLED } from './login';
import {
  WECHAT_CODE_INVALID,
  WECHAT_NOT_CONFIGURED,
  WECHAT_STATE_EXPIRED,
  WECHAT_STATE_TTL_MS,
  WechatFailure,
  type WechatLogin,
} from './wechat';
import { bindPendingWechat, boundAccount, storePending, WECHAT_KEY_EXPIRED } from './wechat-accounts';
import { WECHAT_CALLBACK_PATH } from './wechat-settings';

/** The cookie that ties a state to the browser it was issued to (read by the callback only). */
const STATE_COOKIE = 'wechat_login';
const COOKIE_PATH = '/prod-api/portal/login/wechat';

export const wechatKeySchema = z.string().trim().min(1, WECHAT_KEY_EXPIRED).max(128, WECHAT_KEY_EXPIRED);

const callbackQuery = z.object({
  code: z.string({ error: WECHAT_CODE_INVALID }).min(1, WECHAT_CODE_INVALID).max(256, WECHAT_CODE_INVALID),
  state: z.string({ error: WECHAT_STATE_EXPIRED }).max(128, WECHAT_STATE_EXPIRED),
});

/**
 * The page `render` shows a browser when WeChat login is not configured: it is opened in a window
 * of its own, so it must read as a page, not as an envelope (the web hides the icon anyway).
 */
const NOT_CONFIGURED_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>微信登录</title></head><body style="font-family:sans-serif;text-align:center;padding:64px 16px;color:#333"><h1 style="font-size:20px">微信登录暂未开放</h1><p>请关闭此窗口，使用账号或短信验证码登录。</p></body></html>`;

/**
 * spec portal.md §7 WeChat calls (docs/portal-api.md "WeChat login"): the QR page, the callback
 * that logs a bound WeChat in or answers a key to bind, and binding from the personal centre.
 * Binding by SMS login (`login/mobile` with `wechatKey`) is in auth-routes.ts.
 */
export function wechatRoutes(app: FastifyInstance, ctx: PortalContext, clock: () => number = Date.now): void {
  app.get('/portal/login/wechat/render', async (request, reply) => {
    const wechat = ctx.wechat;
    if (!wechat && request.headers.accept?.includes('text/html')) {
      return reply.type('text/html; charset=utf-8').send(NOT_CONFIGURED_PAGE);
    }
    if (!wechat) throw new PortalError(PortalCode.ERROR, WECHAT_NOT_CONFIGURED);
    const { state, nonce } = wechat.issueState(clock());
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${STATE_COOKIE}=${nonce}; Path=${COOKIE_PATH}; Max-Age=${WECHAT_STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
    );
    return reply.redirect(wechat.authorizeUrl(state, redirectUriOf(wechat, request)), 302);
  });

  app.post('/portal/login/wechat/callback', async (request) => {
    const wechat = requireWechat(ctx);
    await ctx.limits.login(request);
    const { code, state } = parse(callbackQuery, request.query);
    if (!wechat.checkState(state, requestCookie(request, STATE_COOKIE), clock())) {
      throw new PortalError(PortalCode.ERROR, WECHAT_STATE_EXPIRED);
    }
    const identity = await wechat.identify(code).catch((err: unknown) => {
      if (err instanceof WechatFailure) request.log.warn({ reason: err.reason }, 'WeChat login failed');
      throw err;
    });
    const account = await boundAccount(ctx.db, identity.wechatId);
    if (account) {
      if (account.disabled) throw new PortalError(PortalCode.ERROR, ACCOUNT_DISABLED);
      return ok({ token: await ctx.sessions.open(account.user_id) }, '登录成功');
    }
    const wechatKey = await storePending(ctx.db, identity, clock());
    return ok({ wechatKey, nickname: identity.nickname }, '该微信尚未绑定账号，请登录或注册后完成绑定');
  });

  app.post('/portal/self/center/personal/bind/wechat', async (request) => {
    const account = await requireAccount(ctx, request);
    requireWechat(ctx);
    const { wechatKey } = parse(z.object({ wechatKey: wechatKeySchema }), request.body);
    const bound = await bindPendingWechat(ctx.db, wechatKey, account.user_id, clock());
    return ok({ nickname: bound.nickname }, '微信绑定成功');
  });
}

export function requireWechat(ctx: PortalContext): WechatLogin {
  if (!ctx.wechat) throw new PortalError(PortalCode.ERROR, WECHAT_NOT_CONFIGURED);
  return ctx.wechat;
}

/** WECHAT_REDIRECT_URI (or PUBLIC_URL's callback page), else the callback page where the browser reached us. */
function redirectUriOf(wechat: WechatLogin, request: FastifyRequest): string {
  return wechat.settings.redirectUri ?? `${request.protocol}://${request.host}${WECHAT_CALLBACK_PATH}`;
}
