/** WeChat open-platform website login (docs/portal-api.md "WeChat login"); README lists the variables. */
export interface WechatSettings {
  appId: string;
  appSecret: string;
  /** Where WeChat sends the browser back; null: `/wechat-callback` on the host the request came to. */
  redirectUri: string | null;
  /** `https://open.weixin.qq.com` unless a proxy (or a test) stands in. */
  openBase: string;
  /** `https://api.weixin.qq.com` unless a proxy (or a test) stands in. */
  apiBase: string;
}

/** The portal's own page WeChat returns to (apps/web: /wechat-callback). */
export const WECHAT_CALLBACK_PATH = '/wechat-callback';

/**
 * WECHAT_APP_ID and WECHAT_APP_SECRET (both or neither), WECHAT_REDIRECT_URI (default: the
 * callback page under PUBLIC_URL, else under each request's host), WECHAT_OPEN_BASE and
 * WECHAT_API_BASE. Null when WeChat login is not configured.
 */
export function wechatFromEnv(env: NodeJS.ProcessEnv, publicUrl: string | null): WechatSettings | null {
  const appId = env.WECHAT_APP_ID || null;
  const appSecret = env.WECHAT_APP_SECRET || null;
  if ((appId === null) !== (appSecret === null)) {
    throw new Error('WECHAT_APP_ID and WECHAT_APP_SECRET must be set together');
  }
  if (appId === null || appSecret === null) return null;
  const redirect = env.WECHAT_REDIRECT_URI || (publicUrl ? `${publicUrl}${WECHAT_CALLBACK_PATH}` : null);
  return {
    appId,
    appSecret,
    redirectUri: redirect === null ? null : httpUrl('WECHAT_REDIRECT_URI', redirect),
    openBase: httpBase('WECHAT_OPEN_BASE', env.WECHAT_OPEN_BASE || 'https://open.weixin.qq.com'),
    apiBase: httpBase('WECHAT_API_BASE', env.WECHAT_API_BASE || 'https://api.weixin.qq.com'),
  };
}

function httpUrl(setting: string, text: string): string {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`${setting} must be an http(s) URL, got "${text}"`);
  }
  return url.toString();
}

/** An http(s) URL without a trailing slash, for paths to be appended. */
function httpBase(setting: string, text: string): string {
  return httpUrl(setting, text).replace(/\/+$/, '');
}
