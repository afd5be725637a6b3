import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy } from './limits/client-address';
import { type LimitSettings, limitsFromEnv } from './limits/settings';

/** Every setting comes from the environment; README.md documents each with its default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  natsUrl: string | null;
  sdkAppID: number | null;
  secretKey: string | null;
  logLevel: string;
  /** Test configuration only: readable captcha answers and a fixed SMS code. */
  portalTestHooks: boolean;
  /** Lists the dev SMS outbox over HTTP (development only). */
  smsDevOutboxEndpoint: boolean;
  /** SM4 key of the portal's encrypted login fields; null: generated once, kept in the database. */
  portalSm4Key: string | null;
  portalSessionIdleMinutes: number;
  uploadDir: string;
  webDir: string;
  /** Seed demo data into an empty embedded database. */
  demo: boolean;
  /** Abuse limits (docs/security.md). */
  limits: LimitSettings;
  /** Proxies trusted to report the client address in X-Forwarded-For; null: none. */
  trustProxy: string | null;
}

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const sdkAppID = env.SDK_APP_ID ? Number(env.SDK_APP_ID) : null;
  if (sdkAppID !== null && (!Number.isInteger(sdkAppID) || sdkAppID <= 0)) {
    throw new Error(`SDK_APP_ID must be a positive integer, got "${env.SDK_APP_ID}"`);
  }
  const secretKey = env.SDK_SECRET_KEY || null;
  if ((sdkAppID === null) !== (secretKey === null)) {
    throw new Error('SDK_APP_ID and SDK_SECRET_KEY must be set together');
  }
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && sdkAppID === null) {
    throw new Error(
      'With DATABASE_URL set, SDK_APP_ID and SDK_SECRET_KEY are required (every process must share them)',
    );
  }
  const portalTestHooks = env.PORTAL_TEST_HOOKS === '1';
  if (portalTestHooks && env.NODE_ENV === 'production') {
    throw new Error('PORTAL_TEST_HOOKS must never be set with NODE_ENV=production');
  }
  const portalSm4Key = env.PORTAL_SM4_KEY || null;
  if (portalSm4Key !== null && !/^[0-9a-fA-F]{32}$/.test(portalSm4Key)) {
    throw new Error('PORTAL_SM4_KEY must be 32 hex digits (a 128-bit SM4 key)');
  }
  const portalSessionIdleMinutes = Number(env.PORTAL_SESSION_IDLE_MINUTES ?? 120);
  if (!Number.isInteger(portalSessionIdleMinutes) || portalSessionIdleMinutes <= 0) {
    throw new Error(`PORTAL_SESSION_IDLE_MINUTES must be a positive integer, got "${env.PORTAL_SESSION_IDLE_MINUTES}"`);
  }
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const trustProxy = env.TRUST_PROXY || null;
  parseTrustProxy(trustProxy);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    natsUrl: env.NATS_URL || null,
    sdkAppID,
    secretKey,
    logLevel: env.LOG_LEVEL ?? 'info',
    portalTestHooks,
    smsDevOutboxEndpoint: env.SMS_DEV_OUTBOX_ENDPOINT === '1',
    portalSm4Key,
    portalSessionIdleMinutes,
    uploadDir: resolve(env.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    webDir: resolve(env.WEB_DIR ?? DEFAULT_WEB_DIR),
    // The demo people have a published password: only the embedded database ever gets them.
    demo: !databaseUrl && env.DEMO_DATA !== '0',
    limits: limitsFromEnv(env),
    trustProxy,
  };
}
