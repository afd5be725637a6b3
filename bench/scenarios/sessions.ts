/**
 * Sessions held: N concurrent logged-in WebSocket sessions, ramped with a bounded number of
 * handshakes in flight. Server RSS is read from /proc/<pid>/status (VmRSS) before and after.
 */
import { split } from '../generator';
import { readMemory, round1, sleep } from '../proc';
import { type ConnectSummary, connectSessions, disconnectSessions } from './connect';
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
    /** With every session open, after a settle. */
    withSessions: number | null;
    /** Highest RSS of the server process so far (VmHWM). */
    peak: number | null;
    /** After closing every session again. */
    afterClose: number | null;
  };
  /** (withSessions − baseline) / sessions opened. */
  perSessionKB: number | null;
  /** The load generator's RSS with every session open (all workers). */
  generatorRssMB: number;
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

  const otherCoresBefore = await quietMachine(ctx);
  const users = Array.from({ length: cfg.sessions }, (_, i) => `${ctx.tag}s${i}`);
  ctx.log(`sessions: opening ${users.length} (${cfg.rampConcurrency} handshakes in flight)`);
  const ramp = await connectSessions(ctx, 'sessions', split(users, gen.size));
  ctx.log(`  opened ${ramp.opened}, failed ${ramp.failed}, ${ramp.loginsPerS} logins/s`);
  await settle();
  const withSessions = rss();
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
  const perSessionKB =
    withSessions !== null && baseline !== null && ramp.opened > 0
      ? Math.round(((withSessions - baseline) * 1024) / ramp.opened)
      : null;
  return {
    target: users.length,
    ramp,
    serverSessionCount,
    rssMB: { cold, baseline, withSessions, peak, afterClose },
    perSessionKB,
    generatorRssMB,
    otherCoresBefore,
  };
}
