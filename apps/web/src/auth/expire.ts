import { openLoginModal, sessionStore } from './session-store';

/** Spec §8, code 401: forget the stored user, person and vip, and ask the user to log in again. */
export function expireSession(): void {
  sessionStore.clearIdentity();
  openLoginModal();
}
