import { openLoginModal, sessionStore, setBetaModalOpen } from '../session/session-store';
import { decideRoute } from './guards';

/**
 * For an action that leads to a guarded page (在线沟通 → the message centre): true when the
 * route guard would let the user in; otherwise opens the modal the guard would (login, or the
 * beta modal of spec §4) and answers false, so the user stays on the page instead of being sent
 * there and bounced home.
 */
export function ensureCanOpen(path: string): boolean {
  const { loginStatus, person } = sessionStore.getState();
  const decision = decideRoute(path, { loginStatus, person });
  if (decision.kind === 'allow') return true;
  if (decision.kind === 'login' || decision.open === 'login') openLoginModal();
  else if (decision.open === 'beta') setBetaModalOpen(true);
  return false;
}
