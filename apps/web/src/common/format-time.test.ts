import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, formatDate as formatPublicDate } from '../pages/common/format-date';
import { formatDate, formatTime } from './format-time';

/** 2026-05-01 17:30 UTC: already 2 May, 01:30, in Shanghai; still 1 May, 10:30, in Los Angeles. */
const LATE_EVENING_UTC = Date.UTC(2026, 4, 1, 17, 30);

describe('the portal’s dates and times', () => {
  let zone: string | undefined;
  beforeAll(() => {
    // A reader abroad: the browser's clock is Los Angeles'.
    zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('writes every date and time in the deployment’s zone (Asia/Shanghai), whatever the browser’s clock', () => {
    expect(new Date(LATE_EVENING_UTC).getDate()).toBe(1);
    expect(formatTime(LATE_EVENING_UTC)).toBe('2026-05-02 01:30');
    expect(formatDate(LATE_EVENING_UTC)).toBe('2026-05-02');
    expect(formatPublicDate(LATE_EVENING_UTC)).toBe('2026-05-02');
    expect(formatTime(Date.UTC(2026, 0, 1, 4, 5))).toBe('2026-01-01 12:05');
    expect(formatTime(null)).toBe('—');
  });

  it('writes counts from ten thousand up in 万', () => {
    expect(formatCount(9_999)).toBe('9999');
    expect(formatCount(12_345)).toBe('1.2万');
  });
});
