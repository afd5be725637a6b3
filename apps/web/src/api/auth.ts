import { request } from './client';
import { API_BASE } from './request';
import type { Captcha, ClientConfig, Envelope, TokenData, WechatCallbackData } from './types';

/** Spec §9: the captcha may take twice the usual time. */
const CAPTCHA_TIMEOUT_MS = 20_000;

/** Opened in a new window: the server sends it on to WeChat's QR login page. */
export const WECHAT_RENDER_URL = `${API_BASE}/portal/login/wechat/render`;

export function fetchClientConfig(): Promise<Envelope<ClientConfig>> {
  return request({ url: '/portal/client/config', isToken: false });
}

let pendingConfig: Promise<ClientConfig> | null = null;

/** The server's public settings (login options, ICP number); fetched once per page, again after a failure. */
export function clientConfig(): Promise<ClientConfig> {
  if (!pendingConfig) {
    const config = fetchClientConfig().then(({ data }) => data);
    config.catch(() => {
      pendingConfig = null;
    });
    pendingConfig = config;
  }
  return pendingConfig;
}

/** The SM4 key login fields are encrypted with. */
export function portalKey(): Promise<string> {
  return clientConfig().then((config) => config.sm4Key);
}

export function fetchCaptcha(): Promise<Envelope<Captcha>> {
  return request({ url: '/portal/verify/code/arithmetic', isToken: false, timeout: CAPTCHA_TIMEOUT_MS });
}

export interface SmsCodeRequest {
  mobileNumber: string;
  verifyCode: string;
  verifyCodeId: string;
}

export function sendSmsCode(body: SmsCodeRequest): Promise<Envelope<null>> {
  return request({ url: '/portal/login/send/sms/code', method: 'POST', data: body, isToken: false });
}

/**
 * SMS login, or registration when the (SM4-encrypted) passwords are present; with `wechatKey`
 * it also binds the WeChat account waiting under that key.
 */
export interface MobileLoginRequest {
  mobileNumber: string;
  smsVerifyCode: string;
  password?: string;
  secPassword?: string;
  wechatKey?: string;
}

export function loginByMobile(body: MobileLoginRequest): Promise<Envelope<TokenData>> {
  return request({ url: '/portal/login/mobile', method: 'POST', data: body, isToken: false });
}

/** loginName, password and verifyCode SM4-encrypted; verifyCodeId plain. */
export interface AccountLoginRequest {
  loginName: string;
  password: string;
  verifyCode: string;
  verifyCodeId: string;
}

export function loginByAccount(body: AccountLoginRequest): Promise<Envelope<TokenData>> {
  return request({ url: '/portal/login/normal', method: 'POST', data: body, isToken: false });
}

/** Ends the session of `token` on the server. */
export function logoutSession(token: string): Promise<Envelope<null>> {
  return request({ url: '/logout', method: 'POST', token });
}

/** Where WeChat sent the login window back: the code is exchanged for a session or a binding key. */
export function wechatCallback(code: string, state: string): Promise<Envelope<WechatCallbackData>> {
  return request({ url: '/portal/login/wechat/callback', method: 'POST', params: { code, state }, isToken: false });
}
