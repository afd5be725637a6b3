/** Runs one traffic plan across every worker and turns the counts into rates and latencies. */
import { Histogram, type LatencySummary } from '../histogram';
import type { Sender, TrafficPlan, TrafficResult } from '../ipc';
import { CpuMeter, now, readMemory, sleep, waitForQuietMachine, waitQuiet } from '../proc';
import type { ScenarioContext } from './context';

export interface ThroughputResult {
  mode: 'closed' | 'open';
  senders: number;
  /** closed mode: sends in flight per sender. */
  window?: number;
  /** open mode: the offered rate, msg/s. */
  offeredPerS?: number;
  durationS: number;
  /** Messages whose send was issued in the window, per second. */
  sentPerS: number;
  /** Messages acknowledged (committed) in the window, per second. */
  ackedPerS: number;
  /** Message pushes received by recipients in the window, per second (group: one per member). */
  deliveredPerS: number;
  /** Send → recipient push. */
  latencyMs: LatencySummary;
  /** Send → ack (persisted). */
  ackLatencyMs: LatencySummary;
  totals: {
    sent: number;
    acked: number;
    failed: Record<string, number>;
    unacked: number;
    notSent: number;
    delivered: number;
    expectedDeliveries: number;
    /** expected − delivered after the drain: pushes that never arrived. */
    missingDeliveries: number;
  };
  /** Cores used during the window, per process group. */
  cpuCores: Record<string, number>;
  /** CPU used by processes outside this bench just before the run (see BENCH_WAIT_IDLE_S). */
  otherCoresBefore?: number;
  serverRssMB: number | null;
  maxTimerLagMs?: number;
  /** With typing traffic: setTypingStatus per second in the window's terms, and the totals. */
  typing?: {
    perMessage: number;
    sentPerS: number;
    deliveredPerS: number;
    sent: number;
    acked: number;
    failed: Record<string, number>;
    delivered: number;
  };
}

/** Waits (bounded by BENCH_WAIT_IDLE_S) for other jobs on the machine to go quiet; returns their CPU use. */
export async function quietMachine(ctx: ScenarioContext): Promise<number | undefined> {
  if (ctx.cfg.waitIdleS <= 0) return undefined;
  const other = await waitForQuietMachine(ctx.cpuGroups, ctx.cfg.waitIdleS * 1000);
  if (other >= 0.25)
    ctx.log(`  (other processes still use ${other} cores after ${ctx.cfg.waitIdleS}s; measuring anyway)`);
  return other;
}

export async function runThroughput(
  ctx: ScenarioContext,
  set: string,
  sendersByWorker: Sender[][],
  options: {
    mode: 'closed' | 'open';
    window: number;
    rate: number;
    recipientsPerMessage: number;
    /** Typing traffic alongside: setTypingStatus per message (bench/traffic.ts). */
    typingPerMessage?: number;
  },
): Promise<ThroughputResult> {
  const { cfg, gen } = ctx;
  const totalSenders = sendersByWorker.reduce((n, s) => n + s.length, 0);
  // Start from a quiet server: a previous run may have left it working off a backlog.
  if (!(await waitQuiet(ctx.target.pid))) ctx.log('  (server still busy after 30 s; starting anyway)');
  const otherCoresBefore = await quietMachine(ctx);
  const startAt = now() + 1000;
  const warmupMs = cfg.warmupS * 1000;
  const durationMs = cfg.durationS * 1000;
  const base: Omit<TrafficPlan, 'senders' | 'rate'> = {
    mode: options.mode,
    window: options.window,
    maxInflight: cfg.openMaxInflight,
    startAt,
    warmupMs,
    durationMs,
    drainMs: cfg.drainS * 1000,
    msgBytes: cfg.msgBytes,
    runTag: `${ctx.tag}${Date.now().toString(36)}`,
    ...(options.typingPerMessage ? { typingPerMessage: options.typingPerMessage } : {}),
  };
  const meter = new CpuMeter(ctx.cpuGroups);
  let cpuCores: Record<string, number> = {};
  let serverRssMB: number | null = null;
  const sampling = (async () => {
    await sleep(startAt + warmupMs - now());
    meter.begin();
    await sleep(startAt + warmupMs + durationMs - now());
    cpuCores = meter.end();
    serverRssMB = readMemory(ctx.target.pid)?.rssMB ?? null;
  })();
  const timeoutMs = 1000 + warmupMs + durationMs + cfg.drainS * 1000 + 30_000;
  const parts = await gen.all((i) => {
    const senders = sendersByWorker[i] ?? [];
    return {
      cmd: 'traffic',
      set,
      plan: { ...base, senders, rate: totalSenders ? (options.rate * senders.length) / totalSenders : 0 },
    };
  }, timeoutMs);
  await sampling;
  return { ...summarise(parts, options, totalSenders, cfg.durationS, cpuCores, serverRssMB), otherCoresBefore };
}

function summarise(
  parts: TrafficResult[],
  options: {
    mode: 'closed' | 'open';
    window: number;
    rate: number;
    recipientsPerMessage: number;
    typingPerMessage?: number;
  },
  senders: number,
  durationS: number,
  cpuCores: Record<string, number>,
  serverRssMB: number | null,
): ThroughputResult {
  const sum = (pick: (r: TrafficResult) => number) => parts.reduce((n, r) => n + pick(r), 0);
  const failed: Record<string, number> = {};
  for (const r of parts) for (const [code, n] of Object.entries(r.failed)) failed[code] = (failed[code] ?? 0) + n;
  const acked = sum((r) => r.acked);
  const delivered = sum((r) => r.delivered);
  const expectedDeliveries = acked * options.recipientsPerMessage;
  const perS = (n: number) => Math.round(n / durationS);
  return {
    mode: options.mode,
    senders,
    ...(options.mode === 'closed' ? { window: options.window } : { offeredPerS: options.rate }),
    durationS,
    sentPerS: perS(sum((r) => r.sentInWindow)),
    ackedPerS: perS(sum((r) => r.ackedInWindow)),
    deliveredPerS: perS(sum((r) => r.deliveredInWindow)),
    latencyMs: Histogram.from(parts.map((r) => r.e2e)).summary(),
    ackLatencyMs: Histogram.from(parts.map((r) => r.ack)).summary(),
    totals: {
      sent: sum((r) => r.sent),
      acked,
      failed,
      unacked: sum((r) => r.unacked),
      notSent: sum((r) => r.notSent),
      delivered,
      expectedDeliveries,
      missingDeliveries: Math.max(0, expectedDeliveries - delivered),
    },
    cpuCores,
    serverRssMB,
    ...(options.mode === 'open' ? { maxTimerLagMs: Math.max(...parts.map((r) => r.maxLagMs)) } : {}),
    ...(options.typingPerMessage ? { typing: typingTotals(parts, options.typingPerMessage, durationS) } : {}),
  };
}

/** Typing requests span warm-up and drain too; per second over the whole run is an approximation. */
function typingTotals(parts: TrafficResult[], perMessage: number, durationS: number) {
  const failed: Record<string, number> = {};
  let sent = 0;
  let acked = 0;
  let delivered = 0;
  for (const r of parts) {
    sent += r.typing?.sent ?? 0;
    acked += r.typing?.acked ?? 0;
    delivered += r.typing?.delivered ?? 0;
    for (const [code, n] of Object.entries(r.typing?.failed ?? {})) failed[code] = (failed[code] ?? 0) + n;
  }
  const messages = parts.reduce((n, r) => n + r.sent, 0);
  const inWindow = parts.reduce((n, r) => n + r.sentInWindow, 0);
  // Typing goes out with each message: the window's share of it is the window's share of messages.
  const windowShare = messages > 0 ? inWindow / messages : 0;
  return {
    perMessage,
    sentPerS: Math.round((sent * windowShare) / durationS),
    deliveredPerS: Math.round((delivered * windowShare) / durationS),
    sent,
    acked,
    failed,
    delivered,
  };
}
