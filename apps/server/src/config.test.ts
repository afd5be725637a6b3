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
});
