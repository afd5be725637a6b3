import type { Message } from '@liaison/sdk';
import { type RefObject, useMemo, useRef } from 'react';
import { createLongPress } from '../../conversation/long-press';
import type { Point } from '../../conversation/menu-position';
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
  const swallowClick = useRef(false);
  const longPress = useMemo(
    () =>
      createLongPress(
        () => {
          if (bubble.current) openMenu(latest.current, { element: bubble.current });
        },
        { delay: MESSAGE_LONG_PRESS_MS },
      ),
    [openMenu, bubble],
  );

  const openAtBubble = (fallback: HTMLElement) => openMenu(latest.current, { element: bubble.current ?? fallback });

  return {
    /** For the message (avatar and bubble). */
    pointer: {
      onContextMenu(event: React.MouseEvent<HTMLElement>) {
        event.preventDefault();
        // A long touch also raises contextmenu on phones; the long-press has opened the menu already.
        if ((event.nativeEvent as PointerEvent).pointerType === 'touch') return;
        openAtBubble(event.currentTarget);
      },
      onTouchStart(event: React.TouchEvent) {
        swallowClick.current = false;
        const point = touchPoint(event);
        if (point) longPress.start(point);
      },
      onTouchMove(event: React.TouchEvent) {
        const point = touchPoint(event);
        if (point) longPress.move(point);
      },
      onTouchEnd(event: React.TouchEvent) {
        swallowClick.current = longPress.end();
        // After a long-press the browser would still make mouse events of the touch, and their
        // press outside the menu would close it at once.
        if (swallowClick.current && event.cancelable) event.preventDefault();
      },
      onTouchCancel() {
        longPress.end();
      },
      onClickCapture(event: React.MouseEvent) {
        if (!swallowClick.current) return;
        swallowClick.current = false;
        event.preventDefault();
        event.stopPropagation();
      },
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

function touchPoint(event: React.TouchEvent): Point | null {
  const touch = event.touches[0] ?? event.changedTouches[0];
  return touch ? { x: touch.clientX, y: touch.clientY } : null;
}
