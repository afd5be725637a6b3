/** Zoom and rotation rules of the image previewer (spec chat.md §5 "Zoom", §9 swipe). */
export const WHEEL_ZOOM = { min: 0.125, max: 4, step: 0.1 } as const;
export const PINCH_ZOOM = { min: 0.5, max: 4 } as const;
export const BUTTON_ZOOM = { min: 0.1, max: 4, step: 0.1 } as const;
export const ROTATE_STEP = 90;
/** A horizontal swipe longer than this switches image on phones. */
export const SWIPE_SWITCH_PX = 100;

export interface View {
  zoom: number;
  rotate: number;
}
export const INITIAL_VIEW: View = { zoom: 1, rotate: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Zoom steps of 0.1 add up without floating-point dust (1.2000000000000002). */
const round = (value: number) => Math.round(value * 1000) / 1000;

/** One wheel notch: up zooms in, down zooms out, within 0.125–4. */
export function wheelZoom(zoom: number, deltaY: number): number {
  if (deltaY === 0) return zoom;
  return round(clamp(zoom + (deltaY < 0 ? WHEEL_ZOOM.step : -WHEEL_ZOOM.step), WHEEL_ZOOM.min, WHEEL_ZOOM.max));
}

/** A zoom button press: ±0.1, never below 0.1. */
export function buttonZoom(zoom: number, direction: 1 | -1): number {
  return round(clamp(zoom + direction * BUTTON_ZOOM.step, BUTTON_ZOOM.min, BUTTON_ZOOM.max));
}

/** Two fingers: the zoom at the pinch's start scaled by how far the fingers moved apart, within 0.5–4. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startZoom;
  return round(clamp(startZoom * (distance / startDistance), PINCH_ZOOM.min, PINCH_ZOOM.max));
}

/** Rotation by a quarter turn, kept within one turn. */
export function rotate(degrees: number, direction: 1 | -1): number {
  return (degrees + direction * ROTATE_STEP + 360) % 360;
}

/** Which way a finished swipe switches image: -1 previous, 1 next, 0 none. */
export function swipeDirection(deltaX: number): -1 | 0 | 1 {
  if (deltaX > SWIPE_SWITCH_PX) return -1;
  if (deltaX < -SWIPE_SWITCH_PX) return 1;
  return 0;
}
