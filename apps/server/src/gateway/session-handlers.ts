import { ErrorCode, LiaisonError, type OpRequestParsed, type OpResponse } from '@liaison/protocol';
import { isPortalSessionLive, portalSessionOf } from '../auth/portal-binding';
import { verifyUserSig } from '../auth/usersig';
import { listGroupIDs } from '../im/groups/groups';
import { ensureLoginUser } from '../im/profiles/users';
import type { HandlerTable, Services } from './handler-table';
import type { Session } from './session';

/** The ops about the session itself, besides login (which runs before there is a user). */
export const sessionHandlers: Pick<HandlerTable, 'logout' | 'heartbeat'> = {
  async logout(services, session) {
    if (session.expiryTimer) clearTimeout(session.expiryTimer);
    services.registry.remove(session);
    session.user = null;
    return {};
  },

  async heartbeat() {
    return { serverTime: Math.floor(Date.now() / 1000) };
  },
};

/** Verifies the userSig and binds the session to the user. */
export async function login(
  services: Services,
  session: Session,
  body: OpRequestParsed<'login'>,
): Promise<OpResponse<'login'> & { expiresAt: number }> {
  if (session.user) throw new LiaisonError(ErrorCode.ALREADY_LOGGED_IN);
  if (body.SDKAppID !== services.app.sdkAppID) throw new LiaisonError(ErrorCode.USERSIG_APP_MISMATCH);
  const { issuedAt, expiresAt, userbuf } = verifyUserSig(services.app, body.userID, body.userSig);
  const { profile, groupIDs } = await services.logins.run(async () => {
    // A client that gave up while its login was queued has gone; its login would be wasted work.
    if (!session.isOpen) throw new LiaisonError(ErrorCode.NETWORK_ERROR);
    const { profile, sigsValidFrom } = await ensureLoginUser(services.db, body.userID);
    if (issuedAt < sigsValidFrom) throw new LiaisonError(ErrorCode.USERSIG_KICKED);
    return { profile, groupIDs: await listGroupIDs(services.db, body.userID) };
  });
  // Gone while the database answered: its close has run already, so registering it now would
  // leave it registered for good (its user online, pushes to a dead socket).
  if (!session.isOpen) throw new LiaisonError(ErrorCode.NETWORK_ERROR);
  session.user = { userID: profile.userID, nick: profile.nick, avatar: profile.avatar };
  session.portalSessionID = portalSessionOf(userbuf);
  services.registry.add(session, groupIDs);
  // Checked once registered: a portal logout from now on reaches this session through the bus.
  if (session.portalSessionID !== null && !(await isPortalSessionLive(services.db, session.portalSessionID))) {
    services.registry.remove(session);
    session.user = null;
    session.portalSessionID = null;
    throw new LiaisonError(ErrorCode.USERSIG_REVOKED);
  }
  return { profile, serverTime: Math.floor(Date.now() / 1000), expiresAt };
}
