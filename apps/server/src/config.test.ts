import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('keeps the portal test hooks and the outbox endpoint off unless explicitly enabled', () => {
    const config = loadConfig({});
    expect(config.portalTestHooks).toBe(false);
    expect(config.smsDevOutboxEndpoint).toBe(false);
    expect(loadConfig({ PORTAL_TEST_HOOKS: '1' }).portalTestHooks).toBe(true);
  });

  it('refuses test hooks in a production configuration', () => {
    expect(() => loadConfig({ PORTAL_TEST_HOOKS: '1', NODE_ENV: 'production' })).toThrow(/never/);
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, databaseUrl: null, natsUrl: null, sdkAppID: null, secretKey: null });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('budgets log lines per client address: 60 a minute unless LOG_LINES_PER_ADDRESS says otherwise', () => {
    expect(loadConfig({}).logLinesPerAddress).toBe(60);
    expect(loadConfig({ LOG_LINES_PER_ADDRESS: '5' }).logLinesPerAddress).toBe(5);
    expect(() => loadConfig({ LOG_LINES_PER_ADDRESS: '0' })).toThrow(/LOG_LINES_PER_ADDRESS/);
  });

  it('allows avatar URLs on no outside host unless AVATAR_URL_HOSTS names some', () => {
    expect(loadConfig({}).avatarUrlHosts).toEqual([]);
    expect(loadConfig({ AVATAR_URL_HOSTS: ' CDN.example.com, img.example.org:8443 ,' }).avatarUrlHosts).toEqual([
      'cdn.example.com',
      'img.example.org:8443',
    ]);
  });

  it('lets senders revoke for 120 seconds unless REVOKE_WINDOW_SECONDS says otherwise', () => {
    expect(loadConfig({}).revokeWindowSeconds).toBe(120);
    expect(loadConfig({ REVOKE_WINDOW_SECONDS: '600' }).revokeWindowSeconds).toBe(600);
    expect(() => loadConfig({ REVOKE_WINDOW_SECONDS: '0' })).toThrow(/REVOKE_WINDOW_SECONDS/);
    expect(() => loadConfig({ REVOKE_WINDOW_SECONDS: 'two minutes' })).toThrow(/REVOKE_WINDOW_SECONDS/);
  });

  it('refuses half an app and PostgreSQL without one', () => {
    expect(() => loadConfig({ SDK_APP_ID: '1400000001' })).toThrow(/together/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y' })).toThrow(/required/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('seeds demo people only into the embedded database, and only when not told otherwise', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).demo).toBe(false);
    const postgres = { DATABASE_URL: 'postgres://x/y', SDK_APP_ID: '1400000001', SDK_SECRET_KEY: 's' };
    expect(loadConfig(postgres).demo).toBe(false);
  });

  it('never seeds the demo people in production, and refuses to start when asked to', () => {
    const production = { NODE_ENV: 'production', PORTAL_SMS_LOGIN: '0' };
    expect(loadConfig(production).demo).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: '0' }).demo).toBe(false);
    expect(() => loadConfig({ ...production, DEMO_DATA: '1' })).toThrow(/DEMO_DATA/);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: '1' }).demo).toBe(true);
  });

  it('checks the portal settings', () => {
    expect(loadConfig({}).portalSm4Key).toBeNull();
    expect(loadConfig({ PORTAL_SM4_KEY: '0123456789abcdef0123456789ABCDEF' }).portalSm4Key).toHaveLength(32);
    expect(() => loadConfig({ PORTAL_SM4_KEY: 'short' })).toThrow(/32 hex digits/);
    expect(loadConfig({}).portalSessionIdleMinutes).toBe(120);
    expect(() => loadConfig({ PORTAL_SESSION_IDLE_MINUTES: '0' })).toThrow(/PORTAL_SESSION_IDLE_MINUTES/);
    expect(loadConfig({ DATA_DIR: '/srv/liaison' }).uploadDir).toBe('/srv/liaison/uploads');
  });

  it('refuses the SMS outbox endpoint in production, and production without a real SMS gateway unless SMS login is off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_DEV_OUTBOX_ENDPOINT: '1', PORTAL_SMS_LOGIN: '0' })).toThrow(
      /SMS_DEV_OUTBOX_ENDPOINT/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER.*PORTAL_SMS_LOGIN=0/);
    expect(loadConfig({ NODE_ENV: 'production', PORTAL_SMS_LOGIN: '0' })).toMatchObject({
      smsLogin: false,
      smsGateway: null,
    });
    const webhook = { SMS_PROVIDER: 'webhook', SMS_ENDPOINT: 'https://sms.example.com/send' };
    expect(loadConfig({ NODE_ENV: 'production', ...webhook })).toMatchObject({
      smsLogin: true,
      smsGateway: { provider: 'webhook', endpoint: 'https://sms.example.com/send', token: null },
    });
    // Development keeps the dev outbox (codes in the log) when nothing is configured.
    expect(loadConfig({})).toMatchObject({ smsLogin: true, smsGateway: null, smsDevOutboxEndpoint: false });
  });

  it('reads the ICP filing number the footer shows, none by default, and refuses one that is not a short line', () => {
    expect(loadConfig({}).portalIcp).toBe('');
    expect(loadConfig({ PORTAL_ICP: ' 闽ICP备2026000001号-1 ' }).portalIcp).toBe('闽ICP备2026000001号-1');
    expect(() => loadConfig({ PORTAL_ICP: '闽ICP备\n<script>' })).toThrow(/PORTAL_ICP/);
    expect(() => loadConfig({ PORTAL_ICP: 'x'.repeat(65) })).toThrow(/PORTAL_ICP/);
  });

  it('reads the SMS gateway settings and refuses incomplete ones', () => {
    const aliyun = {
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'LTAIexample',
      SMS_ACCESS_KEY_SECRET: 'secret',
      SMS_SIGN_NAME: '链联',
      SMS_TEMPLATE_CODE: 'SMS_123456',
    };
    expect(loadConfig(aliyun).smsGateway).toEqual({
      provider: 'aliyun',
      endpoint: 'https://dysmsapi.aliyuncs.com/',
      accessKeyId: 'LTAIexample',
      accessKeySecret: 'secret',
      signName: '链联',
      templateCode: 'SMS_123456',
    });
    expect(() => loadConfig({ ...aliyun, SMS_TEMPLATE_CODE: '' })).toThrow(/SMS_TEMPLATE_CODE/);
    expect(() => loadConfig({ SMS_PROVIDER: 'webhook' })).toThrow(/SMS_ENDPOINT/);
    expect(() => loadConfig({ SMS_PROVIDER: 'webhook', SMS_ENDPOINT: 'ftp://x/y' })).toThrow(/http\(s\) URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/aliyun or webhook/);
    expect(
      loadConfig({ SMS_PROVIDER: 'webhook', SMS_ENDPOINT: 'http://10.0.0.5/sms', SMS_WEBHOOK_TOKEN: 't' }).smsGateway,
    ).toEqual({ provider: 'webhook', endpoint: 'http://10.0.0.5/sms', token: 't' });
  });

  it('reads every abuse limit from the environment and refuses anything but a positive integer', () => {
    const config = loadConfig({ LIMIT_SMS_PER_ADDRESS_HOUR: '5', IM_SEND_PER_USER_PER_SECOND: '50' });
    expect(config.limits).toMatchObject({ smsPerAddressPerHour: 5, imUserSendsPerSecond: 50, imSessionsPerUser: 20 });
    expect(() => loadConfig({ IM_LOGIN_TIMEOUT_MS: '0' })).toThrow(/IM_LOGIN_TIMEOUT_MS must be a positive integer/);
    expect(() => loadConfig({ LIMIT_CAPTCHA_PER_ADDRESS_MINUTE: 'lots' })).toThrow(/positive integer/);
  });

  it('trusts no proxy by default and refuses a TRUST_PROXY entry that is not an address or range', () => {
    expect(loadConfig({}).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,loopback' }).trustProxy).toBe('10.0.0.0/8,loopback');
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(/TRUST_PROXY/);
  });
});
