import type { ConversationTextKey } from '../i18n/conversation-text';

/** Looks up one of the conversation namespace's words (i18next's `t`, or a plain lookup in tests). */
export type ConversationTranslate = (key: ConversationTextKey) => string;

const DAY_MS = 86_400_000;

/**
 * The time shown on a conversation row (spec chat.md §4 "Conversation list"), by calendar days in
 * local time: same day `HH:MM`; the day before `Yesterday HH:MM`; up to six days back the weekday
 * name; earlier this year `M/D`; before that `YYYY/M/D`. A time of 0 (no message) shows nothing.
 *
 * @param timeSeconds the last message's time, seconds since the epoch
 * @param now the current time (a Date or milliseconds); only its calendar day matters
 */
export function formatConversationTime(timeSeconds: number, now: Date | number, t: ConversationTranslate): string {
  if (!timeSeconds) return '';
  const then = new Date(timeSeconds * 1000);
  const today = new Date(now);
  const days = calendarDaysBetween(then, today);
  if (days <= 0 && isSameDay(then, today)) return clock(then);
  if (days === 1) return `${t('yesterday')} ${clock(then)}`;
  if (days > 1 && days < 7) return t(`weekday${then.getDay()}` as ConversationTextKey);
  if (then.getFullYear() === today.getFullYear()) return `${then.getMonth() + 1}/${then.getDate()}`;
  return `${then.getFullYear()}/${then.getMonth() + 1}/${then.getDate()}`;
}

/** Local midnight of the day holding `time`, in milliseconds. */
export function startOfDay(time: Date | number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

function calendarDaysBetween(earlier: Date, later: Date): number {
  // Rounded, because a day across a daylight-saving change is 23 or 25 hours long.
  return Math.round((startOfDay(later) - startOfDay(earlier)) / DAY_MS);
}

function isSameDay(a: Date, b: Date): boolean {
  return startOfDay(a) === startOfDay(b);
}

function clock(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
