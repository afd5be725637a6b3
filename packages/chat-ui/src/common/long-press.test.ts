import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_LONG_PRESS_MS, createLongPress } from './long-press';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('conversation long-press', () => {
  it('opens the menu once the press is held for 300 ms, not before', () => {
    const onLongPress = vi.fn();
    const press = createLongPress(onLongPress);
    press.start({ x: 10, y: 20 });
    vi.advanceTimersByTime(CONVERSATION_LONG_PRESS_MS - 1);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledWith({ x: 10, y: 20 });
    expect(press.end()).toBe(true);
  });

  it('does not open the menu for a short tap, and reports the tap as a plain click', () => {
    const onLongPress = vi.fn();
    const press = createLongPress(onLongPress);
    press.start({ x: 10, y: 20 });
    vi.advanceTimersByTime(100);
    expect(press.end()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('is cancelled by moving the finger (scrolling), but not by a small jitter', () => {
    const onLongPress = vi.fn();
    const press = createLongPress(onLongPress);
    press.start({ x: 10, y: 20 });
    press.move({ x: 14, y: 23 });
    vi.advanceTimersByTime(CONVERSATION_LONG_PRESS_MS);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    press.end();

    press.start({ x: 10, y: 20 });
    press.move({ x: 10, y: 60 });
    vi.advanceTimersByTime(CONVERSATION_LONG_PRESS_MS * 2);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    expect(press.end()).toBe(false);
  });
});
