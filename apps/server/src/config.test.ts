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
});
