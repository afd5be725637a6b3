/**
 * Reconnect storm: BENCH_STORM_SESSIONS logged-in clients lose their connections at the same
 * moment and come back as the SDK does, while senders keep messaging them and a probe pair keeps
 * messaging each other. Reports how long the herd took to come back, the probe's send → ack
 * latency before and during the storm, and whether any acknowledged message was missed.
 */
import { split } from '../generator';
import { Histogram, type LatencySummary } from '../histogram';
import { readMemory } from '../proc';
import { connectSessions, disconnectSessions, requireOpened } from './connect';
import { type ScenarioContext, SIG_EXPIRE_SECONDS } from './context';

export interface StormSummary {
  clients: number;
  reconnected: number;
  reconnectWallMs: number;
  /** Drop → logged in again, per client. */
  reconnectMs: LatencySummary;
  attemptErrors: Record<string, number>;
  /** Probe send → ack. */
  probeAckMs: { before: LatencySummary; during: LatencySummary; failed: number };
  messages: {
    ratePerS: number;
    sent: number;
    acked: number;
    failed: Record<string, number>;
    ackedWhileRecipientAway: number;
    recoveredBySync: number;
    missing: number;
  };
  serverRssMB: number | null;
}

export async function stormScenario(ctx: ScenarioContext): Promise<StormSummary> {
  const { cfg, gen, target } = ctx;
  if (!target.app) throw new Error('storm: needs a Liaison server');
  const users = Array.from({ length: cfg.stormSessions }, (_, i) => `${ctx.tag}st${i}`);
  const senders = Array.from({ length: cfg.stormSenders }, (_, i) => `${ctx.tag}ss${i}`);
  const probes = gen.workers.map((_, i) => [`${ctx.tag}p${i}a`, `${ctx.tag}p${i}b`] as const);
  const set = `${ctx.tag}-storm`;
  ctx.log(`storm: connecting ${users.length} clients, ${senders.length} senders`);
  requireOpened(await connectSessions(ctx, set, split(users, gen.size)), users.length, 'storm clients');
  requireOpened(await connectSessions(ctx, `${set}-senders`, split(senders, gen.size)), senders.length, 'senders');
  requireOpened(
    await connectSessions(
      ctx,
      `${set}-probe`,
      probes.map((p) => [...p]),
    ),
    probes.length * 2,
    'probe',
  );
  try {
    ctx.log(`storm: ${cfg.stormRate} msg/s to the storm clients; dropping all ${users.length} at once`);
    const parts = await gen.all(
      (i) => ({
        cmd: 'storm',
        plan: {
          set,
          senderSet: `${set}-senders`,
          probeSet: `${set}-probe`,
          probe: { from: probes[i]?.[0] ?? '', to: probes[i]?.[1] ?? '' },
          url: target.wsUrl,
          app: target.app as NonNullable<typeof target.app>,
          sigExpireSeconds: SIG_EXPIRE_SECONDS,
          rate: cfg.stormRate / gen.size,
          probeIntervalMs: 20,
          calmMs: 3_000,
          reconnectTimeoutMs: 120_000,
          backoffInitialMs: 200,
          backoffMaxMs: 5_000,
          runTag: `${ctx.tag}${Date.now().toString(36)}`,
        },
      }),
      300_000,
    );
    const sum = (pick: (p: (typeof parts)[number]) => number) => parts.reduce((n, p) => n + pick(p), 0);
    const merge = (pick: (p: (typeof parts)[number]) => Record<string, number>) => {
      const out: Record<string, number> = {};
      for (const p of parts) for (const [k, n] of Object.entries(pick(p))) out[k] = (out[k] ?? 0) + n;
      return out;
    };
    const summary: StormSummary = {
      clients: sum((p) => p.clients),
      reconnected: sum((p) => p.reconnected),
      reconnectWallMs: Math.max(...parts.map((p) => p.reconnectWallMs)),
      reconnectMs: Histogram.from(parts.map((p) => p.reconnect)).summary(),
      attemptErrors: merge((p) => p.attemptErrors),
      probeAckMs: {
        before: Histogram.from(parts.map((p) => p.probeBefore)).summary(),
        during: Histogram.from(parts.map((p) => p.probeDuring)).summary(),
        failed: sum((p) => p.probeFailed),
      },
      messages: {
        ratePerS: cfg.stormRate,
        sent: sum((p) => p.sent),
        acked: sum((p) => p.acked),
        failed: merge((p) => p.failed),
        ackedWhileRecipientAway: sum((p) => p.ackedWhileAway),
        recoveredBySync: sum((p) => p.recoveredBySync),
        missing: sum((p) => p.missing),
      },
      serverRssMB: readMemory(target.pid)?.rssMB ?? null,
    };
    ctx.log(
      `  ${summary.reconnected}/${summary.clients} back in ${summary.reconnectWallMs} ms; probe p99 ${summary.probeAckMs.before.p99Ms} ms before, ${summary.probeAckMs.during.p99Ms} ms during; missing ${summary.messages.missing}`,
    );
    return summary;
  } finally {
    for (const name of [set, `${set}-senders`, `${set}-probe`]) await disconnectSessions(ctx, name);
  }
}
