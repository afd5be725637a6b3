import { createServer } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const server = await createServer({
  port: config.port,
  host: config.host,
  dataDir: config.databaseUrl ? null : config.dataDir,
  databaseUrl: config.databaseUrl,
  natsUrl: config.natsUrl,
  app: config.sdkAppID !== null && config.secretKey ? { sdkAppID: config.sdkAppID, secretKey: config.secretKey } : null,
  logLevel: config.logLevel,
  logLinesPerAddress: config.logLinesPerAddress,
  avatarUrlHosts: config.avatarUrlHosts,
  portal: {
    testHooks: config.portalTestHooks,
    devOutboxEndpoint: config.smsDevOutboxEndpoint,
    smsLogin: config.smsLogin,
    icp: config.portalIcp,
    smsGateway: config.smsGateway,
    sm4Key: config.portalSm4Key,
    sessionIdleMinutes: config.portalSessionIdleMinutes,
    uploadDir: config.uploadDir,
    wechat: config.wechat,
    ai: config.ai,
  },
  webDir: config.webDir,
  demo: config.demo,
  browser: config.browser,
  metrics: config.metrics,
  limits: config.limits,
  trustProxy: config.trustProxy,
  files: config.files,
  moderation: config.moderation,
  messageActions: { revokeWindowSeconds: config.revokeWindowSeconds },
  presence: config.presence,
  translation: config.translation,
  callbacks: config.callbacks,
  abilities: config.abilities,
  restApi: config.restApi,
  c2c: config.c2c,
  calls: config.calls,
});
const url = await server.listen();
const storage = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
server.http.log.info(`Liaison listening on ${url} (IM WebSocket at ${url.replace(/^http/, 'ws')}/im), ${storage}`);
if (config.smsLogin && !config.smsGateway) {
  server.http.log.warn('No SMS gateway (SMS_PROVIDER): login codes are written to this log. Development only.');
}
if (!config.smsLogin) server.http.log.info('SMS login and registration are off (PORTAL_SMS_LOGIN=0)');
if (config.portalTestHooks) server.http.log.warn('PORTAL_TEST_HOOKS is on: captcha answers are readable. Tests only.');
server.http.log.info(
  `SDKAppID ${server.app.sdkAppID}${server.appCreated ? ' (development app generated; kept in the data dir)' : ''}`,
);

const SHUTDOWN_DEADLINE_MS = 10_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.http.log.info(`${signal}: shutting down`);
    // A shutdown takes about a second; one stuck on an unreachable database or bus must not keep
    // a supervisor waiting for ever.
    setTimeout(() => {
      server.http.log.error(`shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.http.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
