import type { Point } from './menu-position';

/** A press held this long opens the conversation menu (spec chat.md §9). */
export const CONVERSATION_LONG_PRESS_MS = 300;
/** Moving the finger further than this (px) is a scroll, not a press. */
export const LONG_PRESS_MOVE_TOLERANCE = 10;

export interface LongPress {
  /** A touch began at `point`. */
  start(point: Point): void;
  /** The touch moved; cancels the press once it moved past the tolerance. */
  move(point: Point): void;
  /** The touch ended or was cancelled; returns whether it had become a long press. */
  end(): boolean;
}

/**
 * Long-press detection, separate from the DOM: `onLongPress` fires once the press has been held for
 * `delay` ms without moving away. The caller uses `end()`'s answer to swallow the click that follows.
 */
export function createLongPress(
  onLongPress: (point: Point) => void,
  { delay = CONVERSATION_LONG_PRESS_MS, tolerance = LONG_PRESS_MOVE_TOLERANCE } = {},
): LongPress {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let origin: Point | null = null;
  let fired = false;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    start(point) {
      cancel();
      origin = point;
      fired = false;
      timer = setTimeout(() => {
        timer = null;
        fired = true;
        onLongPress(point);
      }, delay);
    },
    move(point) {
      if (!origin || timer === null) return;
      if (Math.hypot(point.x - origin.x, point.y - origin.y) > tolerance) cancel();
    },
    end() {
      cancel();
      origin = null;
      const wasLongPress = fired;
      fired = false;
      return wasLongPress;
    },
  };
}
