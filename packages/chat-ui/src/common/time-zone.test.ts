import { describe, expect, it } from 'vitest';
import { dayNumber, namedDay, startOfNamedDay, startOfZonedDay, zonedTime } from './time-zone';

describe('time zone arithmetic', () => {
  it('reads the calendar fields of an instant in the zone named', () => {
    const instant = Date.UTC(2024, 11, 31, 18, 5);
    expect(zonedTime(instant, 'Asia/Shanghai')).toEqual({
      year: 2025,
      month: 1,
      day: 1,
      hour: 2,
      minute: 5,
      weekday: 3,
    });
    expect(zonedTime(instant, 'UTC')).toEqual({ year: 2024, month: 12, day: 31, hour: 18, minute: 5, weekday: 2 });
  });

  it('starts a day at the zone’s midnight', () => {
    const instant = Date.UTC(2024, 5, 12, 1, 30, 17, 250);
    expect(startOfZonedDay(instant, 'Asia/Shanghai')).toBe(Date.UTC(2024, 5, 11, 16));
    expect(startOfZonedDay(instant, 'UTC')).toBe(Date.UTC(2024, 5, 12));
    expect(startOfZonedDay(instant, 'Pacific/Kiritimati')).toBe(Date.UTC(2024, 5, 11, 10));
  });

  it('counts consecutive days one apart across a month end', () => {
    expect(
      dayNumber(Date.UTC(2024, 6, 1, 1), 'Asia/Shanghai') - dayNumber(Date.UTC(2024, 5, 30, 1), 'Asia/Shanghai'),
    ).toBe(1);
  });

  it('reads and writes the days of date inputs in the zone', () => {
    expect(startOfNamedDay('2024-06-12', 'Asia/Shanghai')).toBe(Date.UTC(2024, 5, 11, 16));
    expect(startOfNamedDay('2024-06-12', 'Pacific/Kiritimati')).toBe(Date.UTC(2024, 5, 11, 10));
    expect(startOfNamedDay('2024-06-12', 'Pacific/Honolulu')).toBe(Date.UTC(2024, 5, 12, 10));
    expect(startOfNamedDay('12/06/2024', 'Asia/Shanghai')).toBeNull();
    expect(namedDay(Date.UTC(2024, 5, 11, 16), 'Asia/Shanghai')).toBe('2024-06-12');
  });
});
