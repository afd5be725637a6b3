/**
 * `npm run bench -- typing`: C2C saturation throughput with typing traffic off and on, in
 * alternating rounds (off/on, then on/off, …) so that a machine getting busier or quieter during
 * the run weighs on both alike. With typing on, messages are accompanied by
 * BENCH_TYPING_PER_MESSAGE setTypingStatus requests each (default 1; 0.25 = one every fourth
 * message), alternating start and stop so the server relays every one (none is coalesced).
 * Besides throughput, the server's CPU time per message is reported: on a machine shared with
 * other work it is the steadier figure. Numbers only; the ratios are reported, never asserted.
 */
import { c2cScenario } from './c2c';
import type { ScenarioContext } from './context';
import type { ThroughputResult } from './throughput';

export interface TypingBenchSettings {
  rounds: number;
  typingPerMessage: number;
}

export function typingBenchSettings(env: NodeJS.ProcessEnv = process.env): TypingBenchSettings {
  const count = (name: string, fallback: number, min: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}`);
    return value;
  };
  const typingPerMessage = Number(env.BENCH_TYPING_PER_MESSAGE ?? 1);
  if (!Number.isFinite(typingPerMessage) || typingPerMessage <= 0) {
    throw new Error('BENCH_TYPING_PER_MESSAGE must be a number > 0');
  }
  return { rounds: count('BENCH_TYPING_ROUNDS', 2, 1), typingPerMessage };
}

type Run = ThroughputResult & { pairs: number };

export async function typingScenario(ctx: ScenarioContext, settings: TypingBenchSettings) {
  const off: Run[] = [];
  const on: Run[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const which of order) {
      ctx.log(`typing ${which}, round ${round + 1} of ${settings.rounds}`);
      const run = await c2cScenario(
        { ...ctx, tag: `${ctx.tag}${which === 'on' ? 't' : 'n'}${round}` },
        'closed',
        which === 'on' ? settings.typingPerMessage : 0,
      );
      (which === 'on' ? on : off).push(run);
    }
  }
  const mean = (runs: Run[], pick: (r: Run) => number) =>
    Math.round(runs.reduce((n, r) => n + pick(r), 0) / runs.length);
  const ackedOff = mean(off, (r) => r.ackedPerS);
  const ackedOn = mean(on, (r) => r.ackedPerS);
  // Server CPU µs per acknowledged message (typing included when on).
  const cpuUs = (r: Run) => ((r.cpuCores.server ?? 0) / Math.max(1, r.ackedPerS)) * 1e6;
  const cpuOff = mean(off, cpuUs);
  const cpuOn = mean(on, cpuUs);
  return {
    typingPerMessage: settings.typingPerMessage,
    rounds: settings.rounds,
    ackedPerS: { typingOff: ackedOff, typingOn: ackedOn },
    deliveredPerS: { typingOff: mean(off, (r) => r.deliveredPerS), typingOn: mean(on, (r) => r.deliveredPerS) },
    typingRelayedPerS: mean(on, (r) => r.typing?.deliveredPerS ?? 0),
    serverCpuUsPerMessage: { typingOff: cpuOff, typingOn: cpuOn },
    /** What one relayed typing request costs the server, from the difference. */
    serverCpuUsPerTypingRelay: Math.round((cpuOn - cpuOff) / settings.typingPerMessage),
    /** Messages per second with typing on, as a fraction of without (the target: ≥ 0.9). */
    onOverOff: ackedOff > 0 ? Math.round((ackedOn / ackedOff) * 1000) / 1000 : null,
    /** The same from CPU time per message: what the throughput ratio would be on an otherwise idle machine. */
    cpuOffOverOn: cpuOn > 0 ? Math.round((cpuOff / cpuOn) * 1000) / 1000 : null,
    runs: { typingOff: off, typingOn: on },
  };
}
