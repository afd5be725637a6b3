import { dayNumber, pad, zonedTime } from '../common/time-zone';
import type { ConversationTextKey } from '../i18n/conversation-text';

/** Looks up one of the conversation namespace's words (i18next's `t`, or a plain lookup in tests). */
export type ConversationTranslate = (key: ConversationTextKey) => string;

/**
 * The time shown on a conversation row (spec chat.md §4 "Conversation list"), by calendar days in
 * the kit's time zone (the browser's when the host names none): same day `HH:MM`; the day before
 * `Yesterday HH:MM`; up to six days back the weekday name; earlier this year `M/D`; before that
 * `YYYY/M/D`. A time of 0 (no message) shows nothing.
 *
 * @param timeSeconds the last message's time, seconds since the epoch
 * @param now the current time (a Date or milliseconds); only its calendar day matters
 */
export function formatConversationTime(
  timeSeconds: number,
  now: Date | number,
  t: ConversationTranslate,
  timeZone?: string,
): string {
  if (!timeSeconds) return '';
  const thenMs = timeSeconds * 1000;
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const then = zonedTime(thenMs, timeZone);
  const days = dayNumber(nowMs, timeZone) - dayNumber(thenMs, timeZone);
  const clock = `${pad(then.hour)}:${pad(then.minute)}`;
  if (days <= 0) return clock;
  if (days === 1) return `${t('yesterday')} ${clock}`;
  if (days < 7) return t(`weekday${then.weekday}` as ConversationTextKey);
  if (then.year === zonedTime(nowMs, timeZone).year) return `${then.month}/${then.day}`;
  return `${then.year}/${then.month}/${then.day}`;
}
