import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppCredentials } from '../auth/usersig';
import type { Bus } from '../bus/bus';
import type { Database } from '../db/database';
import type { AbilitySwitches } from '../im/deployment/abilities';
import type { MessageWriter } from '../im/messages/message-writer';
import type { RateLimiter } from '../limits/rate-limiter';
import type { LimitSettings } from '../limits/settings';
import type { ClientLog } from '../logging/client-log';
import { abilitiesRoutes } from './abilities/abilities-routes';
import { adminRoutes } from './admin/admin-routes';
import { aiRoutes } from './ai/ai-routes';
import { openAIChatModel } from './ai/chat-model';
import type { AiSettings } from './ai/settings';
import { Sessions } from './auth/sessions';
import { isSm4Key } from './auth/sm4';
import { WechatLogin } from './auth/wechat';
import type { WechatSettings } from './auth/wechat-settings';
import { catalogueRoutes } from './catalogue/catalogue-routes';
import { companyRoutes } from './company/company-routes';
import { type PortalContext, refuseUnstorableAddress } from './context';
import { cooperationRoutes } from './cooperation/cooperation-routes';
import { defaultPortalMessages, malformedRequest, PortalCode, PortalError } from './envelope';
import { FileLinks } from './file-links';
import { followRoutes } from './follows/follows-routes';
import { PortalLimits } from './limits';
import { mallRoutes } from './mall/mall-routes';
import { needsRoutes } from './needs/needs-routes';
import { officialPushRoutes } from './official-push/official-push-routes';
import { officialServiceRoutes } from './official-service/official-service-routes';
import { pointsRoutes } from './points/points-routes';
import { portalSearchRoutes } from './portal-search/portal-search-routes';
import { reportRoutes } from './reports/reports-routes';
import { authRoutes } from './routes/auth-routes';
import { fileRoutes } from './routes/file-routes';
import { selfRoutes } from './routes/self-routes';
import { verificationRoutes } from './routes/verification-routes';
import { randomHex, sharedSecret } from './secrets';
import { DevOutbox, type SmsProvider } from './sms';
import { createSmsGateway, type SmsGatewaySettings } from './sms-gateways';
import { statisticsRoutes } from './statistics/statistics-routes';
import { subAccountRoutes } from './sub-accounts/sub-account-routes';
import { UploadStore } from './uploads';
import { choosePaymentProvider, type PaymentProvider } from './vip/payments';
import { vipRoutes } from './vip/vip-routes';

export interface PortalSettings {
  /** Test configuration only: captcha answers readable, SMS codes fixed. Never on by default. */
  testHooks: boolean;
  /** Lists the dev SMS outbox over HTTP (development only). */
  devOutboxEndpoint: boolean;
  /** 32 hex digits; unset: one is generated once and kept in the database. */
  sm4Key?: string | null;
  /** Minutes a session may go unused; default 120. */
  sessionIdleMinutes?: number;
  /** Where uploads are stored; unset: a fresh temporary folder (in-memory servers only). */
  uploadDir?: string | null;
  /** SMS login and registration; default on. Off: the SMS routes answer SMS_LOGIN_DISABLED. */
  smsLogin?: boolean;
  /** The ICP filing number the footer shows; unset: none. */
  icp?: string;
  /** A real SMS gateway; unset: the dev outbox (server log), for development only. */
  smsGateway?: SmsGatewaySettings | null;
  /** WeChat website login; unset: off (the web hides its icon). */
  wechat?: WechatSettings | null;
  /** The AI assistant's model service; unset: the assistant answers 'not configured'. */
  ai?: AiSettings | null;
  /**
   * A real payment provider for VIP QR orders (docs/portal-api.md "Payment providers"); unset: the
   * offline development provider where development endpoints or test hooks are on, else none;
   * null: none, whatever else is on.
   */
  payments?: PaymentProvider | null;
}

export interface PortalDependencies {
  db: Database;
  app: AppCredentials;
  bus: Bus;
  writer: MessageWriter;
  log: (line: string) => void;
  /** Lines caused by a client, budgeted per address. */
  clientLog: ClientLog;
  /** An SMS provider object, in place of settings.smsGateway. */
  sms?: SmsProvider;
  limiter: RateLimiter;
  limits: LimitSettings;
  abilities: AbilitySwitches;
}

/** Builds the portal's shared state: secrets every process agrees on, sessions, uploads, SMS. */
export async function createPortalContext(settings: PortalSettings, deps: PortalDependencies): Promise<PortalContext> {
  const { db } = deps;
  if (settings.sm4Key && !isSm4Key(settings.sm4Key)) throw new Error('PORTAL_SM4_KEY must be 32 hex digits');
  const sm4Key = settings.sm4Key ?? (await sharedSecret(db, 'sm4-key', randomHex(16)));
  const jwtSecret = Buffer.from(await sharedSecret(db, 'jwt-hs256', randomHex(32)), 'hex');
  const idCardKey = await sharedSecret(db, 'id-card-hmac', randomHex(32));
  const fileLinkKey = Buffer.from(await sharedSecret(db, 'file-link-hmac', randomHex(32)), 'hex');
  const gateway = settings.smsGateway ? createSmsGateway(settings.smsGateway) : null;
  const sms = deps.sms ?? gateway ?? new DevOutbox(deps.log);
  const wechat = settings.wechat
    ? new WechatLogin(settings.wechat, Buffer.from(await sharedSecret(db, 'wechat-state-hmac', randomHex(32)), 'hex'))
    : null;
  return {
    db,
    app: deps.app,
    bus: deps.bus,
    writer: deps.writer,
    clientLog: deps.clientLog,
    sessions: new Sessions(db, { secret: jwtSecret, idleMs: (settings.sessionIdleMinutes ?? 120) * 60_000 }),
    sm4Key,
    idCardKey,
    sms,
    smsLogin: settings.smsLogin ?? true,
    icp: settings.icp ?? '',
    outbox: sms instanceof DevOutbox ? sms : null,
    uploads: await UploadStore.open(db, settings.uploadDir ?? null),
    fileLinks: new FileLinks(fileLinkKey),
    limits: new PortalLimits(deps.limiter, deps.limits),
    testHooks: settings.testHooks,
    devOutboxEndpoint: settings.devOutboxEndpoint,
    wechat,
    ai: settings.ai ? openAIChatModel(settings.ai) : null,
    payments: choosePaymentProvider(settings.payments, settings.devOutboxEndpoint || settings.testHooks),
    abilities: deps.abilities,
  };
}

/** The portal REST API under /prod-api, RuoYi-style envelope on every answer. */
export function portalPlugin(ctx: PortalContext): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.setErrorHandler((err, request, reply) => {
      const refused = (code: number, msg: string) => {
        ctx.clientLog.info(request.ip, { url: request.url, code }, 'portal request refused');
        return reply.send({ code, msg });
      };
      if (err instanceof PortalError) return refused(err.code, err.message);
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 413) return refused(PortalCode.ERROR, '请求内容过大');
      if ((status !== undefined && status >= 400 && status < 500) || err instanceof SyntaxError) {
        return refused(malformedRequest.code, malformedRequest.msg);
      }
      ctx.clientLog.fault(request.ip, err, 'portal request failed');
      return reply.send({ code: PortalCode.ERROR, msg: defaultPortalMessages[PortalCode.ERROR] });
    });
    app.addHook('onRequest', async (request) => refuseUnstorableAddress(request));
    app.setNotFoundHandler((_request, reply) =>
      reply.send({ code: PortalCode.NOT_FOUND, msg: defaultPortalMessages[PortalCode.NOT_FOUND] }),
    );
    authRoutes(app, ctx);
    selfRoutes(app, ctx);
    verificationRoutes(app, ctx);
    adminRoutes(app, ctx);
    abilitiesRoutes(app, ctx);
    vipRoutes(app, ctx);
    pointsRoutes(app, ctx);
    subAccountRoutes(app, ctx);
    companyRoutes(app, ctx);
    statisticsRoutes(app, ctx);
    needsRoutes(app, ctx);
    cooperationRoutes(app, ctx);
    followRoutes(app, ctx);
    mallRoutes(app, ctx);
    reportRoutes(app, ctx);
    officialServiceRoutes(app, ctx);
    catalogueRoutes(app, ctx);
    portalSearchRoutes(app, ctx);
    aiRoutes(app, ctx);
    officialPushRoutes(app, ctx);
    await fileRoutes(app, ctx);
  };
}
