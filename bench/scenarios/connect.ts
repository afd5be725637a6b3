/** Opens and logs in sessions in every worker at once, and gathers how it went. */
import { Histogram, type LatencySummary } from '../histogram';
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
    }),
    // Generous but bounded: at least 60 s, plus 20 ms a session.
    60_000 + total * 20,
  );
  const wallMs = Math.round(now() - started);
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
