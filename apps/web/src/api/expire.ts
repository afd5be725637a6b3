import { feedback } from '../base/feedback';
import { openLoginModal, sessionStore } from '../session/session-store';
import { RequestText } from './messages';

/**
 * Spec §8, code 401: forget the stored user, person and vip, say why, and ask the user to log in
 * again. Only a session that existed is said to have expired (once, however many calls were
 * refused); a visitor is simply asked to log in.
 */
export function expireSession(): void {
  const hadSession = sessionStore.getState().user !== null;
  sessionStore.clearIdentity();
  if (hadSession) feedback.message.warning(RequestText.sessionExpired);
  openLoginModal();
}
