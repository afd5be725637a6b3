/**
 * How hard the fuzz tests push. `npm test` runs a bounded count; `npm run fuzz` sets
 * FUZZ_RUNS for a long run (and FUZZ_SEED to replay one that failed).
 */
export const FUZZ_RUNS = positive(process.env.FUZZ_RUNS) ?? 10;
export const FUZZ_SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** A test's time limit for `runs` cases, generous for a loaded two-core machine. */
export function fuzzTimeout(runs: number, perRunMs = 400): number {
  return 30_000 + runs * perRunMs;
}

export function fuzzOptions(runs: number = FUZZ_RUNS): { numRuns: number; seed?: number; endOnFailure: boolean } {
  return { numRuns: runs, endOnFailure: true, ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }) };
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
