import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

/** The frames open now, the newest last: the newest holds keys pressed with focus on the page. */
const openFrames: HTMLElement[] = [];

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A panel or drawer that holds the keyboard while open: focus moves into it (to its
 * `[data-autofocus]` element, else its first control), Tab and Shift+Tab wrap around inside it,
 * Escape closes it, and focus goes back where it was on close. Focus dropped to the page (its
 * control went away) comes back to the frame. Dialogs opened inside it keep their own keys: an
 * event from inside a nested dialog is theirs.
 */
export function useModalFrame(ref: RefObject<HTMLElement | null>, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const initial = root.querySelector<HTMLElement>('[data-autofocus]') ?? root.querySelector<HTMLElement>(FOCUSABLE);
    (initial ?? root).focus();
    // A control that goes away with focus in it (a handled row, a closed dialog inside) would drop
    // the focus to the page, where Escape and Tab no longer reach the frame: it comes back here.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (root.isConnected && (active === null || active === document.body)) root.focus();
      }, 0);
    };
    root.addEventListener('focusout', handleFocusOut);
    // Chromium does not always report the focus a removed control held as lost, so a key pressed
    // before it came back reaches the page: the newest frame takes it (Escape still closes).
    const handlePageKey = (event: globalThis.KeyboardEvent) => {
      if (event.target !== document.body || openFrames.at(-1) !== root || event.defaultPrevented) return;
      root.focus();
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close.current();
    };
    openFrames.push(root);
    document.addEventListener('keydown', handlePageKey);
    return () => {
      clearTimeout(timer);
      root.removeEventListener('focusout', handleFocusOut);
      document.removeEventListener('keydown', handlePageKey);
      openFrames.splice(openFrames.indexOf(root), 1);
      if (previous?.isConnected) previous.focus();
    };
  }, [ref]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const root = ref.current;
    if (!root || event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('[role="dialog"], [role="alertdialog"]') !== root) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (item) => !item.closest('[hidden]') && item.closest('[role="dialog"]') === root,
    );
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === root)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { onKeyDown };
}
