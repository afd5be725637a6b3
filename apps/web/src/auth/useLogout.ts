import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PATH } from './guards';
import { logout } from './session-actions';

/**
 * Spec §4: logging out ends at the home page. It is left for first (committed, not a pending
 * transition): the guard would meet a logged-out user on a page that needs login and ask them
 * to log in.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate(HOME_PATH, { flushSync: true });
    await logout();
  }, [navigate]);
}
