import { useSyncExternalStore } from 'react';

/** Below this width the kit shows one panel at a time (the h5 layout). */
export const H5_MAX_WIDTH = 767;
const QUERY = `(max-width: ${H5_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the viewport is narrow enough for the h5 layout; follows resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
