import { type DeploymentAbilities, IM_PATH } from '@liaison/protocol';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { loadOrCreateDevApp } from './auth/app-credentials';
import type { AppCredentials } from './auth/usersig';
import type { Bus } from './bus/bus';
import { createLocalBus } from './bus/local-bus';
import { Callbacks } from './callbacks/callbacks';
import { type CallbackSettings, defaultCallbackSettings } from './callbacks/settings';
import type { Database } from './db/database';
import { openDatabase } from './db/open';
import { serveSnapshots } from './db/snapshot';
import { seedDemoData } from './demo/seed';
import type { BlobStore } from './files/blob-store';
import { registerFileRoutes } from './files/routes';
import type { FileSettings } from './files/settings';
import { createGateway, type Gateway } from './gateway/gateway';
import type { Services } from './gateway/handler-table';
import { SessionRegistry } from './gateway/registry';
import { CallService } from './im/calls/call-service';
import { type CallSettings, defaultCallSettings } from './im/calls/settings';
import { AbilitySwitches } from './im/deployment/abilities';
import { defaultAbilities } from './im/deployment/settings';
import { defaultMessageActionSettings, type MessageActionSettings } from './im/message-actions/message-actions';
import { publishMessages } from './im/messages/delivery';
import { MessageWriter } from './im/messages/message-writer';
import { flagRiskyMessage } from './im/messages/risk-flags';
import { PresenceService } from './im/presence/presence-service';
import { defaultPresenceSettings, type PresenceSettings } from './im/presence/settings';
import { BlockerIndex } from './im/relations/blockers';
import { type C2CSettings, defaultC2CSettings } from './im/relations/c2c-settings';
import { indexStoredMessages } from './im/search/backfill';
import { defaultTranslationSettings, type TranslationSettings } from './im/translation/settings';
import { TranslationService } from './im/translation/translation-service';
import { parseTrustProxy } from './limits/client-address';
import { Gate } from './limits/gate';
import { SqlRateLimiter, sweepPeriodically } from './limits/rate-limiter';
import { defaultLimits, type LimitSettings } from './limits/settings';
import { ClientLog } from './logging/client-log';
import { logRequests } from './logging/request-log';
import { type MetricsAccess, registerMetricsRoute } from './metrics/access';
import { observeBatch, observeDelivery, trackSessions } from './metrics/metrics';
import { registerModerationCallback } from './moderation/callback-route';
import { createModeration, type ModerationSettings } from './moderation/settings';
import { stopHashingThread } from './portal/auth/passwords';
import { malformedRequest } from './portal/envelope';
import { createPortalContext, type PortalSettings, portalPlugin } from './portal/plugin';
import { registerRestApi } from './rest-api/routes';
import { defaultRestApiSettings, type RestApiSettings } from './rest-api/settings';
import { type BrowserConfig, loadBrowserConfig } from './web/browser-config';
import { createOriginGuard } from './web/origin';
import { registerSecurityHeaders } from './web/security-headers';
import { serveWebApp } from './web/static';

/** Concurrent write transactions per process on PostgreSQL; the pool keeps connections for reads. */
const WRITER_LANES_POSTGRES = 4;
/** Logins reading the database at once; the rest queue, so a reconnect storm does not stall sends. */
const LOGINS_AT_ONCE = 32;
/** On shutdown, HTTP requests still running after this lose their connections. */
const HTTP_CLOSE_GRACE_MS = 1_000;
/** How often expired rate-limit counters are deleted. */
const LIMIT_SWEEP_MS = 10 * 60_000;

export interface ServerOptions {
  port: number;
  host: string;
  /** null keeps the embedded database in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | null;
  natsUrl: string | null;
  /** null in embedded mode: a development app is generated in dataDir (or in memory). */
  app: AppCredentials | null;
  logLevel: string;
  /** Log lines one client address may cause per minute; default DEFAULT_LINES_PER_ADDRESS. */
  logLinesPerAddress?: number;
  /** Where log lines go; default stdout (tests capture them). */
  logStream?: NodeJS.WritableStream;
  portal: PortalSettings;
  /** https hosts avatar URLs may point at, besides our own uploads (AVATAR_URL_HOSTS); default none. */
  avatarUrlHosts?: readonly string[];
  /** The built web app to serve at `/`; null or a folder without a build serves none. */
  webDir?: string | null;
  /** Seed demo people, enterprises and history into an empty database (embedded demo mode). */
  demo?: boolean;
  /** Security headers and socket origins; unset: the defaults of a development start. */
  browser?: BrowserConfig;
  /** Who may read GET /metrics besides loopback; default: loopback only. */
  metrics?: MetricsAccess;
  /** Abuse limits; unset ones take their defaults (limits/settings.ts). */
  limits?: Partial<LimitSettings>;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client; unset: none. */
  trustProxy?: string | null;
  /** IM file storage, limits and sweep (docs/files.md); unset: a temporary folder, default ages. */
  files?: Partial<FileSettings>;
  /** Content moderation (docs/moderation.md); unset: everything passes. */
  moderation?: ModerationSettings;
  /** REVOKE_WINDOW_SECONDS, and a clock tests may move (docs/message-actions.md); unset: 120 s, real time. */
  messageActions?: Partial<MessageActionSettings>;
  /** PRESENCE_OFFLINE_GRACE_MS (docs/presence-and-translation.md); unset: 5 s. */
  presence?: Partial<PresenceSettings>;
  /** Translation and voice-to-text providers (docs/presence-and-translation.md); unset: both off. */
  translation?: Partial<TranslationSettings>;
  /** IM_C2C_REQUIRES_FRIENDSHIP (docs/friends-and-blocklist.md); unset: anyone may message anyone. */
  c2c?: Partial<C2CSettings>;
  /** Call invite timeout, ICE servers and a clock tests may move (docs/calls.md); unset: 60 s, no ICE servers. */
  calls?: Partial<CallSettings>;
  /** ABILITY_* defaults of the deployment's switches (docs/deploy.md, Deployment plans); unset: all on. */
  abilities?: Partial<DeploymentAbilities>;
  /** IM_ADMIN_USERIDS: who may call the server REST API (docs/server-api.md); unset: `administrator`. */
  restApi?: Partial<RestApiSettings>;
  /** CALLBACK_URL and the rest of Tencent's third-party callbacks (docs/server-api.md, Callbacks); unset: none. */
  callbacks?: Partial<Omit<CallbackSettings, 'sdkAppID'>>;
}

/** One HTTP route as registered; harnesses enumerate these so a new route is covered at once. */
export interface RouteEntry {
  method: string;
  url: string;
}

export interface LiaisonServer {
  readonly http: FastifyInstance;
  /** Every HTTP route the server registered (HEAD twins included), in registration order. */
  readonly routes: readonly RouteEntry[];
  readonly gateway: Gateway;
  readonly db: Database;
  readonly app: AppCredentials;
  /** Set when a development app was generated on this start. */
  readonly appCreated: boolean;
  /** The abuse limits this server runs with. */
  readonly limits: LimitSettings;
  /** The deployment's switches (im/deployment/), as the admin screen sets them. */
  readonly abilities: AbilitySwitches;
  /** http://host:port once listening. */
  url: string;
  listen(): Promise<string>;
  /** Stops taking connections, commits every acknowledged write, then closes storage and bus. */
  close(): Promise<void>;
}

export async function createServer(options: ServerOptions): Promise<LiaisonServer> {
  const limits = { ...defaultLimits, ...options.limits };
  const trustProxy = parseTrustProxy(options.trustProxy);
  const http = Fastify({
    logger: { level: options.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    ...(trustProxy ? { trustProxy: (address: string) => trustProxy(address) } : {}),
    // One line per request, budgeted per client address, instead of two unbudgeted ones.
    logController: new LogController({ disableRequestLogging: true }),
    // A URL the router cannot decode (`%ff`) fails before any route; the portal still answers
    // with its envelope.
    frameworkErrors: (err, request, reply) => {
      // The option's reply is typed for no route at all; it is an ordinary reply.
      const answer = (reply as unknown as FastifyReply).code(err.statusCode ?? 400);
      if (request.url.startsWith('/prod-api/')) return answer.send(malformedRequest);
      return answer.send({ statusCode: answer.statusCode, error: 'Bad Request', message: err.message });
    },
  });
  const routes: RouteEntry[] = [];
  http.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const browser = options.browser ?? loadBrowserConfig({});
  await registerSecurityHeaders(http, browser, options.avatarUrlHosts);
  const log = (err: unknown, context: string) => http.log.error({ err }, context);
  const clientLog = new ClientLog(http.log, options.logLinesPerAddress);
  logRequests(http, clientLog);
  let app = options.app;
  let appCreated = false;
  if (!app) {
    if (options.dataDir) {
      ({ app, created: appCreated } = await loadOrCreateDevApp(options.dataDir));
    } else {
      app = { sdkAppID: 1_400_000_001, secretKey: 'in-memory-test-secret' };
    }
  }
  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  const limiter = new SqlRateLimiter(db);
  const stopSweeping = sweepPeriodically(limiter, LIMIT_SWEEP_MS, (err) => log(err, 'rate-limit sweep'));
  // After a NATS outage the sessions here may have missed pushes: they reconnect, and the SDK's
  // reconnect sync fetches what they missed.
  let gateway: Gateway | null = null;
  // nats is loaded only with a NATS URL: an embedded server never needs it.
  const bus: Bus = options.natsUrl
    ? await (await import('./bus/nats-bus')).createNatsBus(
        options.natsUrl,
        (err) => log(err, 'bus'),
        () => {
          const dropped = gateway?.dropConnections() ?? 0;
          http.log.warn(`bus reconnected: ${dropped} sessions reconnect to catch up on what they missed`);
          blockers.reload().catch((err) => log(err, 'blocker index'));
        },
      )
    : createLocalBus();
  const blockers = new BlockerIndex(db, bus, String(app.sdkAppID));
  await blockers.start();
  const registry = new SessionRegistry();
  const callbackUrl = options.callbacks?.url;
  const callbacks = callbackUrl
    ? new Callbacks(db, { ...defaultCallbackSettings, ...options.callbacks, url: callbackUrl, sdkAppID: app.sdkAppID })
    : null;
  const presence = new PresenceService({
    callbacks,
    db,
    bus,
    registry,
    settings: { ...defaultPresenceSettings, ...options.presence },
    scope: String(app.sdkAppID),
    blockers,
    onError: (err) => log(err, 'typing'),
  });
  presence.start();
  const abilities = new AbilitySwitches({
    db,
    bus,
    registry,
    defaults: { ...defaultAbilities, ...options.abilities },
    scope: String(app.sdkAppID),
  });
  await abilities.start((err) => log(err, 'deployment abilities'));
  // Voice-to-text reads the file store, which the file routes open further down.
  let blobStore: BlobStore | null = null;
  const translation = new TranslationService({
    db,
    settings: { ...defaultTranslationSettings, ...options.translation },
    blobs: () => {
      if (!blobStore) throw new Error('the file store is not open yet');
      return blobStore;
    },
  });
  bus.subscribe((delivery) => {
    observeDelivery(delivery);
    registry.deliver(delivery);
    presence.observe(delivery);
  });
  const writer = new MessageWriter(
    db,
    (results) => {
      observeBatch(results.length);
      return publishMessages(bus, results);
    },
    (err) => log(err, 'message writer'),
    db.engine === 'postgres' ? WRITER_LANES_POSTGRES : 1,
    { settings: { ...defaultC2CSettings, ...options.c2c }, mayBlock: (userID) => blockers.mayBlock(userID) },
  );
  const calls = new CallService({
    db,
    bus,
    writer,
    registry,
    settings: { ...defaultCallSettings, ...options.calls },
    scope: String(app.sdkAppID),
    c2c: { settings: { ...defaultC2CSettings, ...options.c2c }, mayBlock: (userID) => blockers.mayBlock(userID) },
    onlineUsers: () => presence.onlineUsers(),
    onError: (err) => log(err, 'calls'),
  });
  calls.start();
  const avatarHosts = new Set(options.avatarUrlHosts ?? []);
  const logins = new Gate(LOGINS_AT_ONCE);
  const moderationSettings = options.moderation ?? { file: null, url: null, callbackToken: null };
  const moderation = createModeration(moderationSettings, (line) => http.log.warn(line));
  moderation.provider.onLateVerdict?.((flag) => flagRiskyMessage(db, bus, flag));
  if (moderation.callback) registerModerationCallback(http, moderation.callback.token, moderation.callback.lateVerdict);
  const services: Services = {
    db,
    writer,
    bus,
    app,
    registry,
    avatarHosts,
    logins,
    moderation: moderation.provider,
    messageActions: { ...defaultMessageActionSettings, ...options.messageActions },
    presence,
    translation,
    blockers,
    calls,
    abilities,
    callbacks,
  };
  gateway = createGateway(services, clientLog, { limits, trustProxy });

  // Embedded database on disk: `npm run backup` asks this process for snapshots (see db/snapshot.ts).
  const snapshots =
    db.engine === 'pglite' && options.dataDir
      ? await serveSnapshots(options.dataDir, db, (err) => log(err, 'snapshot'))
      : null;
  const portal = await createPortalContext(options.portal, {
    db,
    app,
    bus,
    writer,
    log: (line) => http.log.info(line),
    clientLog,
    limiter,
    limits,
    abilities,
  });
  await http.register(portalPlugin(portal), { prefix: '/prod-api' });
  await registerRestApi(http, services, {
    ...defaultRestApiSettings,
    ...options.restApi,
    callsPerSecond: limits.restCallsPerSecond,
    processes: limits.imServerProcesses,
    log,
  });
  if (options.demo && (await seedDemoData(db, portal, writer)).seeded) {
    http.log.info('demo data seeded: see README.md for the demo accounts');
    // Its password hashes are done; a login starts the hashing thread again when it needs one.
    await stopHashingThread();
  }
  const webServed = options.webDir ? await serveWebApp(http, options.webDir) : false;
  if (options.webDir && !webServed) http.log.warn(`no web app build in ${options.webDir}: run npm run build:web`);

  http.get('/healthz', async () => {
    await db.query('SELECT 1');
    return { status: 'ok', sessions: gateway.sessionCount() };
  });
  const originGuard = createOriginGuard(browser);
  registerMetricsRoute(http, options.metrics ?? { token: null, allow: [] });
  blobStore = await registerFileRoutes(http, { db, app, browser, settings: options.files, log });
  const untrackSessions = trackSessions(() => gateway.sessionCount());
  http.server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== IM_PATH) socket.destroy();
    else if (originGuard.admit(req, socket, head)) gateway.handleUpgrade(req, socket, head);
  });

  // Messages stored before search existed get their tokens in the background (docs/search.md).
  let stopIndexing = false;
  const indexing = indexStoredMessages(db, { shouldStop: () => stopIndexing }).then(
    (run) => run.indexed > 0 && http.log.info(`search index: ${run.indexed} stored messages indexed`),
    (err) => log(err, 'search index back-fill'),
  );

  let closed: Promise<void> | null = null;
  const server: LiaisonServer = {
    http,
    routes,
    gateway,
    db,
    app,
    appCreated,
    limits,
    abilities,
    url: '',
    async listen() {
      server.url = await http.listen({ port: options.port, host: options.host });
      const address = http.server.address();
      if (address && typeof address === 'object') {
        const host = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
        server.url = `http://${host}:${address.port}`;
      }
      return server.url;
    },
    close() {
      closed ??= (async () => {
        stopSweeping();
        moderation.provider.close?.();
        // Stop accepting (new HTTP requests get 503, idle keep-alive connections close), answer
        // the sends in flight while their sockets are still open, then send every client away and
        // commit whatever arrived meanwhile (its senders retry it; the retry is answered from
        // storage). Requests still running after a short grace lose their connections.
        const httpClosed = withinGrace(http.close(), HTTP_CLOSE_GRACE_MS, () => http.server.closeAllConnections());
        await gateway.close(() => writer.drain());
        await writer.drain();
        await callbacks?.close();
        stopIndexing = true;
        await indexing;
        presence.close();
        calls.close();
        originGuard.close();
        untrackSessions();
        await httpClosed;
        await snapshots?.close();
        await portal.uploads.close();
        await bus.close();
        await db.close();
        clientLog.close();
      })();
      return closed;
    },
  };
  return server;
}

/** Waits for `done`; if it has not settled within `ms`, calls `cut` (which makes it settle) and waits on. */
async function withinGrace(done: Promise<unknown>, ms: number, cut: () => void): Promise<void> {
  const timer = setTimeout(cut, ms);
  try {
    await done;
  } finally {
    clearTimeout(timer);
  }
}
