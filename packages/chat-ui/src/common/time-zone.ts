/**
 * Calendar arithmetic in one time zone: the host's (ChatKit's `timeZone`, e.g. the deployment's
 * 'Asia/Shanghai'), or the browser's own when none is given. Every time the kit shows goes through
 * here, so the kit and its host never disagree about which day a message is on.
 */
export interface ZonedTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 (Sunday) to 6. */
  weekday: number;
}

export const DAY_MS = 86_400_000;

/** The calendar fields of an instant (milliseconds) in `timeZone`. */
export function zonedTime(ms: number, timeZone?: string): ZonedTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The calendar day of an instant in `timeZone`, as a count of days: consecutive days differ by 1. */
export function dayNumber(ms: number, timeZone?: string): number {
  const { year, month, day } = zonedTime(ms, timeZone);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The instant (milliseconds) at which the day holding `ms` began in `timeZone`. */
export function startOfZonedDay(ms: number, timeZone?: string): number {
  const local = zonedTime(ms, timeZone);
  // The zone's offset at `ms`, from the wall-clock reading; seconds are dropped on both sides.
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const offset = wall - (ms - (ms % 60_000));
  return Date.UTC(local.year, local.month - 1, local.day) - offset;
}

/** The instant at which the day after the one holding `ms` begins in `timeZone`. */
export function startOfNextZonedDay(ms: number, timeZone?: string): number {
  // From a little past the next midnight: a day across a clock change is 23 or 25 hours long.
  return startOfZonedDay(startOfZonedDay(ms, timeZone) + DAY_MS + 2 * 3_600_000, timeZone);
}

/** The instant at which the `YYYY-MM-DD` day begins in `timeZone`; null for anything else. */
export function startOfNamedDay(day: string, timeZone?: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const noon = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  if (Number.isNaN(noon)) return null;
  // Noon UTC falls on the named day in every zone within ±12 h; further zones correct by a day.
  const shift = dayNumber(noon, timeZone) - Math.floor(noon / DAY_MS);
  return startOfZonedDay(noon - shift * DAY_MS, timeZone);
}

/** The day holding `ms` in `timeZone`, written as a date input holds it: `YYYY-MM-DD`. */
export function namedDay(ms: number, timeZone?: string): string {
  const { year, month, day } = zonedTime(ms, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function pad(value: number): string {
  return String(value).padStart(2, '0');
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}
