import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { FollowOutput, ListRange, VirtuosoHandle } from 'react-virtuoso';
import { type ScrollButton, type ScrollPosition, scrollButtonFor, shouldFollowNewMessage } from './chat-rules';
import type { MessageListState } from './message-list-state';
import type { MessageStore } from './message-store';

export interface ScrollFollow {
  /** The floating button: hidden, 'back to latest', or the count of new messages. */
  button: ScrollButton;
  /** Whether the list keeps to its bottom as messages arrive, and how. */
  followOutput: FollowOutput;
  handleScroller(element: HTMLElement | Window | null): void;
  handleRange(range: ListRange): void;
  handleBackToLatest(): void;
}

/**
 * Where the user is in the list and whether it follows new messages (spec chat.md §2, §4): the
 * list keeps to the bottom for new messages unless the user reads further up, when the floating
 * button counts what arrived and brings them back. `onUserScroll` runs when the user scrolls the
 * list by wheel or touch.
 */
export function useScrollFollow(
  store: MessageStore,
  state: MessageListState,
  firstItemIndex: number,
  virtuoso: RefObject<VirtuosoHandle | null>,
  onUserScroll: () => void,
): ScrollFollow {
  const [position, setPosition] = useState<ScrollPosition>({
    distanceFromBottom: 0,
    viewportHeight: 0,
    isLatestVisible: true,
  });
  const [newCount, setNewCount] = useState(0);
  const latest = state.messages.at(-1);
  const isDetached = state.hasNewer;
  // A detached window never shows the latest: the button stays, counting what arrived meanwhile.
  const button: ScrollButton = isDetached
    ? state.missedCount > 0
      ? { kind: 'newMessages', count: state.missedCount }
      : { kind: 'backToLatest' }
    : scrollButtonFor(position, newCount);

  // Count incoming messages that arrive while the user reads further up (not pages of a window joining the end).
  const lastSeen = useRef<{ ID: string | undefined; wasLive: boolean }>({ ID: undefined, wasLive: true });
  useEffect(() => {
    const seen = lastSeen.current;
    lastSeen.current = { ID: latest?.ID ?? seen.ID, wasLive: !isDetached };
    if (!latest || latest.ID === seen.ID) return;
    const isFirst = seen.ID === undefined;
    if (!isFirst && seen.wasLive && !isDetached && button.kind !== 'hidden' && latest.flow === 'in') {
      setNewCount((n) => n + 1);
    }
  }, [latest, button.kind, isDetached]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a replaced window starts with nothing new.
  useEffect(() => setNewCount(0), [state.windowKey]);

  const handleScroller = useCallback(
    (element: HTMLElement | Window | null) => {
      if (!(element instanceof HTMLElement)) return;
      let pending = false;
      const update = () => {
        pending = false;
        const distanceFromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
        setPosition((p) =>
          p.distanceFromBottom === distanceFromBottom && p.viewportHeight === element.clientHeight
            ? p
            : { ...p, distanceFromBottom, viewportHeight: element.clientHeight },
        );
      };
      element.addEventListener(
        'scroll',
        () => {
          if (pending) return;
          pending = true;
          // spec §9: scroll handling is throttled to 150 ms.
          setTimeout(update, 150);
        },
        { passive: true },
      );
      element.addEventListener('wheel', onUserScroll, { passive: true });
      element.addEventListener('touchmove', onUserScroll, { passive: true });
    },
    [onUserScroll],
  );

  // A list that follows output is also kept at the bottom whenever it grows: a window loading its
  // way down must not be (pages would pull the view past unread rows), until the user has seen its
  // end, the live end, again.
  const [hasSeenLiveEnd, setHasSeenLiveEnd] = useState(true);
  useEffect(() => {
    if (isDetached) setHasSeenLiveEnd(false);
  }, [isDetached]);

  const count = state.messages.length;
  const handleRange = useCallback(
    (range: ListRange) => {
      const isLatestVisible = count === 0 || range.endIndex >= firstItemIndex + count - 1;
      setPosition((p) => (p.isLatestVisible === isLatestVisible ? p : { ...p, isLatestVisible }));
      if (isLatestVisible) setNewCount(0);
      if (isLatestVisible && !isDetached) setHasSeenLiveEnd(true);
    },
    [count, firstItemIndex, isDetached],
  );

  const previousLatestID = useRef<string | undefined>(undefined);
  const isScrollButtonShown = button.kind !== 'hidden';
  const followNewMessage = useCallback(() => {
    const changed = latest?.ID !== previousLatestID.current;
    previousLatestID.current = latest?.ID;
    return changed && shouldFollowNewMessage(latest, isScrollButtonShown) ? 'smooth' : false;
  }, [latest, isScrollButtonShown]);

  const handleBackToLatest = () => {
    setNewCount(0);
    if (isDetached) void store.returnToLatest();
    else virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' });
  };

  return {
    button,
    followOutput: isDetached || !hasSeenLiveEnd ? false : followNewMessage,
    handleScroller,
    handleRange,
    handleBackToLatest,
  };
}
