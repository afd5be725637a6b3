import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

const fixed = (random: number) => ({ initialMs: 200, maxMs: 5_000, random: () => random });

describe('backoffDelay', () => {
  it('starts around the initial delay', () => {
    expect(backoffDelay(0, fixed(0))).toBe(100);
    expect(backoffDelay(0, fixed(0.999999))).toBe(200);
  });

  it('doubles with each attempt', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, fixed(1)))).toEqual([200, 400, 800, 1600]);
  });

  it('never exceeds the cap, however many attempts', () => {
    for (const attempt of [5, 10, 100, 5000]) {
      expect(backoffDelay(attempt, fixed(1))).toBe(5_000);
      expect(backoffDelay(attempt, fixed(0))).toBe(2_500);
    }
  });

  it('spreads clients with jitter between half and all of the ceiling', () => {
    const delays = Array.from({ length: 200 }, () => backoffDelay(3));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(800);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1600);
    expect(new Set(delays).size).toBeGreaterThan(10);
  });
});
