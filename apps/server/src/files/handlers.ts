import type { AppCredentials } from '../auth/usersig';
import type { Database } from '../db/database';
import type { OpHandlers } from '../im/handler';
import * as grants from './grants';

/** Upload grants and file access tokens over the socket; the bytes go over HTTP (routes.ts). */
export const fileHandlers: OpHandlers<'createUpload' | 'getFileAccessToken', { db: Database; app: AppCredentials }> = {
  createUpload: ({ db, app }, _session, user, body) => grants.createUpload(db, app, user.userID, body),
  getFileAccessToken: async ({ app }, session, user) =>
    grants.getFileAccessToken(app, user.userID, session.portalSessionID),
};
