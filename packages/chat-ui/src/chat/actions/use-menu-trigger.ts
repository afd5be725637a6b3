import type { Message } from '@liaison/sdk';
import { type RefObject, useRef } from 'react';
import { isTouchContextMenu, useLongPress } from '../../common/use-long-press';
import { useRowActions } from './row-actions';

/** spec chat.md §9: a press held this long opens the message menu on phones. */
export const MESSAGE_LONG_PRESS_MS = 500;

/**
 * The ways a message's menu opens: right-click, the context-menu key or Shift+F10 on the focused
 * message, and a 500 ms long-press on touch screens. It opens against the bubble (above it, or
 * below near the list's top), never over it. A long-press swallows the tap that ends it, so the
 * picture under the finger does not open as well.
 */
export function useMenuTrigger(message: Message, bubble: RefObject<HTMLElement | null>) {
  const { openMenu } = useRowActions();
  const latest = useRef(message);
  latest.current = message;
  const touch = useLongPress(() => {
    if (bubble.current) openMenu(latest.current, { element: bubble.current });
  }, MESSAGE_LONG_PRESS_MS);

  const openAtBubble = (fallback: HTMLElement) => openMenu(latest.current, { element: bubble.current ?? fallback });

  return {
    /** For the message (avatar and bubble). */
    pointer: {
      onContextMenu(event: React.MouseEvent<HTMLElement>) {
        event.preventDefault();
        if (isTouchContextMenu(event)) return;
        openAtBubble(event.currentTarget);
      },
      ...touch,
    },
    /** For the focusable row: Shift+F10 and the context-menu key. */
    onKeyDown(event: React.KeyboardEvent<HTMLElement>) {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
        event.preventDefault();
        openAtBubble(event.currentTarget);
      }
    },
  };
}
