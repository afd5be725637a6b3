import { useEffect, useRef, useState } from 'react';

/** What an overlay needs of `useOverlay`: whether it shows, how it closes, and the call once it has. */
export interface OverlayControl {
  isOpen: boolean;
  close: () => void;
  clear: () => void;
}

/**
 * What a drawer or dialog shows, kept through its closing motion so the content does not vanish
 * mid-slide; the overlay calls `clear` once it has closed (its afterClose or
 * afterOpenChange(false)). On closing, the focus goes back to what opened it: Ant Design does
 * that only after a finished closing motion, so not for an overlay closed while still opening
 * (an Escape pressed at once), which left the focus on the page.
 */
export function useOverlay<T>() {
  const [state, setState] = useState<{ subject: T; isOpen: boolean; opening: number } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = state?.isOpen ?? false;
  const wasOpen = useRef(false);
  // Which opening shows now, and the changes started and applied in it (see `change`).
  const changes = useRef({ opening: 0, started: 0, applied: 0 });

  // After the overlay's own effects have released its focus trap.
  useEffect(() => {
    if (wasOpen.current && !isOpen && opener.current?.isConnected) opener.current.focus({ preventScroll: true });
    wasOpen.current = isOpen;
  }, [isOpen]);

  return {
    subject: state?.subject ?? null,
    isOpen,
    /** A key for the overlay: each opening mounts it afresh, with nothing left from the last. */
    key: state?.opening ?? 0,
    open: (subject: T) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const opening = changes.current.opening + 1;
      changes.current = { opening, started: 0, applied: 0 };
      setState({ subject, isOpen: true, opening });
    },
    /**
     * Starts a change of the shown subject (a read, an answer) and returns how to show its result.
     * The result shows only in the opening that started it, and never over the result of a change
     * started later: a slow read must not bring back the buttons of an answer given meanwhile.
     */
    change: () => {
      const at = changes.current;
      const ticket = ++at.started;
      return (subject: T) => {
        if (changes.current !== at || ticket < at.applied) return;
        at.applied = ticket;
        setState((now) => (now ? { ...now, subject } : now));
      };
    },
    close: () => setState((now) => (now ? { ...now, isOpen: false } : now)),
    clear: () => setState((now) => (now?.isOpen ? now : null)),
  };
}
