import type { Message } from '@liaison/sdk';
import { createContext, useContext } from 'react';
import type { RowLayout } from '../message/renderer-map';

/** What a message's menu opens against: the message's bubble. */
export interface MenuAnchor {
  element: HTMLElement;
}

/**
 * What a message row may ask of the list it is in. One stable object for the whole list, so
 * memoised rows never re-render because of it.
 */
export interface RowActions {
  /** Whether the message, shown with this layout, has a menu (spec §2: none when nothing applies). */
  hasMenu(message: Message, layout: RowLayout): boolean;
  /** Opens the message's action menu (nothing happens when it has none). */
  openMenu(message: Message, anchor: MenuAnchor): void;
  /** Scrolls to a quoted message, loading the history around it if needed, and makes it blink. */
  jumpTo(messageID: string, sequence?: number): void;
  /** Puts a revoked own text back into the editor. */
  reEdit(messageID: string): void;
  toggleSelected(messageID: string): void;
}

const NO_ACTIONS: RowActions = {
  hasMenu: () => false,
  openMenu: () => undefined,
  jumpTo: () => undefined,
  reEdit: () => undefined,
  toggleSelected: () => undefined,
};

const RowActionsContext = createContext<RowActions>(NO_ACTIONS);
export const RowActionsProvider = RowActionsContext.Provider;

export function useRowActions(): RowActions {
  return useContext(RowActionsContext);
}
