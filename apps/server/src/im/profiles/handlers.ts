import type { Bus } from '../../bus/bus';
import type { Database } from '../../db/database';
import type { OpHandlers } from '../handler';
import { requireAllowedAvatar } from './avatars';
import { announceProfile } from './profile-push';
import * as users from './users';

interface ProfileDeps {
  db: Database;
  bus: Bus;
  /** AVATAR_URL_HOSTS: https hosts avatars may point at, besides our own uploads. */
  avatarHosts: ReadonlySet<string>;
}

/** Users' own profiles: users.ts, avatars.ts. */
export const profileHandlers: OpHandlers<'getMyProfile' | 'getUserProfile' | 'updateMyProfile', ProfileDeps> = {
  async getMyProfile({ db }, _session, user) {
    return { profile: await users.getProfile(db, user.userID) };
  },

  async getUserProfile({ db }, _session, _user, body) {
    return { profiles: await users.getProfiles(db, body.userIDList) };
  },

  async updateMyProfile({ db, bus, avatarHosts }, _session, user, body) {
    await requireAllowedAvatar(db, user.userID, body.avatar, avatarHosts);
    const profile = await users.updateProfile(db, user.userID, body);
    // Other sessions learn the new nick from the bus; this one may send again before that.
    user.nick = profile.nick;
    user.avatar = profile.avatar;
    await announceProfile(db, bus, profile);
    return { profile };
  },
};
