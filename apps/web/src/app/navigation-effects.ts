import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { managePlaceFor } from '../manage/manage-nav';
import { sessionStore } from '../session/session-store';
import { topNavKeyFor } from '../shell/top-nav';

/**
 * Spec §2: the top and management navigation (kept in the app state) follow the route; before
 * paint, so a menu never shows the previous page as current.
 */
export function useNavSync(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const place = managePlaceFor(pathname);
    sessionStore.update({
      topNav: topNavKeyFor(pathname),
      ...(place ?? {}),
    });
  }, [pathname]);
}
