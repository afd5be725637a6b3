/** Opens and logs in sessions in every worker at once, and gathers how it went. */
import { sourceAddress } from '../config';
import { Histogram, type LatencySummary } from '../histogram';
import type { ConnectResult } from '../ipc';
import { now } from '../proc';
import { type ScenarioContext, SIG_EXPIRE_SECONDS } from './context';

export interface ConnectSummary {
  opened: number;
  failed: number;
  errors: Record<string, number>;
  wallMs: number;
  /** Logged-in sessions per second over the whole ramp. */
  loginsPerS: number;
  /** WebSocket handshake + login reply. */
  loginLatencyMs: LatencySummary;
}

export async function connectSessions(
  ctx: ScenarioContext,
  set: string,
  usersByWorker: string[][],
  concurrency = ctx.cfg.rampConcurrency,
): Promise<ConnectSummary> {
  return summarizeConnects([await connectInWorkers(ctx, set, usersByWorker, concurrency)]);
}

/** What each worker reported for one ramp, and how long the ramp took. */
export interface ConnectRamp {
  parts: ConnectResult[];
  wallMs: number;
}

/** Like connectSessions, but what the workers said, so that ramps in steps add up to one summary. */
export async function connectInWorkers(
  ctx: ScenarioContext,
  set: string,
  usersByWorker: string[][],
  concurrency = ctx.cfg.rampConcurrency,
): Promise<ConnectRamp> {
  const started = now();
  const total = usersByWorker.reduce((n, u) => n + u.length, 0);
  const parts = await ctx.gen.all(
    (i) => ({
      cmd: 'connect',
      set,
      url: ctx.target.wsUrl,
      app: ctx.target.app,
      userIDs: usersByWorker[i] ?? [],
      concurrency: Math.max(1, Math.ceil(concurrency / ctx.gen.size)),
      sigExpireSeconds: SIG_EXPIRE_SECONDS,
      sourceAddresses: sourceAddresses(ctx.cfg.sourceAddresses),
    }),
    // Generous but bounded: at least 60 s, plus 20 ms a session.
    60_000 + total * 20,
  );
  return { parts, wallMs: Math.round(now() - started) };
}

/** One summary of ramps run one after another (their wall times add up). */
export function summarizeConnects(ramps: ConnectRamp[]): ConnectSummary {
  const parts = ramps.flatMap((r) => r.parts);
  const wallMs = ramps.reduce((n, r) => n + r.wallMs, 0);
  const errors: Record<string, number> = {};
  for (const p of parts) for (const [k, n] of Object.entries(p.errors)) errors[k] = (errors[k] ?? 0) + n;
  const opened = parts.reduce((n, p) => n + p.opened, 0);
  return {
    opened,
    failed: parts.reduce((n, p) => n + p.failed, 0),
    errors,
    wallMs,
    loginsPerS: Math.round(opened / (wallMs / 1000)),
    loginLatencyMs: Histogram.from(parts.map((p) => p.login)).summary(),
  };
}

export async function disconnectSessions(ctx: ScenarioContext, set: string): Promise<void> {
  await ctx.gen.all(() => ({ cmd: 'disconnect', set }), 60_000);
}

/** Fails the scenario when too few sessions came up for its numbers to mean anything. */
export function requireOpened(summary: ConnectSummary, wanted: number, what: string): void {
  if (summary.opened < wanted) {
    throw new Error(
      `${what}: only ${summary.opened}/${wanted} sessions logged in; errors: ${JSON.stringify(summary.errors)}`,
    );
  }
}

/** The loopback source addresses to spread over; with one, none is named and the OS picks as always. */
function sourceAddresses(count: number): string[] {
  return count > 1 ? Array.from({ length: count }, (_, i) => sourceAddress(i)) : [];
}
