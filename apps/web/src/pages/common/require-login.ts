import { openLoginModal, sessionStore } from '../../session/session-store';

/**
 * For an action a visitor may not take (follow, cooperation, chat): true when logged in;
 * otherwise opens the login modal and answers false.
 */
export function ensureLoggedIn(): boolean {
  if (sessionStore.getState().loginStatus) return true;
  openLoginModal();
  return false;
}
