import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { TEST_SMS_CODE } from '../sms-send';
import { type Answer, freshMobile, PortalClient } from '../test-client';
import { ACCOUNT_DISABLED } from './login';
import { FakeWechat, type WechatCode, type WechatUser } from './test-wechat';
import { WECHAT_STATE_TTL_MS, WechatLogin } from './wechat';

/**
 * WeChat website login against a local server speaking WeChat's OAuth API (access_token,
 * userinfo, errcodes), and the portal without WeChat configured.
 */
const wechat = new FakeWechat('wx-portal', 'wx-secret');
let server: LiaisonServer;
let unconfigured: LiaisonServer;
beforeAll(async () => {
  const apiBase = await wechat.start();
  server = await startServer({
    testHooks: true,
    devOutboxEndpoint: false,
    wechat: {
      appId: 'wx-portal',
      appSecret: 'wx-secret',
      redirectUri: null,
      openBase: 'https://open.wechat.test',
      apiBase,
    },
  });
  unconfigured = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(async () => {
  await server?.close();
  await unconfigured?.close();
  await wechat.close();
});

let scans = 0;
/** A person scanning: a code WeChat will exchange for `user`. */
function scanned(user: WechatCode): string {
  scans += 1;
  const code = `code-${scans}`;
  wechat.codes.set(code, user);
  return code;
}

interface Rendered {
  location: URL;
  state: string;
  cookie: string;
}

/** `render` in the popup, as a browser opens it at portal.example.com. */
async function render(): Promise<Rendered> {
  const response = await server.http.inject({
    method: 'GET',
    url: '/prod-api/portal/login/wechat/render',
    headers: { host: 'portal.example.com' },
  });
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  return {
    location,
    state: location.searchParams.get('state') ?? '',
    cookie: String(response.headers['set-cookie']).split(';')[0] as string,
  };
}

/** The callback page's POST, with the popup's cookie unless told otherwise. */
async function callback<T = { token?: string; wechatKey?: string; nickname?: string }>(
  code: string,
  rendered: Rendered,
  cookie: string | null = rendered.cookie,
): Promise<Answer<T>> {
  const response = await server.http.inject({
    method: 'POST',
    url: `/prod-api/portal/login/wechat/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(rendered.state)}`,
    headers: cookie ? { cookie } : {},
  });
  return response.json() as Answer<T>;
}

const login = async (code: string) => callback(code, await render());

let people = 0;
const wechatUser = (nickname = '微信用户'): WechatUser => {
  people += 1;
  return { openid: `openid-${people}`, unionid: `unionid-${people}`, nickname };
};

async function userIdOf(token: string): Promise<string> {
  const info = await new PortalClient(server, token).call<{ userId: string }>('GET', '/portal/self/center/info');
  return info.data?.userId ?? '';
}

/** A registered account and its user ID; its registration code is spent, and the 120 s wait lifted. */
async function account(): Promise<{ client: PortalClient; mobile: string; userId: string }> {
  const client = new PortalClient(server);
  const mobile = freshMobile();
  expect((await client.register(mobile, 'Secret123')).code).toBe(200);
  await server.db.query('UPDATE portal_sms_codes SET sent_at = 0 WHERE mobile = $1', [mobile]);
  return { client, mobile, userId: await userIdOf(client.token as string) };
}

/** SMS login in bind-account mode. */
async function smsLogin(client: PortalClient, mobile: string, wechatKey: string) {
  expect((await client.sendSms(mobile)).code).toBe(200);
  return client.call<{ token: string }>('POST', '/portal/login/mobile', {
    mobileNumber: mobile,
    smsVerifyCode: TEST_SMS_CODE,
    wechatKey,
  });
}

describe('configured', () => {
  it('tells the web to show the WeChat icon', async () => {
    const config = await new PortalClient(server).call('GET', '/portal/client/config');
    expect(config.data).toMatchObject({ wechatLogin: true });
  });

  it('sends the popup to WeChat’s QR page, coming back to the portal’s callback page with a signed state', async () => {
    const { location, state, cookie } = await render();
    expect(`${location.origin}${location.pathname}`).toBe('https://open.wechat.test/connect/qrconnect');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      appid: 'wx-portal',
      redirect_uri: 'http://portal.example.com/wechat-callback',
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    expect(location.hash).toBe('#wechat_redirect');
    // WeChat passes back only letters and digits, at most 128 bytes.
    expect(state).toMatch(/^[A-Za-z0-9]{1,128}$/);
    expect(cookie).toMatch(/^wechat_login=[0-9a-f]+$/);
  });

  it('answers a key and the nickname for a WeChat not bound yet; SMS login with the key binds it, and WeChat logs in from then on', async () => {
    const me = wechatUser('老张');
    const first = await login(scanned(me));
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toEqual({ wechatKey: expect.stringMatching(/^[0-9a-f]{48}$/), nickname: '老张' });
    const { client, mobile, userId } = await account();
    const bound = await smsLogin(client, mobile, first.data?.wechatKey as string);
    expect(bound.code, bound.msg).toBe(200);
    expect(await userIdOf(bound.data?.token as string)).toBe(userId);

    const again = await login(scanned(me));
    expect(again).toMatchObject({ code: 200, msg: '登录成功' });
    expect(await userIdOf(again.data?.token as string)).toBe(userId);
    // The key was used up.
    const reused = { mobileNumber: mobile, smsVerifyCode: TEST_SMS_CODE, wechatKey: first.data?.wechatKey };
    expect(await client.call('POST', '/portal/login/mobile', reused)).toEqual({
      code: 500,
      msg: '微信授权已过期，请重新扫码登录',
    });
  });

  it('binds a WeChat to an account registered in bind-account mode', async () => {
    const me = wechatUser();
    const key = (await login(scanned(me))).data?.wechatKey as string;
    const client = new PortalClient(server);
    const mobile = freshMobile();
    expect((await client.sendSms(mobile)).code).toBe(200);
    const registered = await client.call<{ token: string }>('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: TEST_SMS_CODE,
      password: await client.encrypt('Secret123'),
      secPassword: await client.encrypt('Secret123'),
      wechatKey: key,
    });
    expect(registered.code, registered.msg).toBe(200);
    const viaWechat = await login(scanned(me));
    expect(await userIdOf(viaWechat.data?.token as string)).toBe(await userIdOf(registered.data?.token as string));
  });

  it('binds from the personal centre with a pending key, once', async () => {
    const me = wechatUser();
    const key = (await login(scanned(me))).data?.wechatKey as string;
    const { client, userId } = await account();
    expect(await client.call('POST', '/portal/self/center/personal/bind/wechat', { wechatKey: key })).toEqual({
      code: 200,
      msg: '微信绑定成功',
      data: { nickname: '微信用户' },
    });
    expect(await userIdOf((await login(scanned(me))).data?.token as string)).toBe(userId);
    expect(await client.call('POST', '/portal/self/center/personal/bind/wechat', { wechatKey: key })).toEqual({
      code: 500,
      msg: '微信授权已过期，请重新扫码登录',
    });
    expect(
      (await new PortalClient(server).call('POST', '/portal/self/center/personal/bind/wechat', { wechatKey: key }))
        .code,
    ).toBe(401);
  });

  it('refuses an unknown or expired key before the SMS code is used, so the code still logs in', async () => {
    const { client, mobile } = await account();
    expect(await smsLogin(client, mobile, 'f'.repeat(48))).toEqual({
      code: 500,
      msg: '微信授权已过期，请重新扫码登录',
    });
    const key = (await login(scanned(wechatUser()))).data?.wechatKey as string;
    await server.db.query('UPDATE portal_wechat_pending SET expires_at = $1', [Date.now() - 1]);
    expect(
      await client.call('POST', '/portal/login/mobile', {
        mobileNumber: mobile,
        smsVerifyCode: TEST_SMS_CODE,
        wechatKey: key,
      }),
    ).toEqual({ code: 500, msg: '微信授权已过期，请重新扫码登录' });
    const plain = await client.call('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: TEST_SMS_CODE,
    });
    expect(plain.code, plain.msg).toBe(200);
  });

  it('refuses to bind an account that has another WeChat, keeping the code and the key', async () => {
    const { client, mobile } = await account();
    const firstKey = (await login(scanned(wechatUser()))).data?.wechatKey as string;
    expect((await smsLogin(client, mobile, firstKey)).code).toBe(200);
    const secondKey = (await login(scanned(wechatUser()))).data?.wechatKey as string;
    await server.db.query('UPDATE portal_sms_codes SET sent_at = 0 WHERE mobile = $1', [mobile]);
    expect(await smsLogin(client, mobile, secondKey)).toEqual({
      code: 500,
      msg: '该账号已绑定其他微信，请使用原微信登录',
    });
    // The code was not used up, and the key still binds another account.
    expect(
      (await client.call('POST', '/portal/login/mobile', { mobileNumber: mobile, smsVerifyCode: TEST_SMS_CODE })).code,
    ).toBe(200);
    const other = await account();
    expect((await smsLogin(other.client, other.mobile, secondKey)).code).toBe(200);
  });

  it('refuses a disabled account bound to the WeChat', async () => {
    const me = wechatUser();
    const { client, mobile, userId } = await account();
    expect((await smsLogin(client, mobile, (await login(scanned(me))).data?.wechatKey as string)).code).toBe(200);
    await server.db.query('UPDATE portal_accounts SET disabled = true WHERE user_id = $1', [userId]);
    expect(await login(scanned(me))).toEqual({ code: 500, msg: ACCOUNT_DISABLED });
  });

  it('keys a binding by unionid, or by openid when WeChat gives no unionid', async () => {
    const noUnion = { openid: 'openid-only', nickname: '无unionid' };
    const key = (await login(scanned(noUnion))).data?.wechatKey as string;
    const { client, mobile, userId } = await account();
    expect((await smsLogin(client, mobile, key)).code).toBe(200);
    const [row] = await server.db.query<{ wechat_id: string }>(
      'SELECT wechat_id FROM portal_wechat_bindings WHERE user_id = $1',
      [userId],
    );
    expect(row?.wechat_id).toBe('openid-only');
  });

  it('keeps a state good for ten minutes, with its nonce only', () => {
    const login = new WechatLogin(
      { appId: 'wx', appSecret: 's', redirectUri: null, openBase: 'https://o', apiBase: 'https://a' },
      Buffer.alloc(32, 7),
    );
    const { state, nonce } = login.issueState(1_000);
    expect(login.checkState(state, nonce, 1_000 + WECHAT_STATE_TTL_MS)).toBe(true);
    expect(login.checkState(state, nonce, 1_001 + WECHAT_STATE_TTL_MS)).toBe(false);
    expect(login.checkState(state, 'ffffffffffffffff', 1_000)).toBe(false);
    expect(login.checkState(state, null, 1_000)).toBe(false);
  });

  it('refuses a state that is forged, re-dated, or from another browser, without asking WeChat', async () => {
    const rendered = await render();
    const code = scanned(wechatUser());
    const before = wechat.calls;
    const resigned = `0000000000001${rendered.state.slice(13)}`;
    expect(await callback(code, { ...rendered, state: resigned })).toEqual({
      code: 500,
      msg: '微信登录已过期，请重新扫码登录',
    });
    const forged = `${rendered.state.slice(0, -1)}${rendered.state.endsWith('0') ? '1' : '0'}`;
    expect(await callback(code, { ...rendered, state: forged })).toEqual({
      code: 500,
      msg: '微信登录已过期，请重新扫码登录',
    });
    expect(await callback(code, rendered, null)).toEqual({ code: 500, msg: '微信登录已过期，请重新扫码登录' });
    expect(await callback(code, rendered, (await render()).cookie)).toEqual({
      code: 500,
      msg: '微信登录已过期，请重新扫码登录',
    });
    expect(wechat.calls).toBe(before);
    expect((await callback(code, rendered)).code).toBe(200);
  });

  it('turns WeChat’s errcodes and outages into clear messages', async () => {
    expect(await login(scanned({ errcode: 40029 }))).toEqual({ code: 500, msg: '微信授权已失效，请重新扫码登录' });
    const code = scanned(wechatUser());
    expect((await login(code)).code).toBe(200);
    // WeChat codes work once.
    expect(await login(code)).toEqual({ code: 500, msg: '微信授权已失效，请重新扫码登录' });
    expect(await login(scanned({ errcode: 45011 }))).toEqual({
      code: 500,
      msg: '微信登录失败（错误码45011），请稍后重试',
    });
    expect(await login(scanned('garbage'))).toEqual({ code: 500, msg: '微信服务暂时无法访问，请稍后重试' });
    expect(await callback('', await render())).toEqual({ code: 500, msg: '微信授权已失效，请重新扫码登录' });
  });
});

describe('not configured', () => {
  it('tells the web to hide the icon, shows a browser a page instead of JSON, and refuses the calls', async () => {
    const client = new PortalClient(unconfigured);
    expect((await client.call('GET', '/portal/client/config')).data).toMatchObject({ wechatLogin: false });
    const page = await unconfigured.http.inject({
      method: 'GET',
      url: '/prod-api/portal/login/wechat/render',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('微信登录暂未开放');
    expect(await client.call('GET', '/portal/login/wechat/render')).toEqual({ code: 500, msg: '微信登录未配置' });
    expect(await client.call('POST', '/portal/login/wechat/callback?code=x&state=y')).toEqual({
      code: 500,
      msg: '微信登录未配置',
    });
    expect(
      await client.call('POST', '/portal/login/mobile', {
        mobileNumber: freshMobile(),
        smsVerifyCode: TEST_SMS_CODE,
        wechatKey: 'abc',
      }),
    ).toEqual({ code: 500, msg: '微信登录未配置' });
  });
});
