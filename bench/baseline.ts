import { readFile } from 'node:fs/promises';
import { num } from './report-fields';

/** A figure of the report, where to find it, and which way is better. */
interface Figure {
  name: string;
  path: string;
  better: 'higher' | 'lower';
}

/** The send path's figures, per configuration, that a regression shows in first. */
function figures(configs: readonly string[]): Figure[] {
  return [
    ...configs.flatMap((c): Figure[] => [
      { name: `${c} C2C saturation msg/s`, path: `results.${c}.c2c.saturation.ackedPerS`, better: 'higher' },
      {
        name: `${c} C2C p99 at the offered rate, ms`,
        path: `results.${c}.c2c.offered.latencyMs.p99Ms`,
        better: 'lower',
      },
      { name: `${c} group saturation msg/s`, path: `results.${c}.group.saturation.ackedPerS`, better: 'higher' },
      {
        name: `${c} group p99 at the offered rate, ms`,
        path: `results.${c}.group.offered.latencyMs.p99Ms`,
        better: 'lower',
      },
      { name: `${c} fraction of the relay`, path: `relayFraction.${c}.ackedFraction`, better: 'higher' },
    ]),
    // The machine's ceiling in each run: when it moved, so did everything else.
    { name: 'relay C2C saturation msg/s', path: 'results.relay.c2c.saturation.ackedPerS', better: 'higher' },
  ];
}

export interface BaselineRow {
  figure: string;
  baseline: number | null;
  now: number | null;
  /** now / baseline − 1, in per cent, rounded; null when either is missing. */
  changePercent: number | null;
  /** Whether the change is for the better, worse, or neither (within ±`tolerancePercent`). */
  verdict: 'better' | 'worse' | 'same' | 'missing';
}

export interface BaselineComparison {
  baseline: string;
  baselineCommit: string | null;
  baselineStartedAt: string | null;
  tolerancePercent: number;
  rows: BaselineRow[];
}

/**
 * This run's figures beside those of an earlier run's report (`BENCH_BASELINE=<file>`, a file the
 * bench printed before). A change within the tolerance is called the same: two runs of one
 * commit differ by about that much on this machine.
 */
export function compareWithBaseline(
  current: unknown,
  baseline: unknown,
  baselineFile: string,
  configs: readonly string[],
  tolerancePercent = 5,
): BaselineComparison {
  const rows = figures(configs).map(({ name, path, better }): BaselineRow => {
    const before = num(baseline, path);
    const now = num(current, path);
    if (before === null || now === null || before === 0) {
      return { figure: name, baseline: before, now, changePercent: null, verdict: 'missing' };
    }
    const changePercent = Math.round((now / before - 1) * 1000) / 10;
    const improved = better === 'higher' ? changePercent > 0 : changePercent < 0;
    const verdict = Math.abs(changePercent) <= tolerancePercent ? 'same' : improved ? 'better' : 'worse';
    return { figure: name, baseline: before, now, changePercent, verdict };
  });
  // The server measured: another commit's when that run used BENCH_SERVER_COMMIT.
  const code = (baseline as { code?: { commit?: string | null; serverUnderTest?: { commit: string } | string } } | null)
    ?.code;
  const measured = typeof code?.serverUnderTest === 'object' ? code.serverUnderTest.commit : code?.commit;
  const startedAt = (baseline as { startedAt?: string } | null)?.startedAt;
  return {
    baseline: baselineFile,
    baselineCommit: measured ?? null,
    baselineStartedAt: startedAt ?? null,
    tolerancePercent,
    rows,
  };
}

/** Reads a report the bench printed; an unreadable file is an error the user must see. */
export async function readBaseline(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`BENCH_BASELINE ${file} is not a bench report (JSON): ${(err as Error).message}`);
  }
}

/** One line per figure, for the terminal. */
export function comparisonLines(comparison: BaselineComparison): string[] {
  const head = `against ${comparison.baseline} (${comparison.baselineCommit?.slice(0, 9) ?? 'unknown commit'}, ${comparison.baselineStartedAt ?? 'unknown time'}), ±${comparison.tolerancePercent} % counts as the same:`;
  return [
    head,
    ...comparison.rows.map((r) => {
      const change = r.changePercent === null ? '' : ` (${r.changePercent > 0 ? '+' : ''}${r.changePercent} %)`;
      return `  ${r.verdict.toUpperCase().padEnd(7)} ${r.figure}: ${r.baseline ?? '—'} → ${r.now ?? '—'}${change}`;
    }),
  ];
}
