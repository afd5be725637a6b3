import { describe, expect, it } from 'vitest';
import { wechatFromEnv } from './wechat-settings';

describe('WeChat settings', () => {
  it('are off without an app, and need the ID and the secret together', () => {
    expect(wechatFromEnv({}, null)).toBeNull();
    expect(() => wechatFromEnv({ WECHAT_APP_ID: 'wx1' }, null)).toThrow(
      'WECHAT_APP_ID and WECHAT_APP_SECRET must be set together',
    );
    expect(() => wechatFromEnv({ WECHAT_APP_SECRET: 's' }, null)).toThrow('must be set together');
  });

  it('return to the callback page under PUBLIC_URL, else under each request’s host, unless told otherwise', () => {
    const app = { WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' };
    expect(wechatFromEnv(app, null)).toEqual({
      appId: 'wx1',
      appSecret: 's',
      redirectUri: null,
      openBase: 'https://open.weixin.qq.com',
      apiBase: 'https://api.weixin.qq.com',
    });
    expect(wechatFromEnv(app, 'https://portal.example.com')?.redirectUri).toBe(
      'https://portal.example.com/wechat-callback',
    );
    expect(
      wechatFromEnv({ ...app, WECHAT_REDIRECT_URI: 'https://login.example.com/cb?x=1' }, 'https://portal.example.com')
        ?.redirectUri,
    ).toBe('https://login.example.com/cb?x=1');
  });

  it('take a proxy for either WeChat host, and refuse what is not an http(s) URL', () => {
    const app = { WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' };
    expect(
      wechatFromEnv(
        { ...app, WECHAT_OPEN_BASE: 'http://10.0.0.2:8080/open/', WECHAT_API_BASE: 'http://10.0.0.2/api' },
        null,
      ),
    ).toMatchObject({ openBase: 'http://10.0.0.2:8080/open', apiBase: 'http://10.0.0.2/api' });
    expect(() => wechatFromEnv({ ...app, WECHAT_API_BASE: 'ftp://x' }, null)).toThrow(
      'WECHAT_API_BASE must be an http(s) URL, got "ftp://x"',
    );
    expect(() => wechatFromEnv({ ...app, WECHAT_REDIRECT_URI: '/wechat-callback' }, null)).toThrow(
      'WECHAT_REDIRECT_URI must be an http(s) URL',
    );
  });
});
