import { SearchLimits } from '@liaison/protocol';
import { startOfNamedDay, startOfNextZonedDay, startOfZonedDay } from '../common/time-zone';

/** The time tabs (spec chat.md §2): All, today, last three days, last seven days, custom range. */
export const TIME_TABS = ['all', 'today', 'threeDays', 'sevenDays', 'custom'] as const;
export type TimeTab = (typeof TIME_TABS)[number];

/** A custom range as the date inputs give it: calendar days of the kit's zone, `YYYY-MM-DD`, both included. */
export interface DateRange {
  from: string;
  to: string;
}

/** No custom range: both ends open. */
export const NO_RANGE: DateRange = { from: '', to: '' };

/** The spec's time filter (§3 "Search state"): seconds; 0 and 0 mean no limit. */
export interface TimeWindow {
  timePosition: number;
  timePeriod: number;
}

/** The words of the input, as the search takes them: split at spaces, no repeats, at most 5 of at most 100 characters. */
export function keywordsOf(input: string): string[] {
  const words = input
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => word.slice(0, SearchLimits.KEYWORD_MAX_LENGTH));
  return [...new Set(words)].slice(0, SearchLimits.KEYWORDS_MAX);
}

/**
 * The time filter of a tab (spec §4 "Search"), in days of the kit's zone (the browser's when unset):
 * today reaches back to midnight; three and seven
 * days as many days back from now; a custom range ends at the end of its last day (timePosition)
 * and reaches back to the start of its first (timePeriod). A range without an end ends now; one
 * without a start reaches back without limit; an empty one is All (0 and 0).
 */
export function timeWindowFor(time: TimeTab, range: DateRange, now: number, timeZone?: string): TimeWindow {
  const nowSeconds = Math.floor(now / 1000);
  switch (time) {
    case 'today':
      return {
        timePosition: nowSeconds,
        timePeriod: Math.max(1, nowSeconds - toSeconds(startOfZonedDay(now, timeZone))),
      };
    case 'threeDays':
      return { timePosition: nowSeconds, timePeriod: 3 * DAY_SECONDS };
    case 'sevenDays':
      return { timePosition: nowSeconds, timePeriod: 7 * DAY_SECONDS };
    case 'custom': {
      const from = dayStart(range.from, timeZone);
      const to = dayStart(range.to, timeZone);
      if (from === null && to === null) return ALL_TIME;
      if (from === null) return { timePosition: nextDay(to ?? 0, timeZone), timePeriod: 0 };
      if (to === null) return { timePosition: nowSeconds, timePeriod: Math.max(1, nowSeconds - from) };
      const [first, last] = from <= to ? [from, to] : [to, from];
      const end = nextDay(last, timeZone);
      return { timePosition: end, timePeriod: end - first };
    }
    default:
      return ALL_TIME;
  }
}

const DAY_SECONDS = 86_400;

const ALL_TIME: TimeWindow = { timePosition: 0, timePeriod: 0 };

/** The midnight starting a `YYYY-MM-DD` day, in seconds; null for anything else. */
function dayStart(day: string, timeZone: string | undefined): number | null {
  const start = startOfNamedDay(day, timeZone);
  return start === null ? null : toSeconds(start);
}

/** The midnight after the day starting at `start`. */
function nextDay(start: number, timeZone: string | undefined): number {
  return toSeconds(startOfNextZonedDay(start * 1000, timeZone));
}

function toSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}
