import { TIME_ZONE } from '../base/site';

/**
 * The portal's dates and times in the deployment's zone (TIME_ZONE), not the browser's: the
 * server's 'today' (sign-in, the data board) is a day in that zone, and a time shown beside it
 * must fall on the same day whatever clock the reader's computer keeps.
 */
const PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** One way the management centre writes times: 2026-05-01 09:30, '—' for none. */
export function formatTime(ms: number | null): string {
  if (ms === null) return '—';
  const { year, month, day, hour, minute } = partsOf(ms);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/** A day as the lists write it: 2026-05-01. */
export function formatDate(ms: number): string {
  const { year, month, day } = partsOf(ms);
  return `${year}-${month}-${day}`;
}

function partsOf(ms: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const parts = new Map(PARTS.formatToParts(ms).map((part) => [part.type, part.value]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}
