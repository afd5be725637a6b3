import { describe, expect, it } from 'vitest';
import { keywordsOf, NO_RANGE, timeWindowFor } from './search-query';

const NOON = new Date(2026, 10, 24, 12, 0, 0).getTime();
const noonSeconds = NOON / 1000;

describe('keywordsOf', () => {
  it('drops repeats and keeps at most five words of at most 100 characters', () => {
    expect(keywordsOf('a b a c d e f g')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(keywordsOf('x'.repeat(150))[0]).toHaveLength(100);
  });
});

describe('timeWindowFor', () => {
  it('reaches back to local midnight for today, and 3 or 7 days for the others', () => {
    expect(timeWindowFor('today', NO_RANGE, NOON)).toEqual({ timePosition: noonSeconds, timePeriod: 12 * 3600 });
    expect(timeWindowFor('threeDays', NO_RANGE, NOON)).toEqual({ timePosition: noonSeconds, timePeriod: 3 * 86_400 });
    expect(timeWindowFor('sevenDays', NO_RANGE, NOON)).toEqual({ timePosition: noonSeconds, timePeriod: 7 * 86_400 });
    expect(timeWindowFor('all', NO_RANGE, NOON)).toEqual({ timePosition: 0, timePeriod: 0 });
  });

  it('takes a custom range from the start of its first day to the end of its last, either way round', () => {
    const start = new Date(2026, 10, 20).getTime() / 1000;
    const end = new Date(2026, 10, 23).getTime() / 1000;
    const window = { timePosition: end, timePeriod: end - start };
    expect(timeWindowFor('custom', { from: '2026-11-20', to: '2026-11-22' }, NOON)).toEqual(window);
    expect(timeWindowFor('custom', { from: '2026-11-22', to: '2026-11-20' }, NOON)).toEqual(window);
  });

  it('ends a range without an end now, and one without a start reaches back without limit', () => {
    const start = new Date(2026, 10, 20).getTime() / 1000;
    expect(timeWindowFor('custom', { from: '2026-11-20', to: '' }, NOON)).toEqual({
      timePosition: noonSeconds,
      timePeriod: noonSeconds - start,
    });
    expect(timeWindowFor('custom', { from: '', to: '2026-11-20' }, NOON)).toEqual({
      timePosition: new Date(2026, 10, 21).getTime() / 1000,
      timePeriod: 0,
    });
    expect(timeWindowFor('custom', NO_RANGE, NOON)).toEqual({ timePosition: 0, timePeriod: 0 });
  });

  it("counts days in the host's zone: today from Shanghai's midnight, a range by Shanghai's days", () => {
    // 2026-11-24 02:00 UTC is 10:00 in Shanghai, whose day began at 16:00 UTC the day before.
    const now = Date.UTC(2026, 10, 24, 2);
    expect(timeWindowFor('today', NO_RANGE, now, 'Asia/Shanghai')).toEqual({
      timePosition: now / 1000,
      timePeriod: 10 * 3600,
    });
    const start = Date.UTC(2026, 10, 19, 16) / 1000;
    const end = Date.UTC(2026, 10, 22, 16) / 1000;
    expect(timeWindowFor('custom', { from: '2026-11-20', to: '2026-11-22' }, now, 'Asia/Shanghai')).toEqual({
      timePosition: end,
      timePeriod: end - start,
    });
  });
});
