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
      setState((now) => ({ subject, isOpen: true, opening: (now?.opening ?? 0) + 1 }));
    },
    /** The subject changed while shown (read, answered). */
    update: (subject: T) => setState((now) => (now ? { ...now, subject } : now)),
    close: () => setState((now) => (now ? { ...now, isOpen: false } : now)),
    clear: () => setState((now) => (now?.isOpen ? now : null)),
  };
}
