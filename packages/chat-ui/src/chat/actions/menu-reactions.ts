import type { Message } from '@liaison/sdk';
import type { ComponentType } from 'react';

/** What the reaction row at the top of a message's menu receives. */
export interface MenuReactionsProps {
  message: Message;
  /** Closes the menu; call it once a reaction was chosen (focus goes back to the message). */
  onDone(): void;
}

/**
 * The slot for the reaction row of the message menu (spec: shown when EmojiReaction is on). The
 * reactions feature fills it with `setMenuReactions(Row)`; until then the menu has no such row.
 * The row's buttons should have `role="menuitem"` and `tabIndex={-1}`, so the menu's arrow keys
 * reach them, and call `onDone()` after reacting.
 */
let menuReactions: ComponentType<MenuReactionsProps> | null = null;

export function setMenuReactions(row: ComponentType<MenuReactionsProps> | null): void {
  menuReactions = row;
}

export function getMenuReactions(): ComponentType<MenuReactionsProps> | null {
  return menuReactions;
}
