/**
 * `npm run bench -- storm` runs the reconnect storm alone (bench/scenarios/storm.ts);
 * `npm run bench -- kit` measures what browsers download alone: the chat kit, the SDK beside Tencent's, the portal's home page (bench/bundle-size.ts);
 * `npm run bench -- uploads` measures file uploads and image sizes alone (bench/scenarios/uploads.ts);
 * `npm run bench -- sessions` measures the sessions held alone: logins/s and server RSS per session (bench/scenarios/sessions.ts);
 * `npm run bench -- typing` compares C2C throughput with typing traffic off and on (bench/scenarios/typing.ts);
 * `npm run bench -- receipts` measures group read receipts alone: receipts/s and rows per message (bench/receipts.ts);
 * `npm run bench -- community` measures one 10,000-member Community alone: fan-out, rows per message, reads at 100,000 (bench/scenarios/community.ts);
 * `npm run bench -- search` measures message search over 1,000,000 stored messages alone (bench/scenarios/search.ts);
 * `npm run bench -- history` measures history pages and search at 10,000,000 messages on PostgreSQL alone (bench/scenarios/history.ts);
 * `npm run bench -- calls` measures calls alone: signalling set-up time, C2C latency with 1,000 calls ringing (bench/scenarios/calls.ts), and set-up time in Chromium with real WebRTC (bench/scenarios/calls-browser.ts).
 *
 * `npm run bench`: measures Liaison in two configurations (embedded PGlite + in-process bus;
 * PostgreSQL + NATS) and a bare `ws` relay (the ceiling), then prints one JSON document on stdout.
 * Progress goes to stderr. Benchmarks print numbers and never assert. See docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { compareWithBaseline, comparisonLines, readBaseline } from './baseline';
import { bundleTargets, measureBundleSizes } from './bundle-size';
import { BenchCallbackEndpoint, callbackOutcomes } from './callback-endpoint';
import { type BenchConfig, loadBenchConfig } from './config';
import { Generator } from './generator';
import type { AppCredentials } from './ipc';
import { benchLimitEnv, benchServerLimits } from './limits';
import { createBenchDatabase } from './postgres';
import { machineBusyCores, now, type ProcessGroups, pidsByName, readMemory, round1, sleep } from './proc';
import { receiptsBench } from './receipts';
import { get, num } from './report-fields';
import { c2cScenario } from './scenarios/c2c';
import { callBenchSettings, callsScenario } from './scenarios/calls';
import { browserCallSettings, browserCallsBench } from './scenarios/calls-browser';
import { communityBenchSettings, communityScenario } from './scenarios/community';
import type { ScenarioContext, Target } from './scenarios/context';
import { groupScenario } from './scenarios/group';
import { historyBench, historyBenchSettings } from './scenarios/history';
import { searchBench, searchBenchSettings } from './scenarios/search';
import { sessionsScenario } from './scenarios/sessions';
import { stormScenario } from './scenarios/storm';
import { typingBenchSettings, typingScenario } from './scenarios/typing';
import { uploadBenchSettings, uploadsScenario } from './scenarios/uploads';
import { serverCheckout } from './server-checkout';
import { REPO_ROOT, type ServiceProcess, serverOpenFiles, startService, tail } from './server-process';

const STORM_ONLY = process.argv.slice(2).includes('storm');
/** `npm run bench -- kit`: bundle sizes alone (bench/bundle-size.ts). */
const KIT_ONLY = process.argv.slice(2).includes('kit');
/** `npm run bench -- uploads`: IM file uploads and image sizes alone (bench/scenarios/uploads.ts). */
const UPLOADS_ONLY = process.argv.slice(2).includes('uploads');
/** `npm run bench -- typing`: C2C throughput with typing traffic off and on, alone (bench/scenarios/typing.ts). */
const TYPING_ONLY = process.argv.slice(2).includes('typing');
/** `npm run bench -- sessions`: the sessions held alone, logins/s and RSS per session (bench/scenarios/sessions.ts). */
const SESSIONS_ONLY = process.argv.slice(2).includes('sessions');
/** `npm run bench -- receipts`: group read receipts alone (bench/receipts.ts). */
const RECEIPTS_ONLY = process.argv.slice(2).includes('receipts');
/** `npm run bench -- community`: one large Community alone (bench/scenarios/community.ts). */
const COMMUNITY_ONLY = process.argv.slice(2).includes('community');
/** `npm run bench -- search`: message search over a large stored corpus alone (bench/scenarios/search.ts). */
const SEARCH_ONLY = process.argv.slice(2).includes('search');
/** `npm run bench -- history`: history pages and search at 10M messages, PostgreSQL, alone (bench/scenarios/history.ts). */
const HISTORY_ONLY = process.argv.slice(2).includes('history');
/** `npm run bench -- calls`: calls alone (bench/scenarios/calls.ts, bench/scenarios/calls-browser.ts). */
const CALLS_ONLY = process.argv.slice(2).includes('calls');
const startedAt = now();
const log = (line: string) => process.stderr.write(`[bench +${Math.round((now() - startedAt) / 1000)}s] ${line}\n`);

type Section = Record<string, unknown>;

async function attempt<T>(what: string, fn: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await fn();
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    log(`${what} FAILED: ${message.split('\n')[0]}`);
    return { error: message };
  }
}

/** First start on an empty database (migrations, PGlite initdb), stopped; then the start that is measured. */
async function startTwice(
  name: string,
  env: Record<string, string>,
  logDir: string,
  nodeArgs: string[],
  /** Another commit's checkout to run the server from (BENCH_SERVER_COMMIT). */
  root?: string,
  /** Open files the measured process needs for the sessions (serverOpenFiles). */
  openFiles?: number,
): Promise<{ server: ServiceProcess; firstStart: Section }> {
  log(`${name}: first start (empty database)`);
  const first = await startService({ name: `${name}-first`, script: 'apps/server/src/main.ts', env, logDir, root });
  await sleep(1000);
  const firstStart = { readyMs: first.readyMs, idleRssMB: readMemory(first.pid)?.rssMB ?? null };
  await first.stop();
  log(`${name}: restart (the measured process)`);
  const server = await startService({
    name,
    script: 'apps/server/src/main.ts',
    env,
    logDir,
    nodeArgs,
    root,
    openFiles,
  });
  return { server, firstStart };
}

async function measureServer(
  cfg: BenchConfig,
  gen: Generator,
  name: string,
  server: ServiceProcess,
  app: AppCredentials,
  cpuGroups: ProcessGroups,
  tag: string,
  /** PostgreSQL: the scratch database, which the community scenario reads and seeds. */
  databaseUrl: string | null = null,
): Promise<Section> {
  const target: Target = {
    name,
    pid: server.pid,
    wsUrl: server.wsUrl,
    healthUrl: `http://127.0.0.1:${server.port}/healthz`,
    app,
  };
  const ctx: ScenarioContext = { gen, target, cfg, cpuGroups, tag, log: (l) => log(`${name}: ${l}`) };
  const out: Section = { start: { readyMs: server.readyMs, idleRssMB: readMemory(server.pid)?.rssMB ?? null } };
  if (STORM_ONLY) {
    out.storm = await attempt(`${name} storm`, () => stormScenario(ctx));
    return out;
  }
  if (SESSIONS_ONLY) {
    out.sessions = await attempt(`${name} sessions`, () => sessionsScenario(ctx));
    return out;
  }
  if (TYPING_ONLY) {
    out.typing = await attempt(`${name} typing`, () => typingScenario(ctx, typingBenchSettings()));
    return out;
  }
  if (CALLS_ONLY) {
    out.calls = await attempt(`${name} calls`, () => callsScenario(ctx, callBenchSettings(cfg.quick)));
    return out;
  }
  if (COMMUNITY_ONLY) {
    out.community = await attempt(`${name} community`, () =>
      communityScenario(ctx, communityBenchSettings(cfg.quick), databaseUrl),
    );
    return out;
  }
  out.sessions = await attempt(`${name} sessions`, () => sessionsScenario(ctx));
  out.c2c = {
    saturation: await attempt(`${name} c2c saturation`, () => c2cScenario(ctx, 'closed')),
    offered: await attempt(`${name} c2c offered`, () => c2cScenario(ctx, 'open')),
  };
  out.group = {
    saturation: await attempt(`${name} group saturation`, () => groupScenario(ctx, 'closed')),
    offered: await attempt(`${name} group offered`, () => groupScenario(ctx, 'open')),
  };
  out.serverRssAtEndMB = readMemory(server.pid)?.rssMB ?? null;
  if (callbackEndpoint) {
    out.callbacks = await attempt(`${name} callbacks`, () => callbackOutcomes(`http://127.0.0.1:${server.port}`));
    log(`${name}: callbacks by outcome ${JSON.stringify(out.callbacks)}`);
  }
  return out;
}

/** BENCH_CALLBACKS: the app backend the measured servers post callbacks to, for the whole run. */
let callbackEndpoint: BenchCallbackEndpoint | null = null;

async function runEmbedded(cfg: BenchConfig, gen: Generator, tmp: string, root?: string): Promise<Section> {
  const dataDir = join(tmp, 'embedded-data');
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...benchLimitEnv, ...callbackEndpoint?.env };
  const { server, firstStart } = await startTwice(
    'embedded',
    env,
    tmp,
    cfg.serverNodeArgs,
    root,
    serverOpenFiles(cfg.sessions),
  );
  try {
    // Embedded default: the server generated a development app in the data dir; sign with it.
    const app = JSON.parse(await readFile(join(dataDir, 'dev-app.json'), 'utf8')) as AppCredentials;
    const cpuGroups = { server: () => [server.pid], generator: () => gen.pids };
    return {
      storage: 'PGlite (embedded, WASM, in the server process)',
      bus: 'in-process',
      firstStart,
      ...(await measureServer(cfg, gen, 'embedded', server, app, cpuGroups, 'e')),
    };
  } finally {
    await server.stop();
    if (server.pid) log(`embedded: stopped (log: ${server.logFile})`);
  }
}

async function runPostgres(cfg: BenchConfig, gen: Generator, tmp: string, root?: string): Promise<Section> {
  const db = await createBenchDatabase(cfg.pgAdminUrl);
  log(`postgres: created database ${db.name}`);
  const app: AppCredentials = { sdkAppID: 1_400_000_000 + (process.pid % 1_000_000), secretKey: `bench-${now()}` };
  const env = {
    DATA_DIR: join(tmp, 'postgres-data'),
    DATABASE_URL: db.url,
    NATS_URL: cfg.natsUrl,
    SDK_APP_ID: String(app.sdkAppID),
    SDK_SECRET_KEY: app.secretKey,
    LOG_LEVEL: 'warn',
    ...benchLimitEnv,
    ...callbackEndpoint?.env,
  };
  try {
    const { server, firstStart } = await startTwice(
      'postgres',
      env,
      tmp,
      cfg.serverNodeArgs,
      root,
      serverOpenFiles(cfg.sessions),
    );
    try {
      const cpuGroups = {
        server: () => [server.pid],
        generator: () => gen.pids,
        postgres: () => pidsByName(['postgres']),
        nats: () => pidsByName(['nats-server']),
      };
      return {
        storage: `PostgreSQL ${db.settings.server_version} on 127.0.0.1 (same machine)`,
        bus: `NATS ${cfg.natsUrl} (same machine)`,
        postgresSettings: db.settings,
        firstStart,
        ...(await measureServer(cfg, gen, 'postgres', server, app, cpuGroups, 'p', db.url)),
      };
    } finally {
      await server.stop();
      log(`postgres: stopped (log: ${server.logFile})`);
    }
  } finally {
    await db.drop().catch((err: unknown) => log(`postgres: could not drop ${db.name}: ${(err as Error).message}`));
    log(`postgres: dropped database ${db.name}`);
  }
}

/** Uploads against their own embedded server, files on its disk store. */
async function runUploads(cfg: BenchConfig, tmp: string): Promise<Section> {
  const dataDir = join(tmp, 'uploads-data');
  // NODE_ENV explicitly: the bundle-size builds before this set it to production in this process.
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: '0', NODE_ENV: 'development', ...benchLimitEnv };
  const server = await startService({ name: 'uploads', script: 'apps/server/src/main.ts', env, logDir: tmp });
  try {
    const app = JSON.parse(await readFile(join(dataDir, 'dev-app.json'), 'utf8')) as AppCredentials;
    const target = { pid: server.pid, port: server.port, app };
    return {
      storage: 'disk store (DATA_DIR/files), embedded PGlite',
      ...(await uploadsScenario(target, uploadBenchSettings(cfg.quick), { server: () => [server.pid] }, log)),
    };
  } finally {
    await server.stop();
  }
}

async function runRelay(cfg: BenchConfig, gen: Generator, tmp: string): Promise<Section> {
  const relay = await startService({ name: 'relay', script: 'bench/relay.ts', env: {}, logDir: tmp });
  try {
    const target: Target = {
      name: 'relay',
      pid: relay.pid,
      wsUrl: relay.wsUrl,
      healthUrl: `http://127.0.0.1:${relay.port}/healthz`,
      app: null,
    };
    const ctx: ScenarioContext = {
      gen,
      target,
      cfg,
      cpuGroups: { server: () => [relay.pid], generator: () => gen.pids },
      tag: 'r',
      log: (l) => log(`relay: ${l}`),
    };
    return {
      what: 'bare ws relay: same frames, no auth, no validation, no storage (bench/relay.ts)',
      start: { readyMs: relay.readyMs, idleRssMB: readMemory(relay.pid)?.rssMB ?? null },
      sessions: await attempt('relay sessions', () => sessionsScenario(ctx)),
      c2c: {
        saturation: await attempt('relay c2c saturation', () => c2cScenario(ctx, 'closed')),
        offered: await attempt('relay c2c offered', () => c2cScenario(ctx, 'open')),
      },
    };
  } finally {
    await relay.stop();
  }
}

// ---------------------------------------------------------------------------------------------

type Num = number | null | undefined;
const ratio = (a: Num, b: Num) => (a && b ? Math.round((a / b) * 1000) / 1000 : null);

function compare(cfg: BenchConfig, results: Record<string, Section>) {
  const relayAcked = num(results.relay, 'c2c.saturation.ackedPerS');
  const targets: Section = {};
  const relayFraction: Section = {};
  for (const name of cfg.configs) {
    const r = results[name];
    const rss = num(r, 'sessions.rssMB.withSessions');
    const opened = num(r, 'sessions.ramp.opened');
    const offered = get(r, 'c2c.offered') as Section | undefined;
    const ackedAtRate = num(offered, 'ackedPerS');
    const deliveredAtRate = num(offered, 'deliveredPerS');
    const p99 = num(offered, 'latencyMs.p99Ms');
    const failures = Object.values((get(offered, 'totals.failed') as Record<string, number>) ?? {}).reduce(
      (n, v) => n + v,
      0,
    );
    const missing = num(offered, 'totals.missingDeliveries');
    // 1 % tolerance on the rate: counts inside a fixed window lose a few messages at its edges.
    const rateOk = (v: number | null) => v !== null && v >= cfg.c2cRate * 0.99;
    const fraction = ratio(num(r, 'c2c.saturation.ackedPerS'), relayAcked);
    relayFraction[name] = {
      ackedFraction: fraction,
      deliveredFraction: ratio(
        num(r, 'c2c.saturation.deliveredPerS'),
        num(results.relay, 'c2c.saturation.deliveredPerS'),
      ),
    };
    targets[name] = {
      sessions10kUnder1GB: {
        sessions: opened,
        serverRssMB: rss,
        met: opened !== null && opened >= 10_000 && rss !== null && rss < 1024,
        ...(cfg.sessions < 10_000 ? { note: `measured with ${cfg.sessions} sessions, not 10,000` } : {}),
      },
      c2c5kPersistedDeliveredP99Under100ms: {
        offeredPerS: cfg.c2cRate,
        ackedPerS: ackedAtRate,
        deliveredPerS: deliveredAtRate,
        p99Ms: p99,
        failures,
        missingDeliveries: missing,
        met:
          cfg.c2cRate >= 5000 &&
          rateOk(ackedAtRate) &&
          rateOk(deliveredAtRate) &&
          p99 !== null &&
          p99 < 100 &&
          failures === 0 &&
          missing === 0,
        ...(cfg.c2cRate < 5000 ? { note: `offered rate was ${cfg.c2cRate} msg/s, not 5,000` } : {}),
      },
      atLeastHalfOfRelay: { fraction, met: fraction !== null && fraction >= 0.5 },
    };
  }
  return { relayFraction, targets };
}

async function main(): Promise<void> {
  if (KIT_ONLY) {
    const bundleSizes = await measureBundleSizes();
    process.stdout.write(
      `${JSON.stringify({ benchmark: 'liaison', command: 'npm run bench -- kit', code: gitState(), bundleSizes, targets: bundleTargets(bundleSizes) }, null, 2)}\n`,
    );
    return;
  }
  const cfg = loadBenchConfig();
  if (UPLOADS_ONLY) {
    const tmp = await mkdtemp(join(tmpdir(), 'liaison-bench-'));
    const command = `${cfg.quick ? 'BENCH_QUICK=1 ' : ''}npm run bench -- uploads`;
    const uploads = await attempt('uploads', () => runUploads(cfg, tmp));
    const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version };
    process.stdout.write(`${JSON.stringify({ benchmark: 'liaison', command, machine, uploads }, null, 2)}\n`);
    await rm(tmp, { recursive: true, force: true });
    return;
  }
  if (RECEIPTS_ONLY) {
    const tmp = await mkdtemp(join(tmpdir(), 'liaison-bench-'));
    const command = `${cfg.quick ? 'BENCH_QUICK=1 ' : ''}npm run bench -- receipts`;
    const receipts = await attempt('receipts', () => receiptsBench(cfg, tmp, log));
    const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version };
    process.stdout.write(`${JSON.stringify({ benchmark: 'liaison', command, machine, receipts }, null, 2)}\n`);
    await rm(tmp, { recursive: true, force: true });
    return;
  }
  if (SEARCH_ONLY) {
    const tmp = await mkdtemp(join(tmpdir(), 'liaison-bench-'));
    const command = `${cfg.quick ? 'BENCH_QUICK=1 ' : ''}npm run bench -- search`;
    const busyCoresBeforeStart = await machineBusyCores();
    const search = await attempt('search', () => searchBench(cfg, searchBenchSettings(cfg.quick), tmp, log));
    const machine = {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      busyCoresBeforeStart,
    };
    process.stdout.write(
      `${JSON.stringify({ benchmark: 'liaison', command, code: gitState(), machine, search }, null, 2)}\n`,
    );
    await rm(tmp, { recursive: true, force: true });
    return;
  }
  if (HISTORY_ONLY) {
    const command = `${cfg.quick ? 'BENCH_QUICK=1 ' : ''}npm run bench -- history`;
    const busyCoresBeforeStart = await machineBusyCores();
    const history = await attempt('history', () => historyBench(cfg, historyBenchSettings(cfg.quick), log));
    const machine = {
      cpus: cpus().length,
      memoryGiB: round1(totalmem() / 2 ** 30),
      node: process.version,
      busyCoresBeforeStart,
    };
    process.stdout.write(
      `${JSON.stringify({ benchmark: 'liaison', command, code: gitState(), machine, history }, null, 2)}\n`,
    );
    return;
  }
  // Read first: a baseline that cannot be read fails now, not after the whole run.
  const baseline = cfg.baseline === null ? null : { file: cfg.baseline, report: await readBaseline(cfg.baseline) };
  // Before anything starts: is the machine already busy with something else?
  const busyBeforeStart = await machineBusyCores();
  if (busyBeforeStart > 0.3) {
    log(`warning: the machine is already using ${busyBeforeStart} cores before the bench starts; numbers will be low`);
  }
  const otherServer = cfg.serverCommit === null ? null : serverCheckout(cfg.serverCommit, log);
  const tmp = await mkdtemp(join(tmpdir(), 'liaison-bench-'));
  const gen = Generator.start(cfg.workers);
  const results: Record<string, Section> = {};
  const code = { ...gitState(), serverUnderTest: otherServer ?? 'this checkout' };
  const report = (error?: string) => ({
    benchmark: 'liaison',
    command: `${cfg.quick ? 'BENCH_QUICK=1 ' : ''}npm run bench${STORM_ONLY ? ' -- storm' : SESSIONS_ONLY ? ' -- sessions' : TYPING_ONLY ? ' -- typing' : COMMUNITY_ONLY ? ' -- community' : CALLS_ONLY ? ' -- calls' : ''}`,
    startedAt: new Date(startedAt).toISOString(),
    wallS: Math.round((now() - startedAt) / 1000),
    code,
    ...(error ? { error } : {}),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: round1(totalmem() / 2 ** 30),
      kernel: release(),
      node: process.version,
      busyCoresBeforeStart: busyBeforeStart,
      note: `Everything shares these ${cpus().length} cores: the server under test, the load generator (${cfg.workers} worker process(es)), PostgreSQL and NATS. Only 127.0.0.1 is used.`,
    },
    settings: { ...cfg, pgAdminUrl: redact(cfg.pgAdminUrl) },
    // The synthetic users exceed the default abuse limits on purpose; the servers ran with these.
    serverLimits: benchServerLimits(),
    results,
    ...(STORM_ONLY || SESSIONS_ONLY || TYPING_ONLY || COMMUNITY_ONLY || CALLS_ONLY ? {} : compare(cfg, results)),
    notes: notes(cfg),
  });

  // Bounded in time whatever happens: print what we have and stop everything.
  const watchdog = setTimeout(() => {
    log(`overall timeout of ${cfg.timeoutS}s reached; printing partial results`);
    process.stdout.write(`${JSON.stringify(report('overall timeout reached'), null, 2)}\n`);
    process.exit(2);
  }, cfg.timeoutS * 1000);

  callbackEndpoint = cfg.callbacks ? await BenchCallbackEndpoint.start(cfg.callbacks, cfg.callbackEndpoint) : null;
  log(
    `${cfg.quick ? 'QUICK ' : ''}run${cfg.callbacks ? ` with ${cfg.callbacks} callbacks (${cfg.callbackEndpoint} endpoint)` : ''}: configs ${cfg.configs.join(', ')}${cfg.relay && !STORM_ONLY && !SESSIONS_ONLY && !TYPING_ONLY && !COMMUNITY_ONLY && !CALLS_ONLY ? ' + relay' : ''}${STORM_ONLY ? ' (storm only)' : SESSIONS_ONLY ? ' (sessions only)' : TYPING_ONLY ? ' (typing only)' : COMMUNITY_ONLY ? ' (community only)' : CALLS_ONLY ? ' (calls only)' : ''}; ${cfg.workers} load worker(s); logs in ${tmp}`,
  );
  try {
    for (const name of cfg.configs) {
      results[name] = await attempt(name, () =>
        name === 'embedded'
          ? runEmbedded(cfg, gen, tmp, otherServer?.root)
          : runPostgres(cfg, gen, tmp, otherServer?.root),
      );
      if ('error' in results[name] && existsSync(join(tmp, `${name}.log`))) {
        results[name].serverLogTail = tail(join(tmp, `${name}.log`));
      }
    }
    const everything = !STORM_ONLY && !SESSIONS_ONLY && !TYPING_ONLY && !COMMUNITY_ONLY && !CALLS_ONLY;
    if (CALLS_ONLY) {
      results.browserCalls = await attempt('browser calls', () =>
        browserCallsBench(browserCallSettings(cfg.quick), tmp, log),
      );
    }
    if (cfg.relay && everything) results.relay = await attempt('relay', () => runRelay(cfg, gen, tmp));
    if (everything) results.bundleSizes = { ...(await attempt('bundle sizes', measureBundleSizes)) };
    if (everything) results.uploads = await attempt('uploads', () => runUploads(cfg, tmp));
  } finally {
    clearTimeout(watchdog);
    gen.stop();
    if (callbackEndpoint)
      log(`callback endpoint: ${callbackEndpoint.received} ${callbackEndpoint.kind} callbacks received`);
    await callbackEndpoint?.close();
  }
  const final = report();
  if (baseline !== null) {
    const comparison = compareWithBaseline(final, baseline.report, baseline.file, cfg.configs);
    for (const line of comparisonLines(comparison)) log(line);
    Object.assign(final, { comparisonWithBaseline: comparison });
  }
  process.stdout.write(`${JSON.stringify(final, null, 2)}\n`);
  await rm(tmp, { recursive: true, force: true });
  log('done');
}

/** Which server code was measured: the commit, and whether apps/ or packages/ had local changes. */
function gitState(): { commit: string | null; uncommittedChangesInAppsOrPackages: boolean | null } {
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return null;
    }
  };
  const status = git(['status', '--porcelain', '--', 'apps', 'packages']);
  return {
    commit: git(['rev-parse', 'HEAD']),
    uncommittedChangesInAppsOrPackages: status === null ? null : status !== '',
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function notes(cfg: BenchConfig): string[] {
  const sdkReady = existsSync(join(REPO_ROOT, 'packages/sdk/src/index.ts'));
  return [
    `Load clients are the lean raw-protocol client of bench/load-client.ts, not @liaison/sdk${sdkReady ? '' : ' (which had no public entry yet)'}: the SDK keeps per-session state (conversation store, sync cursors, timers) and validates every frame with zod (JSON.parse + zod for one message push measured ~3.7 µs here, against ~0.5 µs for the lean client's prefix match), which on 2 shared cores would make the generator, not the server, the bottleneck for 10,000 sessions and for tens of thousands of pushes a second.`,
    'The server runs as its own process (node --import tsx apps/server/src/main.ts; same as npx tsx without the npx/tsx wrapper processes, so the pid is the server). RSS is VmRSS of that pid from /proc; it includes the tsx loader.',
    'Each configuration starts the server twice: once on an empty database (firstStart: migrations, PGlite initdb) and again on the same data; the second process is the one measured, as a production restart would be.',
    'acked = sendMessage replies with ok:true; the server replies only after the group-commit transaction has committed (and after the bus has taken the pushes), so acked = persisted. delivered = message pushes received by recipient sessions; missingDeliveries = acked × recipients − delivered after the drain.',
    'Rates count events inside the measured window (after warm-up). Latency is taken for messages sent inside the window: e2e = send → recipient push, ack = send → ack. In offered-rate mode the send time is the scheduled time, so a late timer or a backed-up server counts against latency.',
    'cpuCores = CPU seconds used per process group during the window / window length (1.0 = one core busy). On 2 cores, server + generator (+ postgres + nats) near 2.0 means the machine, not one component, is the limit.',
    `C2C: ${cfg.c2cPairs} pairs, both users of a pair send to each other; group: one Community group, every member online, the first ${cfg.groupSenders} members send. Message text is about ${cfg.msgBytes} bytes of supply-chain talk in Chinese, English and numbers (bench/traffic.ts sampleText).`,
  ];
}

process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));
main().catch((err: unknown) => {
  log(`fatal: ${(err as Error)?.stack ?? err}`);
  process.exitCode = 1;
});
