import { type RefObject, useLayoutEffect } from 'react';
import type { ValueStore } from '../../common/value-store';

/**
 * Roving tabindex without re-rendering: the row whose ID the store holds is the list's one Tab stop
 * (tabIndex 0), every other row is reached with the arrow keys (tabIndex -1). The attribute is set
 * on the element directly, so moving the stop never re-renders a message.
 */
export function useTabStop(row: RefObject<HTMLElement | null>, messageID: string, tabStop: ValueStore<string | null>) {
  useLayoutEffect(() => {
    const update = () => {
      if (row.current) row.current.tabIndex = tabStop.get() === messageID ? 0 : -1;
    };
    update();
    return tabStop.subscribe(update);
  }, [row, messageID, tabStop]);
}
