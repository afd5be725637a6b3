import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DeploymentAbilities, Limits } from '@liaison/protocol';
import { type CallbackSettings, callbacksFromEnv } from './callbacks/settings';
import { type FileSettings, filesFromEnv } from './files/settings';
import { type CallSettings, callsFromEnv } from './im/calls/settings';
import { abilitiesFromEnv } from './im/deployment/settings';
import { type PresenceSettings, presenceFromEnv } from './im/presence/settings';
import { parseAvatarHosts } from './im/profiles/avatars';
import { type C2CSettings, c2cFromEnv } from './im/relations/c2c-settings';
import { type TranslationSettings, translationFromEnv } from './im/translation/settings';
import { parseTrustProxy } from './limits/client-address';
import { type LimitSettings, limitsFromEnv } from './limits/settings';
import { DEFAULT_LINES_PER_ADDRESS } from './logging/client-log';
import { loadMetricsAccess, type MetricsAccess } from './metrics/access';
import type { ModerationSettings } from './moderation/settings';
import { type AiSettings, aiFromEnv } from './portal/ai/settings';
import { type WechatSettings, wechatFromEnv } from './portal/auth/wechat-settings';
import { ALIYUN_ENDPOINT, type SmsGatewaySettings } from './portal/sms-gateways';
import { type RestApiSettings, restApiFromEnv } from './rest-api/settings';
import { type BrowserConfig, loadBrowserConfig } from './web/browser-config';

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
  /** Log lines one client address may cause per minute before they are counted instead. */
  logLinesPerAddress: number;
  /** https hosts avatar URLs may point at, besides our own uploads. */
  avatarUrlHosts: string[];
  /** Test configuration only: readable captcha answers and a fixed SMS code. */
  portalTestHooks: boolean;
  /** Lists the dev SMS outbox over HTTP (development only). */
  smsDevOutboxEndpoint: boolean;
  /** SMS login and registration (PORTAL_SMS_LOGIN=0 turns them off). */
  smsLogin: boolean;
  /** PORTAL_ICP: the ICP filing number the footer shows; '' for none. */
  portalIcp: string;
  /** The real SMS gateway; null: the dev outbox, which production refuses while SMS login is on. */
  smsGateway: SmsGatewaySettings | null;
  /** SM4 key of the portal's encrypted login fields; null: generated once, kept in the database. */
  portalSm4Key: string | null;
  portalSessionIdleMinutes: number;
  /** WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_REDIRECT_URI, WECHAT_OPEN_BASE, WECHAT_API_BASE; null: no WeChat login. */
  wechat: WechatSettings | null;
  /** AI_BASE_URL, AI_API_KEY, AI_MODEL; null: the AI assistant is not configured. */
  ai: AiSettings | null;
  uploadDir: string;
  webDir: string;
  /** Seed demo data into an empty embedded database (never in production). */
  demo: boolean;
  /** PUBLIC_URL, FRAME_ANCESTORS, ALLOWED_ORIGINS. */
  browser: BrowserConfig;
  /** METRICS_TOKEN and METRICS_ALLOW: who may read GET /metrics besides loopback. */
  metrics: MetricsAccess;
  /** Abuse limits (docs/security.md). */
  limits: LimitSettings;
  /** Proxies trusted to report the client address in X-Forwarded-For; null: none. */
  trustProxy: string | null;
  /** FILES_DIR, BLOB_S3_*, FILE_SWEEP_INTERVAL_SECONDS, FILE_UNUSED_HOURS (docs/files.md). */
  files: FileSettings;
  /** MODERATION_FILE, MODERATION_URL, MODERATION_CALLBACK_TOKEN (docs/moderation.md). */
  moderation: ModerationSettings;
  /** REVOKE_WINDOW_SECONDS: how long its sender may revoke a message (docs/message-actions.md). */
  revokeWindowSeconds: number;
  /** PRESENCE_OFFLINE_GRACE_MS (docs/presence-and-translation.md). */
  presence: PresenceSettings;
  /** TRANSLATE_URL, TRANSLATE_API_KEY, STT_URL, STT_API_KEY, STT_MODEL (docs/presence-and-translation.md). */
  translation: TranslationSettings;
  /** IM_C2C_REQUIRES_FRIENDSHIP (docs/friends-and-blocklist.md). */
  c2c: C2CSettings;
  /** CALL_INVITE_TIMEOUT_SECONDS, ICE_SERVERS, STUN_URL, TURN_URL, TURN_SECRET, TURN_TTL_SECONDS (docs/calls.md). */
  calls: Partial<CallSettings>;
  /** ABILITY_GROUP_READ_RECEIPT, ABILITY_ONLINE_STATUS, ABILITY_TRANSLATION, ABILITY_VOICE_TO_TEXT (docs/deploy.md). */
  abilities: DeploymentAbilities;
  /** CALLBACK_URL, CALLBACK_COMMANDS, CALLBACK_TIMEOUT_MS, CALLBACK_TOKEN (docs/server-api.md, Callbacks). */
  callbacks: Omit<CallbackSettings, 'sdkAppID'>;
  /** IM_ADMIN_USERIDS (docs/server-api.md). */
  restApi: RestApiSettings;
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
  const production = env.NODE_ENV === 'production';
  const portalTestHooks = env.PORTAL_TEST_HOOKS === '1';
  if (portalTestHooks && production) {
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
  const smsDevOutboxEndpoint = env.SMS_DEV_OUTBOX_ENDPOINT === '1';
  if (smsDevOutboxEndpoint && production) {
    throw new Error('SMS_DEV_OUTBOX_ENDPOINT must never be set with NODE_ENV=production (it lists login codes)');
  }
  const smsLogin = env.PORTAL_SMS_LOGIN !== '0';
  const portalIcp = icpFromEnv(env.PORTAL_ICP);
  const smsGateway = smsGatewayFromEnv(env);
  if (production && smsLogin && !smsGateway) {
    throw new Error(
      'NODE_ENV=production needs a real SMS gateway (SMS_PROVIDER, see README) or SMS login switched off (PORTAL_SMS_LOGIN=0)',
    );
  }
  // The demo people have a published password (admin / Demo2026): never in production.
  if (production && env.DEMO_DATA === '1') {
    throw new Error(
      'DEMO_DATA=1 must never be set with NODE_ENV=production (the demo accounts have published passwords)',
    );
  }
  const logLinesPerAddress = Number(env.LOG_LINES_PER_ADDRESS ?? DEFAULT_LINES_PER_ADDRESS);
  if (!Number.isInteger(logLinesPerAddress) || logLinesPerAddress <= 0) {
    throw new Error(`LOG_LINES_PER_ADDRESS must be a positive integer, got "${env.LOG_LINES_PER_ADDRESS}"`);
  }
  const revokeWindowSeconds = Number(env.REVOKE_WINDOW_SECONDS ?? Limits.REVOKE_WINDOW_SECONDS);
  if (!Number.isInteger(revokeWindowSeconds) || revokeWindowSeconds <= 0) {
    throw new Error(`REVOKE_WINDOW_SECONDS must be a positive integer, got "${env.REVOKE_WINDOW_SECONDS}"`);
  }
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const trustProxy = env.TRUST_PROXY || null;
  parseTrustProxy(trustProxy);
  const browser = loadBrowserConfig(env);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    natsUrl: env.NATS_URL || null,
    sdkAppID,
    secretKey,
    logLevel: env.LOG_LEVEL ?? 'info',
    logLinesPerAddress,
    avatarUrlHosts: [...parseAvatarHosts(env.AVATAR_URL_HOSTS)],
    portalTestHooks,
    smsDevOutboxEndpoint,
    smsLogin,
    portalIcp,
    smsGateway,
    portalSm4Key,
    portalSessionIdleMinutes,
    wechat: wechatFromEnv(env, browser.publicUrl),
    ai: aiFromEnv(env),
    uploadDir: resolve(env.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    webDir: resolve(env.WEB_DIR ?? DEFAULT_WEB_DIR),
    // Only a development embedded database gets them, unless told otherwise.
    demo: !production && !databaseUrl && env.DEMO_DATA !== '0',
    browser,
    metrics: loadMetricsAccess(env),
    limits: limitsFromEnv(env),
    trustProxy,
    files: filesFromEnv(env, dataDir),
    moderation: moderationFromEnv(env),
    revokeWindowSeconds,
    presence: presenceFromEnv(env),
    translation: translationFromEnv(env),
    c2c: c2cFromEnv(env),
    calls: callsFromEnv(env),
    abilities: abilitiesFromEnv(env),
    restApi: restApiFromEnv(env),
    callbacks: callbacksFromEnv(env),
  };
}

/** A filing number as MIIT issues it (闽ICP备2026000001号-1): one short line of text. */
function icpFromEnv(value: string | undefined): string {
  const icp = (value ?? '').trim();
  if (icp.length > 64 || /[\p{Cc}<>]/u.test(icp)) {
    throw new Error(
      `PORTAL_ICP must be one line of at most 64 characters (e.g. 闽ICP备2026000001号-1), got "${value}"`,
    );
  }
  return icp;
}

function moderationFromEnv(env: NodeJS.ProcessEnv): ModerationSettings {
  const url = env.MODERATION_URL || null;
  if (url !== null && !/^https?:\/\//.test(url)) throw new Error(`MODERATION_URL must be an http(s) URL, got "${url}"`);
  const callbackToken = env.MODERATION_CALLBACK_TOKEN || null;
  if (callbackToken !== null && (url === null || callbackToken.length < 16)) {
    throw new Error('MODERATION_CALLBACK_TOKEN needs MODERATION_URL and at least 16 characters');
  }
  return { file: env.MODERATION_FILE ? resolve(env.MODERATION_FILE) : null, url, callbackToken };
}

function smsGatewayFromEnv(env: NodeJS.ProcessEnv): SmsGatewaySettings | null {
  const provider = env.SMS_PROVIDER || null;
  if (provider === null) return null;
  const required = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`SMS_PROVIDER=${provider} needs ${name}`);
    return value;
  };
  if (provider === 'aliyun') {
    return {
      provider,
      endpoint: httpUrl(env.SMS_ENDPOINT || ALIYUN_ENDPOINT),
      accessKeyId: required('SMS_ACCESS_KEY_ID'),
      accessKeySecret: required('SMS_ACCESS_KEY_SECRET'),
      signName: required('SMS_SIGN_NAME'),
      templateCode: required('SMS_TEMPLATE_CODE'),
    };
  }
  if (provider === 'webhook') {
    return { provider, endpoint: httpUrl(required('SMS_ENDPOINT')), token: env.SMS_WEBHOOK_TOKEN || null };
  }
  throw new Error(`SMS_PROVIDER must be aliyun or webhook, got "${provider}"`);
}

function httpUrl(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`SMS_ENDPOINT must be an http(s) URL, got "${text}"`);
  }
  return url.toString();
}
