import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reloadPage } from '../base/page';
import { sessionStore } from '../session/session-store';
import { decideRoute, HOME_PATH } from './guards';

/** The stored login status's key (session-store.ts persists each field under its own name). */
const STATUS_KEY = 'loginStatus';

/**
 * Logging in or out in one tab updates every open tab. Another tab's login reloads this one
 * into the session, as a login reloads its own tab (spec §4). Another tab's logout (or expired
 * session) ends it here too: a page that needs login is left for the home page first, so this
 * tab does not ask to log in again.
 */
export function useSessionSync(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = useRef(pathname);
  current.current = pathname;

  useEffect(() => {
    async function handleLoggedOutElsewhere() {
      if (decideRoute(current.current, { loginStatus: false, person: null }).kind !== 'allow') {
        await navigate(HOME_PATH, { replace: true, flushSync: true });
      }
      sessionStore.clearIdentity();
    }

    function handleStorage(event: StorageEvent) {
      // A null key: the whole storage was cleared.
      if (event.storageArea !== window.localStorage || (event.key !== null && event.key !== STATUS_KEY)) return;
      const isLoggedIn = event.key !== null && event.newValue === 'true';
      if (isLoggedIn === sessionStore.getState().loginStatus) return;
      if (isLoggedIn) reloadPage();
      else void handleLoggedOutElsewhere();
    }

    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [navigate]);
}
