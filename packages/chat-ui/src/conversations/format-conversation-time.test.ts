import { describe, expect, it } from 'vitest';
import { conversationText } from '../i18n/conversation-text';
import { formatConversationTime } from './format-conversation-time';

const en = (key: keyof typeof conversationText.en) => conversationText.en[key];
const zh = (key: keyof typeof conversationText.en) => conversationText['zh-CN'][key];

/** Seconds for a local date and time. */
function at(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return new Date(year, month - 1, day, hour, minute, second).getTime() / 1000;
}

// Wednesday 12 June 2024, 10:30 local time.
const NOW = new Date(2024, 5, 12, 10, 30);

describe('formatConversationTime', () => {
  it('shows hour and minute, zero-padded, for a message from today', () => {
    expect(formatConversationTime(at(2024, 6, 12, 9, 5), NOW, en)).toBe('09:05');
  });

  it('counts a message from just after midnight as today and one just before as yesterday', () => {
    expect(formatConversationTime(at(2024, 6, 12, 0, 0, 0), NOW, en)).toBe('00:00');
    expect(formatConversationTime(at(2024, 6, 11, 23, 59, 59), NOW, en)).toBe('Yesterday 23:59');
  });

  it('labels yesterday in the interface language', () => {
    expect(formatConversationTime(at(2024, 6, 11, 8, 0), NOW, zh)).toBe('昨天 08:00');
  });

  it('shows the weekday for two to six days ago', () => {
    expect(formatConversationTime(at(2024, 6, 10, 12, 0), NOW, en)).toBe('Monday');
    expect(formatConversationTime(at(2024, 6, 6, 0, 0), NOW, en)).toBe('Thursday');
    expect(formatConversationTime(at(2024, 6, 6, 0, 0), NOW, zh)).toBe('星期四');
  });

  it('shows month/day from seven days ago on', () => {
    expect(formatConversationTime(at(2024, 6, 5, 23, 59), NOW, en)).toBe('6/5');
    expect(formatConversationTime(at(2024, 1, 1, 0, 0), NOW, en)).toBe('1/1');
  });

  it('shows the full date for an earlier year, even when it was yesterday-adjacent across new year', () => {
    const newYearsDay = new Date(2025, 0, 1, 9, 0);
    expect(formatConversationTime(at(2024, 12, 31, 22, 0), newYearsDay, en)).toBe('Yesterday 22:00');
    expect(formatConversationTime(at(2024, 12, 20, 22, 0), newYearsDay, en)).toBe('2024/12/20');
    expect(formatConversationTime(at(2023, 6, 12, 10, 0), NOW, en)).toBe('2023/6/12');
  });

  it('shows the weekday across new year when within the week', () => {
    const newYearsDay = new Date(2025, 0, 1, 9, 0);
    expect(formatConversationTime(at(2024, 12, 28, 10, 0), newYearsDay, en)).toBe('Saturday');
  });

  it('shows nothing for a conversation without messages', () => {
    expect(formatConversationTime(0, NOW, en)).toBe('');
  });

  it('shows a slightly future time (clock skew) as a time of today', () => {
    expect(formatConversationTime(at(2024, 6, 12, 10, 31), NOW, en)).toBe('10:31');
  });

  it("writes the time and day in the host's time zone, whatever the browser's clock says", () => {
    // 2024-06-12 01:30 UTC is 09:30 on the 12th in Shanghai and 15:30 on the 11th in Honolulu;
    // 12:00 UTC is the 12th in both.
    const message = Date.UTC(2024, 5, 12, 1, 30) / 1000;
    const now = Date.UTC(2024, 5, 12, 12, 0);
    expect(formatConversationTime(message, now, en, 'Asia/Shanghai')).toBe('09:30');
    expect(formatConversationTime(message, now, en, 'Pacific/Honolulu')).toBe('Yesterday 15:30');
    // 23:30 UTC on the 11th is the 12th in Shanghai: the same day as a noon there.
    expect(formatConversationTime(Date.UTC(2024, 5, 11, 23, 30) / 1000, now, en, 'Asia/Shanghai')).toBe('07:30');
    expect(formatConversationTime(Date.UTC(2024, 5, 1, 23, 30) / 1000, now, en, 'Asia/Shanghai')).toBe('6/2');
  });
});
