import {
  type BenchCallbacks,
  type BenchEndpointKind,
  benchCallbacksFrom,
  benchEndpointFrom,
} from './callback-endpoint';
/** Every size and duration, from the environment; BENCH_QUICK=1 switches to a ~1 minute smoke run. */
export interface BenchConfig {
  quick: boolean;
  /** Which server configurations to measure: embedded (PGlite + in-process bus), postgres (PostgreSQL + NATS). */
  configs: Array<'embedded' | 'postgres'>;
  relay: boolean;
  workers: number;
  sessions: number;
  /**
   * Loopback source addresses the load clients spread their connections over (127.0.0.1,
   * 127.0.0.2, …): one address has ~28,000 ephemeral ports to one server port.
   */
  sourceAddresses: number;
  rampConcurrency: number;
  warmupS: number;
  durationS: number;
  drainS: number;
  msgBytes: number;
  c2cPairs: number;
  c2cWindow: number;
  c2cRate: number;
  openMaxInflight: number;
  groupMembers: number;
  groupSenders: number;
  groupWindow: number;
  groupRate: number;
  /** Reconnect storm (`npm run bench -- storm`): clients dropped at once, their senders, msg/s to them. */
  stormSessions: number;
  stormSenders: number;
  stormRate: number;
  pgAdminUrl: string;
  natsUrl: string;
  /** Before each measurement, wait up to this long for other processes on the machine to go quiet. */
  waitIdleS: number;
  /** Extra node flags for the Liaison server processes (e.g. --cpu-prof); never for the relay. */
  serverNodeArgs: string[];
  timeoutS: number;
  /** An earlier run's report (`BENCH_BASELINE`): this run's key figures are printed beside it. */
  baseline: string | null;
  /** Measure another commit's server with this harness (`BENCH_SERVER_COMMIT`, bench/server-checkout.ts). */
  serverCommit: string | null;
  /** BENCH_CALLBACKS=after|before: the servers post those message callbacks to a loopback endpoint. */
  callbacks: BenchCallbacks;
  /** BENCH_CALLBACK_ENDPOINT=lean|node: how that endpoint answers (bench/callback-endpoint.ts). */
  callbackEndpoint: BenchEndpointKind;
}

export function loadBenchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const quick = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
  const num = (name: string, full: number, smoke: number, min = 0) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? (quick ? smoke : full) : Number(raw);
    if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
    return value;
  };
  const configs = (env.BENCH_CONFIGS ?? 'embedded,postgres')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is 'embedded' | 'postgres' => {
      if (s === 'embedded' || s === 'postgres') return true;
      if (s) throw new Error(`BENCH_CONFIGS: unknown configuration "${s}" (embedded, postgres)`);
      return false;
    });
  const sessions = Math.round(num('BENCH_SESSIONS', 10_000, 500, 1));
  const defaultSources = defaultSourceAddresses(sessions);
  const sourceAddresses = Math.round(num('BENCH_SOURCE_ADDRESSES', defaultSources, defaultSources, 1));
  if (sourceAddresses > MAX_SOURCE_ADDRESSES) {
    throw new Error(`BENCH_SOURCE_ADDRESSES must be at most ${MAX_SOURCE_ADDRESSES}, got ${sourceAddresses}`);
  }
  return {
    quick,
    configs,
    relay: env.BENCH_RELAY !== '0',
    workers: Math.round(num('BENCH_WORKERS', 1, 1, 1)),
    sessions,
    sourceAddresses,
    rampConcurrency: Math.round(num('BENCH_RAMP_CONCURRENCY', 200, 100, 1)),
    warmupS: num('BENCH_WARMUP_S', 2, 0.5),
    durationS: num('BENCH_DURATION_S', 10, 2, 0.5),
    drainS: num('BENCH_DRAIN_S', 10, 5, 1),
    msgBytes: Math.round(num('BENCH_MSG_BYTES', 100, 100, 20)),
    c2cPairs: Math.round(num('BENCH_C2C_PAIRS', 50, 20, 1)),
    c2cWindow: Math.round(num('BENCH_C2C_WINDOW', 16, 16, 1)),
    c2cRate: num('BENCH_C2C_RATE', 5_000, 1_000, 1),
    openMaxInflight: Math.round(num('BENCH_OPEN_MAX_INFLIGHT', 64, 64, 1)),
    groupMembers: Math.round(num('BENCH_GROUP_MEMBERS', 200, 50, 2)),
    groupSenders: Math.round(num('BENCH_GROUP_SENDERS', 10, 5, 1)),
    groupWindow: Math.round(num('BENCH_GROUP_WINDOW', 4, 4, 1)),
    groupRate: num('BENCH_GROUP_RATE', 100, 50, 1),
    stormSessions: Math.round(num('BENCH_STORM_SESSIONS', 5_000, 500, 1)),
    stormSenders: Math.round(num('BENCH_STORM_SENDERS', 50, 10, 1)),
    stormRate: num('BENCH_STORM_RATE', 200, 100, 1),
    pgAdminUrl: env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    natsUrl: env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222',
    waitIdleS: num('BENCH_WAIT_IDLE_S', 20, 0, 0),
    serverNodeArgs: (env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
    timeoutS: num('BENCH_TIMEOUT_S', 1_200, 300, 10),
    baseline: env.BENCH_BASELINE || null,
    serverCommit: env.BENCH_SERVER_COMMIT || null,
    callbacks: benchCallbacksFrom(env.BENCH_CALLBACKS),
    callbackEndpoint: benchEndpointFrom(env.BENCH_CALLBACK_ENDPOINT),
  };
}

/** Sessions per loopback source address by default: under the ~28,000 ephemeral ports each one has. */
const SESSIONS_PER_SOURCE_ADDRESS = 25_000;
/** 127.0.0.1 … 127.0.0.254. */
const MAX_SOURCE_ADDRESSES = 254;

/** One source address per 25,000 sessions (1 up to 25,000: normal runs connect as before). */
export function defaultSourceAddresses(sessions: number): number {
  return Math.max(1, Math.ceil(sessions / SESSIONS_PER_SOURCE_ADDRESS));
}

/** The i-th (from 0) loopback source address: 127.0.0.1, 127.0.0.2, … (Linux routes all of 127/8 to lo). */
export function sourceAddress(i: number): string {
  if (!Number.isInteger(i) || i < 0 || i >= MAX_SOURCE_ADDRESSES) {
    throw new Error(`no loopback source address number ${i}`);
  }
  return `127.0.0.${i + 1}`;
}
