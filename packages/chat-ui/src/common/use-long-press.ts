import { useMemo, useRef } from 'react';
import { CONVERSATION_LONG_PRESS_MS, createLongPress } from './long-press';
import type { Point } from './menu-position';

/**
 * Touch handlers that open a menu on a long-press and keep it open when the finger lifts: the tap
 * that ends the press is swallowed, and so are the mouse events the browser would make of the
 * touch, whose press outside the menu would close it at once.
 */
export function useLongPress(onLongPress: (point: Point) => void, delay = CONVERSATION_LONG_PRESS_MS) {
  const latest = useRef(onLongPress);
  latest.current = onLongPress;
  // A cancelled touchend makes no click: the flag is dropped by the next press, which is the user's own.
  const swallowClick = useRef(false);
  const longPress = useMemo(() => createLongPress((point) => latest.current(point), { delay }), [delay]);
  return {
    onPointerDown() {
      swallowClick.current = false;
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
  };
}

/** A phone raises contextmenu for a long touch too; the long-press has opened the menu already. */
export function isTouchContextMenu(event: React.MouseEvent): boolean {
  return (event.nativeEvent as PointerEvent).pointerType === 'touch';
}

/**
 * Where a row's context menu opens (the browser's own is prevented): at the pointer, or at the row
 * for the context-menu key, which reports no pointer position; null for a phone's long touch, whose
 * long-press has opened the menu already.
 */
export function contextMenuPoint(event: React.MouseEvent<HTMLElement>): Point | null {
  event.preventDefault();
  if (isTouchContextMenu(event)) return null;
  if (event.clientX === 0 && event.clientY === 0) {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: rect.left + 16, y: rect.bottom };
  }
  return { x: event.clientX, y: event.clientY };
}

function touchPoint(event: React.TouchEvent): Point | null {
  const touch = event.touches[0] ?? event.changedTouches[0];
  return touch ? { x: touch.clientX, y: touch.clientY } : null;
}
