import { useEffect, useState } from 'react';
import { loadPermissions, refreshPerson } from '../auth/session-actions';
import { sessionStore } from '../session/session-store';

/**
 * On start, a logged-in user's person and permissions are fetched again before any page
 * decides what they may see. Returns whether that is done.
 */
export function useBoot(): boolean {
  const [ready, setReady] = useState(() => !sessionStore.getState().loginStatus);

  useEffect(() => {
    if (ready) return;
    if (!sessionStore.getState().user?.token) {
      // Logged in without a token is what an interrupted logout leaves: finish it.
      sessionStore.clearIdentity();
      setReady(true);
      return;
    }
    // A failure leaves the stored person in place (or, on 401, the session ended): go on either way.
    void Promise.allSettled([refreshPerson(), loadPermissions()]).then(() => setReady(true));
  }, [ready]);

  return ready;
}
