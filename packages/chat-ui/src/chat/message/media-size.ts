import { useSyncExternalStore } from 'react';

/** The largest picture or player box in a bubble (spec chat.md §5, §9). */
export const MEDIA_MAX_PX = 300;
/** On phones an image box leaves this much of the app's width to avatar and margins. */
export const PHONE_IMAGE_MARGIN_PX = 180;
/** On phones a video box leaves this much of the list's width. */
export const PHONE_VIDEO_MARGIN_PX = 172;

export interface BoxSize {
  width: number;
  height: number;
}

/**
 * The box a picture of this size takes in the bubble, fitted in `max` × `max` without enlarging it,
 * so the row has its final height before the picture loads (no jump, the list stays at the newest
 * message). Unknown (zero) dimensions give no size (spec §5).
 */
export function fitMediaBox(width: number, height: number, max: number): BoxSize | undefined {
  if (!(width > 0 && height > 0)) return undefined;
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The image box limit: 300 px; on phones min(app width − 180, 300). */
export function imageMaxPx(isH5: boolean, appWidth: number): number {
  return isH5 ? Math.max(60, Math.min(appWidth - PHONE_IMAGE_MARGIN_PX, MEDIA_MAX_PX)) : MEDIA_MAX_PX;
}

/** The video box limit: 300 px; on phones min(list width − 172, 300). */
export function videoMaxPx(isH5: boolean, listWidth: number): number {
  return isH5 ? Math.max(60, Math.min(listWidth - PHONE_VIDEO_MARGIN_PX, MEDIA_MAX_PX)) : MEDIA_MAX_PX;
}

/** The width the app has: the window's (on phones the open chat is full screen). */
export function appWidth(): number {
  return typeof window === 'undefined' ? MEDIA_MAX_PX + PHONE_IMAGE_MARGIN_PX : window.innerWidth;
}

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * The box limit of an image or video bubble, following the window as it is resized or turned.
 * A row re-renders only when its limit changes: on desktop, never.
 */
export function useMediaMaxPx(kind: 'image' | 'video', isH5: boolean): number {
  const limit = () => (kind === 'image' ? imageMaxPx : videoMaxPx)(isH5, appWidth());
  return useSyncExternalStore(subscribeToResize, limit, limit);
}
