import { useCallback, useEffect, useRef, useState } from 'react';

/** How long overlays and drawers take to hide (spec chat.md §4: 150 ms). */
export const HIDE_DELAY_MS = 150;

/**
 * Closing that lets a panel animate out: `close()` marks it closing at once (for the hide
 * transition, and so it no longer takes clicks) and calls `onClose` after `delayMs`. A second
 * `close()` while closing does nothing; unmounting cancels the pending call.
 */
export function useDelayedClose(onClose: () => void, delayMs = HIDE_DELAY_MS): { isClosing: boolean; close(): void } {
  const [isClosing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const close = useCallback(() => {
    if (timer.current) return;
    setClosing(true);
    timer.current = setTimeout(() => latest.current(), delayMs);
  }, [delayMs]);
  return { isClosing, close };
}
