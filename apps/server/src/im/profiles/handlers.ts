import { type Bus, userTarget } from '../../bus/bus';
import type { Database } from '../../db/database';
import type { OpHandlers } from '../handler';
import { requireAllowedAvatar } from './avatars';
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
    // My other tabs, and whoever has me in their friend list, as Tencent pushes a profile change.
    const holders = await db.query<{ user_id: string }>('SELECT user_id FROM friends WHERE friend_id = $1', [
      user.userID,
    ]);
    bus.publish([user.userID, ...holders.map((h) => h.user_id)].map(userTarget), {
      event: 'profile',
      data: { profile },
    });
    return { profile };
  },
};
