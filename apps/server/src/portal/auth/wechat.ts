import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { findUnstorableText } from '@liaison/protocol';
import { PortalCode, PortalError } from '../envelope';
import type { WechatSettings } from './wechat-settings';

/** How long the QR page may stay open before its state is refused. */
export const WECHAT_STATE_TTL_MS = 10 * 60_000;
const CALL_TIMEOUT_MS = 10_000;

export const WECHAT_NOT_CONFIGURED = '微信登录未配置';
export const WECHAT_STATE_EXPIRED = '微信登录已过期，请重新扫码登录';
export const WECHAT_CODE_INVALID = '微信授权已失效，请重新扫码登录';
export const WECHAT_UNREACHABLE = '微信服务暂时无法访问，请稍后重试';

/** Who scanned: the unionid when the open platform gives one (stable across our apps), else the openid. */
export interface WechatIdentity {
  wechatId: string;
  nickname: string;
}

/** A WeChat refusal or outage: the user gets `message`, the log gets `reason`. */
export class WechatFailure extends PortalError {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(PortalCode.ERROR, message);
    this.name = 'WechatFailure';
  }
}

// errcodes of a code that is wrong, used or expired: scanning again helps.
const STALE_CODE_ERRORS = new Set([40029, 40163, 41008, 42003]);

/**
 * The open platform's website login (网站应用微信登录): the QR page address with a signed,
 * expiring state, and the code exchanged for the user's identity. The state is the expiry,
 * a nonce and an HMAC over both, in letters and digits only, as WeChat passes it back unchanged
 * only then (at most 128 bytes). The nonce also goes to the browser in a cookie, so a state
 * works only in the browser it was issued to.
 */
export class WechatLogin {
  constructor(
    readonly settings: WechatSettings,
    private readonly stateKey: Buffer,
  ) {}

  issueState(now: number): { state: string; nonce: string } {
    const expires = String(now + WECHAT_STATE_TTL_MS).padStart(13, '0');
    const nonce = randomBytes(8).toString('hex');
    return { state: `${expires}${nonce}${this.mac(expires + nonce)}`, nonce };
  }

  /** True for a state we issued with this nonce that has not expired. */
  checkState(state: string, nonce: string | null, now: number): boolean {
    const match = /^(\d{13})([0-9a-f]{16})([0-9a-f]{32})$/.exec(state);
    if (!match || nonce === null) return false;
    const [, expires = '', stateNonce = '', mac = ''] = match;
    const signed = timingSafeEqual(Buffer.from(mac), Buffer.from(this.mac(expires + stateNonce)));
    return signed && stateNonce === nonce && Number(expires) >= now;
  }

  /** Where the browser scans the QR code; WeChat sends it back to `redirectUri` with ?code&state. */
  authorizeUrl(state: string, redirectUri: string): string {
    const query = new URLSearchParams({
      appid: this.settings.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${this.settings.openBase}/connect/qrconnect?${query}#wechat_redirect`;
  }

  /** Exchanges the code WeChat gave the browser for the user's identity and nickname. */
  async identify(code: string): Promise<WechatIdentity> {
    const token = await this.call('/sns/oauth2/access_token', {
      appid: this.settings.appId,
      secret: this.settings.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const accessToken = text(token.access_token);
    const openid = text(token.openid);
    if (!accessToken || !openid) throw new WechatFailure(WECHAT_UNREACHABLE, 'access_token answer without a token');
    const user = await this.call('/sns/userinfo', { access_token: accessToken, openid });
    return {
      wechatId: text(user.unionid) || text(token.unionid) || openid,
      nickname: cleanNickname(text(user.nickname)),
    };
  }

  private mac(data: string): string {
    return createHmac('sha256', this.stateKey).update(data).digest('hex').slice(0, 32);
  }

  private async call(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    let body: unknown;
    try {
      const response = await fetch(`${this.settings.apiBase}${path}?${new URLSearchParams(params)}`, {
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      // WeChat labels its JSON text/plain at times: read the text whatever the type.
      body = JSON.parse(await response.text());
    } catch (err) {
      throw new WechatFailure(WECHAT_UNREACHABLE, `${path}: ${(err as Error).message}`);
    }
    if (typeof body !== 'object' || body === null)
      throw new WechatFailure(WECHAT_UNREACHABLE, `${path}: not an object`);
    const answer = body as Record<string, unknown>;
    const errcode = Number(answer.errcode ?? 0);
    if (errcode !== 0) {
      const reason = `${path}: errcode ${errcode} ${text(answer.errmsg)}`;
      if (STALE_CODE_ERRORS.has(errcode)) throw new WechatFailure(WECHAT_CODE_INVALID, reason);
      throw new WechatFailure(`微信登录失败（错误码${errcode}），请稍后重试`, reason);
    }
    return answer;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Up to 64 characters; one the database cannot store is dropped rather than refusing the login. */
function cleanNickname(nickname: string): string {
  const short = [...nickname.trim()].slice(0, 64).join('');
  return findUnstorableText(short) === null ? short : '';
}
