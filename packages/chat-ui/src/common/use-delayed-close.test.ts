// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIDE_DELAY_MS, useDelayedClose } from './use-delayed-close';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDelayedClose', () => {
  it('marks the panel closing at once and closes it 150 ms later, once', () => {
    const onClose = vi.fn();
    const { result } = renderHook(() => useDelayedClose(onClose));
    act(() => result.current.close());
    expect(result.current.isClosing).toBe(true);
    act(() => result.current.close());
    act(() => vi.advanceTimersByTime(HIDE_DELAY_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close a panel that was unmounted while hiding', () => {
    const onClose = vi.fn();
    const { result, unmount } = renderHook(() => useDelayedClose(onClose));
    act(() => result.current.close());
    unmount();
    vi.advanceTimersByTime(HIDE_DELAY_MS);
    expect(onClose).not.toHaveBeenCalled();
  });
});
