/**
 * Sessions held: N concurrent logged-in WebSocket sessions, ramped with a bounded number of
 * handshakes in flight, in two halves. Server RSS is read from /proc/<pid>/status (VmRSS) before,
 * between the halves and after. The sessions come from BENCH_SOURCE_ADDRESSES loopback addresses.
 */
import { split } from '../generator';
import { openFilesLimit, readMemory, round1, sleep } from '../proc';
import {
  type ConnectSummary,
  connectInWorkers,
  connectSessions,
  disconnectSessions,
  summarizeConnects,
} from './connect';
import type { ScenarioContext } from './context';
import { quietMachine } from './throughput';

export interface SessionsResult {
  target: number;
  ramp: ConnectSummary;
  /** What /healthz reported with every session open (logged-in sessions the server holds). */
  serverSessionCount: number | null;
  rssMB: {
    /** Idle, right after start. */
    cold: number | null;
    /** Idle, after a warm-up of a few sessions opened and closed (code compiled, caches primed). */
    baseline: number | null;
    /** With the first half of the sessions open, after a settle. */
    halfway: number | null;
    /** With every session open, after a settle. */
    withSessions: number | null;
    /** Highest RSS of the server process so far (VmHWM). */
    peak: number | null;
    /** After closing every session again. */
    afterClose: number | null;
  };
  /** (withSessions − baseline) / sessions opened. */
  perSessionKB: number | null;
  /**
   * (withSessions − halfway) / sessions opened in the second half: what one more session costs once
   * the free heap and allocator pages left over from start-up are used up, which perSessionKB counts
   * as free.
   */
  marginalPerSessionKB: number | null;
  /**
   * The server's V8 heap in use (`nodejs_heap_size_used_bytes` of GET /metrics; null for the relay,
   * which has none), MiB, at baseline and with every session open, and the growth per session, KiB.
   * Not blurred by the pages RSS keeps or returns, but it counts garbage not yet collected.
   */
  heapUsedMB: { baseline: number | null; withSessions: number | null };
  heapPerSessionKB: number | null;
  /** The load generator's RSS with every session open (all workers). */
  generatorRssMB: number;
  /** Loopback source addresses the sessions came from (BENCH_SOURCE_ADDRESSES). */
  sourceAddresses: number;
  /** The open-files limit (`ulimit -n`) of the server and of each load worker: one socket per session. */
  openFilesLimit: { server: number | null; generatorWorkers: Array<number | null> };
  /** CPU used by processes outside this bench just before the ramp (see BENCH_WAIT_IDLE_S). */
  otherCoresBefore?: number;
}

const WARMUP_SESSIONS = 50;

export async function sessionsScenario(ctx: ScenarioContext): Promise<SessionsResult> {
  const { cfg, gen, target } = ctx;
  const rss = () => readMemory(target.pid)?.rssMB ?? null;
  // Let garbage collection and the allocator settle before each RSS reading (shorter in quick mode).
  const settle = () => sleep(cfg.quick ? 1000 : 3000);
  const cold = rss();

  const warm = Array.from({ length: WARMUP_SESSIONS }, (_, i) => `${ctx.tag}w${i}`);
  await connectSessions(ctx, 'warm', split(warm, gen.size), 50);
  await disconnectSessions(ctx, 'warm');
  await settle();
  const baseline = rss();
  const heapBaseline = await heapUsedMB(target.healthUrl);

  const otherCoresBefore = await quietMachine(ctx);
  const users = Array.from({ length: cfg.sessions }, (_, i) => `${ctx.tag}s${i}`);
  const openFiles = { server: openFilesLimit(target.pid), generatorWorkers: gen.pids.map(openFilesLimit) };
  warnOfFewFiles(ctx, users.length, openFiles);
  ctx.log(
    `sessions: opening ${users.length} (${cfg.rampConcurrency} handshakes in flight, from ${cfg.sourceAddresses} source address(es))`,
  );
  const half = Math.floor(users.length / 2);
  const firstHalf = await connectInWorkers(ctx, 'sessions', split(users.slice(0, half), gen.size));
  await settle();
  const halfway = rss();
  const secondHalf = await connectInWorkers(ctx, 'sessions', split(users.slice(half), gen.size));
  const ramp = summarizeConnects([firstHalf, secondHalf]);
  const openedInSecondHalf = summarizeConnects([secondHalf]).opened;
  ctx.log(`  opened ${ramp.opened}, failed ${ramp.failed}, ${ramp.loginsPerS} logins/s`);
  await settle();
  const withSessions = rss();
  const heapWithSessions = await heapUsedMB(target.healthUrl);
  const peak = readMemory(target.pid)?.peakRssMB ?? null;
  let serverSessionCount: number | null = null;
  try {
    const health = (await (await fetch(target.healthUrl, { signal: AbortSignal.timeout(10_000) })).json()) as {
      sessions?: number;
    };
    serverSessionCount = health.sessions ?? null;
  } catch {
    // Reported as null.
  }
  const generatorRssMB = round1(gen.pids.reduce((n, pid) => n + (readMemory(pid)?.rssMB ?? 0), 0));
  ctx.log(`  server RSS ${withSessions} MiB (baseline ${baseline} MiB), server says ${serverSessionCount} sessions`);

  await disconnectSessions(ctx, 'sessions');
  await settle();
  const afterClose = rss();
  const perSessionKB = kbPerSession(baseline, withSessions, ramp.opened);
  const marginalPerSessionKB = kbPerSession(halfway, withSessions, openedInSecondHalf);
  const heapPerSessionKB = kbPerSession(heapBaseline, heapWithSessions, ramp.opened);
  ctx.log(
    `  ${perSessionKB} KiB RSS per session (${marginalPerSessionKB} KiB each in the second half), ${heapPerSessionKB} KiB of V8 heap`,
  );
  return {
    target: users.length,
    ramp,
    serverSessionCount,
    rssMB: { cold, baseline, halfway, withSessions, peak, afterClose },
    perSessionKB,
    marginalPerSessionKB,
    heapUsedMB: { baseline: heapBaseline, withSessions: heapWithSessions },
    heapPerSessionKB,
    generatorRssMB,
    sourceAddresses: cfg.sourceAddresses,
    openFilesLimit: openFiles,
    otherCoresBefore,
  };
}

/** RSS growth per session opened between two readings, KiB (one decimal). */
function kbPerSession(fromMB: number | null, toMB: number | null, sessions: number): number | null {
  return fromMB !== null && toMB !== null && sessions > 0 ? round1(((toMB - fromMB) * 1024) / sessions) : null;
}

/** The server's V8 heap in use from its Prometheus metrics, MiB; null where there are none. */
async function heapUsedMB(healthUrl: string): Promise<number | null> {
  try {
    const res = await fetch(new URL('/metrics', healthUrl), { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return null;
    const bytes = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(await res.text())?.[1];
    return bytes === undefined ? null : round1(Number(bytes) / 2 ** 20);
  } catch {
    return null;
  }
}

/** Says so before the ramp when a process would run out of sockets (EMFILE) and the count would fail. */
function warnOfFewFiles(
  ctx: ScenarioContext,
  sessions: number,
  limits: { server: number | null; generatorWorkers: Array<number | null> },
): void {
  if (limits.server !== null && limits.server < sessions) {
    ctx.log(
      `warning: the server may open ${limits.server} files, fewer than ${sessions} sessions (raising its limit needs CAP_SYS_RESOURCE)`,
    );
  }
  const perWorker = Math.ceil(sessions / ctx.gen.size);
  const worker = Math.min(...limits.generatorWorkers.map((n) => n ?? Number.POSITIVE_INFINITY));
  if (worker < perWorker + 100) {
    ctx.log(
      `warning: a load worker may open ${worker} files, fewer than its ${perWorker} sessions need: raise BENCH_WORKERS`,
    );
  }
}
