import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithBaseline, comparisonLines, readBaseline } from './baseline';

const report = (c2c: number, p99: number, relay: number) => ({
  startedAt: '2026-11-29T06:00:00.000Z',
  code: { commit: '8ed4eb2aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
  results: {
    embedded: {
      c2c: { saturation: { ackedPerS: c2c }, offered: { latencyMs: { p99Ms: p99 } } },
      group: { saturation: { ackedPerS: 600 }, offered: { latencyMs: { p99Ms: 40 } } },
    },
    relay: { c2c: { saturation: { ackedPerS: relay } } },
  },
  relayFraction: { embedded: { ackedFraction: c2c / relay } },
});

describe('comparing a bench run with an earlier one', () => {
  it('calls a higher throughput and a lower p99 better, and a change within 5 % the same', () => {
    const comparison = compareWithBaseline(report(6000, 20, 20000), report(5000, 100, 19500), 'before.json', [
      'embedded',
    ]);
    const verdicts = Object.fromEntries(comparison.rows.map((r) => [r.figure, [r.verdict, r.changePercent]]));
    expect(verdicts).toEqual({
      'embedded C2C saturation msg/s': ['better', 20],
      'embedded C2C p99 at the offered rate, ms': ['better', -80],
      'embedded group saturation msg/s': ['same', 0],
      'embedded group p99 at the offered rate, ms': ['same', 0],
      'embedded fraction of the relay': ['better', 17],
      'relay C2C saturation msg/s': ['same', 2.6],
    });
    expect(comparison.baselineCommit).toBe('8ed4eb2aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('names the server a BENCH_SERVER_COMMIT run measured, not the harness that measured it', () => {
    const oldServer = {
      ...report(9000, 20, 20000),
      code: { commit: 'harness', serverUnderTest: { root: '/tmp/x', commit: '8ed4eb2' } },
    };
    expect(compareWithBaseline(report(5000, 100, 20000), oldServer, 'old.json', ['embedded']).baselineCommit).toBe(
      '8ed4eb2',
    );
  });

  it('calls a lower throughput and a higher p99 worse, and says which figures one run lacks', () => {
    const comparison = compareWithBaseline(report(4000, 300, 20000), report(5000, 100, 20000), 'before.json', [
      'embedded',
      'postgres',
    ]);
    const verdict = (figure: string) => comparison.rows.find((r) => r.figure === figure)?.verdict;
    expect(verdict('embedded C2C saturation msg/s')).toBe('worse');
    expect(verdict('embedded C2C p99 at the offered rate, ms')).toBe('worse');
    expect(verdict('postgres C2C saturation msg/s')).toBe('missing');
    expect(comparisonLines(comparison)).toContain('  WORSE   embedded C2C saturation msg/s: 5000 → 4000 (-20 %)');
  });

  it('refuses a baseline file that is not a report, naming the file', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'liaison-baseline-')), 'before.json');
    await writeFile(file, '[bench +3s] not json');
    await expect(readBaseline(file)).rejects.toThrow(`BENCH_BASELINE ${file} is not a bench report`);
  });
});
