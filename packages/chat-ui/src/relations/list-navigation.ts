import type { KeyboardEvent } from 'react';

/** The items arrow keys move between: buttons and checkboxes marked for it, not hidden or disabled. */
const ITEM = '[data-nav-item]';

/**
 * Arrow keys for a list of buttons (or checkboxes) inside the element handling the event: Down and
 * Up move focus to the next and previous item, Home and End to the first and last. Tab still
 * reaches every item, so nothing depends on this.
 */
export function handleListKeys(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return;
  const active = document.activeElement;
  // A text field keeps Home and End (and arrows) for its caret.
  if (active instanceof HTMLInputElement && active.type !== 'checkbox') return;
  if (active instanceof HTMLTextAreaElement) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(ITEM)).filter(
    (item) => !item.closest('[hidden]') && !item.hasAttribute('disabled'),
  );
  if (items.length === 0) return;
  const index = items.indexOf(active as HTMLElement);
  let next: number;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = items.length - 1;
  else if (index === -1) next = 0;
  else next = Math.min(items.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)));
  event.preventDefault();
  items[next]?.focus();
}
