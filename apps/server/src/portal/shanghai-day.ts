/**
 * Calendar days as the portal's users live them: Asia/Shanghai (UTC+8 all year, no daylight
 * saving), whatever the server's own time zone. A day is numbered from the epoch, so SQL can group
 * ms timestamps by day with integer arithmetic (`(created_at + OFFSET_MS) / DAY_MS`), or written
 * as a 'YYYY-MM-DD' string, which sorts and compares as a date.
 */
export const DAY_MS = 86_400_000;
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The Shanghai day number of a moment. */
export function shanghaiDay(ms: number): number {
  return Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS);
}

/** The moment a Shanghai day starts (00:00 in Shanghai). */
export function shanghaiDayStart(day: number): number {
  return day * DAY_MS - SHANGHAI_OFFSET_MS;
}

/** 'YYYY-MM-DD' of a Shanghai day number. */
export function shanghaiDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of the Shanghai day of a moment. */
export function shanghaiDateOf(ms: number): string {
  return shanghaiDate(shanghaiDay(ms));
}

/** The date before a 'YYYY-MM-DD' date. */
export function previousDate(date: string): string {
  return shanghaiDate(Date.parse(`${date}T00:00:00Z`) / DAY_MS - 1);
}

/** The 7 days ending with the day of `now`, oldest first. */
export function lastSevenDays(now: number): number[] {
  const today = shanghaiDay(now);
  return Array.from({ length: 7 }, (_, i) => today - 6 + i);
}
