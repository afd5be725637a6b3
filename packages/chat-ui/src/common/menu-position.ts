export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Distance kept between a menu and the viewport's edges. */
export const MENU_MARGIN = 8;

/**
 * Where to put a menu opened at `point` (e.g. the pointer) so it stays inside the viewport: below
 * and right of the point by default, flipped to the left or above when it would overflow, and
 * clamped to the margin when it fits neither way.
 */
export function positionMenu(
  point: Point,
  menu: Size,
  viewport: Size,
  margin = MENU_MARGIN,
): { left: number; top: number } {
  return {
    left: place(point.x, menu.width, viewport.width, margin),
    top: place(point.y, menu.height, viewport.height, margin),
  };
}

function place(at: number, size: number, room: number, margin: number): number {
  if (at + size <= room - margin) return Math.max(margin, at);
  if (at - size >= margin) return at - size;
  return Math.max(margin, Math.min(at, room - margin - size));
}
