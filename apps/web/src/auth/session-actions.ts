import { logoutSession } from '../api/auth';
import { fetchPermissions, fetchPerson } from '../api/self-center';
import type { Person } from '../api/types';
import { feedback } from '../base/feedback';
import { reloadPage } from '../base/page';
import { closeLoginModal, sessionStore } from '../session/session-store';

/** Long enough to read the login toast before the page reloads. */
const RELOAD_DELAY_MS = 1000;

export const LOGOUT_TEXT = '退出成功';

/** Fetches the logged-in person and stores them. */
export async function refreshPerson(): Promise<Person> {
  const { data } = await fetchPerson();
  sessionStore.update({ person: data });
  return data;
}

/** Fetches roles and permissions; empty data means the session is no good, so it ends (spec §4). */
export async function loadPermissions(): Promise<void> {
  const { data } = await fetchPermissions();
  if (!data) {
    sessionStore.clearIdentity();
    return;
  }
  sessionStore.update({ permissions: data });
}

/**
 * Stores the token, loads the person and permissions, and only then sets the login status: the
 * guards never judge a logged-in user without their person, and other open tabs, which follow the
 * status (session-sync.ts), reload into a complete session.
 */
export async function establishSession(token: string): Promise<void> {
  sessionStore.update({ user: { token } });
  try {
    await Promise.all([refreshPerson(), loadPermissions()]);
  } catch (error) {
    // Half a login (a token without the person) would show pages the user cannot use.
    sessionStore.clearIdentity();
    throw error;
  }
  sessionStore.update({ loginStatus: true });
}

/** Spec §4: store the token, load the person and permissions, toast the server's text, reload. */
export async function completeLogin(token: string, serverMessage: string): Promise<void> {
  await establishSession(token);
  closeLoginModal();
  feedback.message.success(serverMessage);
  setTimeout(reloadPage, RELOAD_DELAY_MS);
}

/**
 * Spec §4: call logout, toast, forget the stored user, person and vip; the caller then goes to
 * /index. The local session ends even when the server cannot be reached (the request layer has
 * said why): the user asked to leave.
 */
export async function logout(): Promise<void> {
  const token = sessionStore.getState().user?.token ?? null;
  // Forgotten here first: the page's requests still on their way are answered 401 once the server
  // ends the session, and those must not read as an expired session that asks to log in again.
  sessionStore.clearIdentity();
  const told =
    token === null ||
    (await logoutSession(token).then(
      () => true,
      () => false,
    ));
  if (told) feedback.message.success(LOGOUT_TEXT);
}
