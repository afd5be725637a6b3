import type { Message } from '@liaison/sdk';

/** spec chat.md §9: a time separator when a message comes this long after the previous one. */
export const TIME_SEPARATOR_GAP_SECONDS = 600;

/** spec chat.md §9: the scroll button shows past this many viewport heights from the bottom. */
export const SCROLL_BUTTON_VIEWPORTS = 2;

/** Whether a time separator goes above `message` (spec §4: the first one, or ≥ 600 s after the previous). */
export function hasTimeSeparator(
  previous: Pick<Message, 'time'> | undefined,
  message: Pick<Message, 'time'>,
  isHistoryComplete: boolean,
): boolean {
  // The first message loaded so far gets its time only once nothing older can arrive: otherwise
  // an older page would take the separator away from a row on screen, and the view would jump.
  if (!previous) return isHistoryComplete;
  return message.time - previous.time >= TIME_SEPARATOR_GAP_SECONDS;
}

export interface ScrollPosition {
  /** Pixels between the bottom of the viewport and the bottom of the list. */
  distanceFromBottom: number;
  viewportHeight: number;
  /** Whether the latest message is at least partly in view. */
  isLatestVisible: boolean;
}

export type ScrollButton = { kind: 'hidden' } | { kind: 'newMessages'; count: number } | { kind: 'backToLatest' };

/**
 * spec §2: the floating button shows when the user has scrolled up more than two viewport
 * heights or the latest message is out of view; it counts new messages when there are any.
 */
export function scrollButtonFor(position: ScrollPosition, newMessageCount: number): ScrollButton {
  const farUp = position.distanceFromBottom > SCROLL_BUTTON_VIEWPORTS * position.viewportHeight;
  if (!farUp && position.isLatestVisible) return { kind: 'hidden' };
  return newMessageCount > 0 ? { kind: 'newMessages', count: newMessageCount } : { kind: 'backToLatest' };
}

/**
 * spec §4: a new latest message scrolls the list to the bottom, unless the scroll button is
 * showing and the message is incoming. Own messages always bring the list down.
 */
export function shouldFollowNewMessage(
  latest: Pick<Message, 'flow'> | undefined,
  isScrollButtonShown: boolean,
): boolean {
  if (!latest) return false;
  return latest.flow === 'out' || !isScrollButtonShown;
}
