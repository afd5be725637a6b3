/**
 * C2C throughput: pairs of users sending text messages to each other. Both ends of a pair live in
 * the same worker, so send and receive times come from one clock.
 * closed: every sender keeps `window` sends in flight (saturation).
 * open:   a fixed offered rate, to read latency at that rate rather than at saturation.
 */
import { split } from '../generator';
import type { Sender } from '../ipc';
import { connectSessions, disconnectSessions, requireOpened } from './connect';
import type { ScenarioContext } from './context';
import { runThroughput, type ThroughputResult } from './throughput';

export async function c2cScenario(
  ctx: ScenarioContext,
  mode: 'closed' | 'open',
  /** Typing traffic alongside the messages (`npm run bench -- typing`): setTypingStatus per message. */
  typingPerMessage = 0,
): Promise<ThroughputResult & { pairs: number }> {
  const { cfg, gen } = ctx;
  const prefix = `${ctx.tag}c${mode === 'closed' ? 's' : 'o'}`;
  const pairs = Array.from({ length: cfg.c2cPairs }, (_, i) => [`${prefix}${i}a`, `${prefix}${i}b`] as const);
  const pairsByWorker = split(pairs, gen.size);
  const set = `${prefix}-c2c`;
  const connected = await connectSessions(
    ctx,
    set,
    pairsByWorker.map((ps) => ps.flat()),
  );
  requireOpened(connected, pairs.length * 2, 'c2c');
  try {
    const sendersByWorker: Sender[][] = pairsByWorker.map((ps) =>
      ps.flatMap(([a, b]) => [
        { from: a, to: b, type: 'C2C' as const },
        { from: b, to: a, type: 'C2C' as const },
      ]),
    );
    ctx.log(
      mode === 'closed'
        ? `c2c saturation: ${pairs.length} pairs, window ${cfg.c2cWindow}, ${cfg.durationS}s`
        : `c2c offered ${cfg.c2cRate} msg/s: ${pairs.length} pairs, ${cfg.durationS}s`,
    );
    const result = await runThroughput(ctx, set, sendersByWorker, {
      mode,
      window: cfg.c2cWindow,
      rate: cfg.c2cRate,
      recipientsPerMessage: 1,
      typingPerMessage,
    });
    ctx.log(
      `  acked ${result.ackedPerS}/s, delivered ${result.deliveredPerS}/s, p50/p99 ${result.latencyMs.p50Ms}/${result.latencyMs.p99Ms} ms, cpu ${JSON.stringify(result.cpuCores)}`,
    );
    return { pairs: pairs.length, ...result };
  } finally {
    await disconnectSessions(ctx, set);
  }
}
