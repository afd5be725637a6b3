import { IM_PATH } from '@liaison/protocol';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
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
import { malformedRequest } from './portal/envelope';
import { createPortalContext, type PortalSettings, portalPlugin } from './portal/plugin';
import { publishMessages } from './services/delivery';
import { MessageWriter } from './services/message-writer';
import { serveWebApp } from './web/static';

/** Concurrent write transactions per process on PostgreSQL; the pool keeps connections for reads. */
const WRITER_LANES_POSTGRES = 4;

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
  /** http://host:port once listening. */
  url: string;
  listen(): Promise<string>;
  /** Stops taking connections, commits every acknowledged write, then closes storage and bus. */
  close(): Promise<void>;
}

export async function createServer(options: ServerOptions): Promise<LiaisonServer> {
  const http = Fastify({
    logger: { level: options.logLevel },
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
  const bus: Bus = options.natsUrl ? await createNatsBus(options.natsUrl, (err) => log(err, 'bus')) : createLocalBus();
  const registry = new SessionRegistry();
  bus.subscribe((delivery) => registry.deliver(delivery));
  const writer = new MessageWriter(
    db,
    (results) => publishMessages(bus, results),
    (err) => log(err, 'message writer'),
    db.engine === 'postgres' ? WRITER_LANES_POSTGRES : 1,
  );
  const gateway = createGateway({ db, writer, bus, app, registry }, log, (err) =>
    http.log.info({ err: (err as Error).message }, 'client socket closed on error'),
  );

  const portal = await createPortalContext(options.portal, { db, app, log: (line) => http.log.info(line) });
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
    routes,
    gateway,
    db,
    app,
    appCreated,
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
