import { describe, expect, it } from 'vitest';
import { historyDatabaseName, sizeLabel, weightedPicker } from './history-corpus';

const settings = { messages: 10_000_000, c2c: 200_000, groups: 5_000, pool: 100_000, measured: 20, seed: 20_261_124 };

describe('the history corpus database', () => {
  it('is named by its size and a hash of the settings its rows depend on', () => {
    const name = historyDatabaseName(settings);
    expect(name).toMatch(/^liaison_bench_history_10m_[0-9a-f]{8}$/);
    expect(historyDatabaseName({ ...settings })).toBe(name);
    // The run's other settings (runs, budgets) are not part of it.
    expect(historyDatabaseName({ ...settings, pageRuns: 50, rebuild: true } as typeof settings)).toBe(name);
    expect(historyDatabaseName({ ...settings, seed: 1 })).not.toBe(name);
    expect(historyDatabaseName({ ...settings, c2c: 20_000 })).toMatch(/^liaison_bench_history_10m_/);
    expect(historyDatabaseName({ ...settings, c2c: 20_000 })).not.toBe(name);
  });

  it('labels sizes in millions or thousands when they are round', () => {
    expect(sizeLabel(10_000_000)).toBe('10m');
    expect(sizeLabel(100_000)).toBe('100k');
    expect(sizeLabel(1_500_000)).toBe('1500k');
    expect(sizeLabel(1_234)).toBe('1234');
  });
});

describe('a size-weighted draw', () => {
  it('draws each index in proportion to its weight', () => {
    const pick = weightedPicker([1, 0, 3, 6]);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 1_000; i++) counts[pick((i + 0.5) / 1_000)] = (counts[pick((i + 0.5) / 1_000)] ?? 0) + 1;
    expect(counts).toEqual([100, 0, 300, 600]);
  });

  it('stays within the indexes at the ends of the range', () => {
    const pick = weightedPicker([5, 5]);
    expect(pick(0)).toBe(0);
    expect(pick(0.999_999)).toBe(1);
  });
});
