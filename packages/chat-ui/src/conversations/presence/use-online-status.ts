import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';
import { useKit } from '../../core/kit-context';
import { statusTrackerOf } from './status-tracker';

/**
 * A C2C peer's online status while their row is in view (`target`): 'online', 'offline', or null
 * while unknown or when `userID` is null (groups, or the display setting is off).
 */
export function useOnlineStatus(userID: string | null, target: RefObject<Element | null>): 'online' | 'offline' | null {
  const { chat } = useKit();
  const tracker = statusTrackerOf(chat);
  const isVisible = useIsVisible(target, userID !== null);
  useEffect(() => {
    if (!userID || !isVisible) return;
    tracker.watch(userID);
    return () => tracker.unwatch(userID);
  }, [tracker, userID, isVisible]);
  useSyncExternalStore(tracker.subscribe, tracker.getVersion, tracker.getVersion);
  if (!userID) return null;
  const status = tracker.statusOf(userID);
  if (status === 1) return 'online';
  if (status === 2 || status === 3) return 'offline';
  return null;
}

/** Whether the element is on screen (always true where IntersectionObserver is missing). */
function useIsVisible(target: RefObject<Element | null>, isWanted: boolean): boolean {
  const [isVisible, setIsVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = target.current;
    if (!isWanted || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setIsVisible(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, isWanted]);
  return isVisible;
}
