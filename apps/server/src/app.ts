import { IM_PATH } from '@liaison/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadOrCreateDevApp } from './auth/app-credentials';
import type { AppCredentials } from './auth/usersig';
import type { Bus } from './bus/bus';
import { createLocalBus } from './bus/local-bus';
import { createNatsBus } from './bus/nats-bus';
import type { Database } from './db/database';
import { openDatabase } from './db/open';
import { seedDemoData } from './demo/seed';
import { createGateway, type Gateway } from './gateway/gateway';
import { SessionRegistry } from './gateway/registry';
import { parseTrustProxy } from './limits/client-address';
import { SqlRateLimiter, sweepPeriodically } from './limits/rate-limiter';
import { defaultLimits, type LimitSettings } from './limits/settings';
import { createPortalContext, type PortalSettings, portalPlugin } from './portal/plugin';
import { publishMessages } from './services/delivery';
import { MessageWriter } from './services/message-writer';
import { serveWebApp } from './web/static';

/** Concurrent write transactions per process on PostgreSQL; the pool keeps connections for reads. */
const WRITER_LANES_POSTGRES = 4;
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
  portal: PortalSettings;
  /** The built web app to serve at `/`; null or a folder without a build serves none. */
  webDir?: string | null;
  /** Seed demo people, enterprises and history into an empty database (embedded demo mode). */
  demo?: boolean;
  /** Abuse limits; unset ones take their defaults (limits/settings.ts). */
  limits?: Partial<LimitSettings>;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client; unset: none. */
  trustProxy?: string | null;
}

export interface LiaisonServer {
  readonly http: FastifyInstance;
  readonly gateway: Gateway;
  readonly db: Database;
  readonly app: AppCredentials;
  /** Set when a development app was generated on this start. */
  readonly appCreated: boolean;
  /** The abuse limits this server runs with. */
  readonly limits: LimitSettings;
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
    logger: { level: options.logLevel },
    ...(trustProxy ? { trustProxy: (address: string) => trustProxy(address) } : {}),
  });
  const log = (err: unknown, context: string) => http.log.error({ err }, context);
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
  const bus: Bus = options.natsUrl ? await createNatsBus(options.natsUrl, (err) => log(err, 'bus')) : createLocalBus();
  const registry = new SessionRegistry();
  bus.subscribe((delivery) => registry.deliver(delivery));
  const writer = new MessageWriter(
    db,
    (results) => publishMessages(bus, results),
    (err) => log(err, 'message writer'),
    db.engine === 'postgres' ? WRITER_LANES_POSTGRES : 1,
  );
  const gateway = createGateway(
    { db, writer, bus, app, registry },
    log,
    (err) => http.log.info({ err: (err as Error).message }, 'client socket closed on error'),
    { limits, trustProxy },
  );

  const portal = await createPortalContext(options.portal, {
    db,
    app,
    log: (line) => http.log.info(line),
    limiter,
    limits,
  });
  await http.register(portalPlugin(portal), { prefix: '/prod-api' });
  if (options.demo && (await seedDemoData(db, portal, writer)).seeded) {
    http.log.info('demo data seeded: see README.md for the demo accounts');
  }
  const webServed = options.webDir ? await serveWebApp(http, options.webDir) : false;
  if (options.webDir && !webServed) http.log.warn(`no web app build in ${options.webDir}: run npm run build:web`);

  http.get('/healthz', async () => {
    await db.query('SELECT 1');
    return { status: 'ok', sessions: gateway.sessionCount() };
  });
  http.server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === IM_PATH) gateway.handleUpgrade(req, socket, head);
    else socket.destroy();
  });

  let closed: Promise<void> | null = null;
  const server: LiaisonServer = {
    http,
    gateway,
    db,
    app,
    appCreated,
    limits,
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
        // Acknowledge what is in flight while the sockets are still open, then close them and
        // commit whatever arrived meanwhile (its senders will retry it; the retry is answered
        // from storage).
        stopSweeping();
        await writer.drain();
        await gateway.close();
        await writer.drain();
        await http.close();
        await bus.close();
        await db.close();
      })();
      return closed;
    },
  };
  return server;
}
