import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_IDLE_MS, TypingReporter } from './typing-reporter';

/** The calls the reporter makes, in order: the peer's view of my typing. */
function recorder() {
  const calls: string[] = [];
  const channel = {
    enter: async () => void calls.push('enter'),
    leave: async () => void calls.push('leave'),
  };
  return { calls, reporter: new TypingReporter(channel) };
}

const typing = { hasText: true, hasFocus: true };

describe('TypingReporter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('enters typing on input while the editor has text and focus, and leaves when it empties', () => {
    const { calls, reporter } = recorder();
    reporter.input(typing);
    reporter.input(typing);
    reporter.input({ hasText: false, hasFocus: true });
    expect(calls).toEqual(['enter', 'enter', 'leave']);
  });

  it('leaves typing when the editor loses focus with text still in it', () => {
    const { calls, reporter } = recorder();
    reporter.input(typing);
    reporter.focus({ hasText: true, hasFocus: false });
    expect(calls).toEqual(['enter', 'leave']);
  });

  it('leaves typing after a pause in the input', () => {
    const { calls, reporter } = recorder();
    reporter.input(typing);
    vi.advanceTimersByTime(TYPING_IDLE_MS - 1);
    expect(calls).toEqual(['enter']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['enter', 'leave']);
  });

  it('never enters typing without focus or text, and never leaves without having entered', () => {
    const { calls, reporter } = recorder();
    reporter.input({ hasText: true, hasFocus: false });
    reporter.input({ hasText: false, hasFocus: true });
    reporter.focus({ hasText: false, hasFocus: false });
    reporter.leave();
    expect(calls).toEqual([]);
  });
});
