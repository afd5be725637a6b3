import { type RefObject, useEffect } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input, select, textarea, video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside a modal while it is open: focus moves into it on open, Tab and
 * Shift+Tab wrap around its controls, and focus returns to where it was on close.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, isActive = true): void {
  useEffect(() => {
    const root = ref.current;
    if (!isActive || !root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const initial = root.querySelector<HTMLElement>('[data-autofocus]') ?? root.querySelector<HTMLElement>(FOCUSABLE);
    (initial ?? root).focus();
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    root.addEventListener('keydown', handleKeyDown);
    return () => {
      root.removeEventListener('keydown', handleKeyDown);
      previous?.focus();
    };
  }, [ref, isActive]);
}
