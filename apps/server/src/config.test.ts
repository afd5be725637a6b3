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

  it('checks the portal settings', () => {
    expect(loadConfig({}).portalSm4Key).toBeNull();
    expect(loadConfig({ PORTAL_SM4_KEY: '0123456789abcdef0123456789ABCDEF' }).portalSm4Key).toHaveLength(32);
    expect(() => loadConfig({ PORTAL_SM4_KEY: 'short' })).toThrow(/32 hex digits/);
    expect(loadConfig({}).portalSessionIdleMinutes).toBe(120);
    expect(() => loadConfig({ PORTAL_SESSION_IDLE_MINUTES: '0' })).toThrow(/PORTAL_SESSION_IDLE_MINUTES/);
    expect(loadConfig({ DATA_DIR: '/srv/liaison' }).uploadDir).toBe('/srv/liaison/uploads');
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
