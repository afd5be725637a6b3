import type { Profile } from '@liaison/protocol';
import { type Bus, userTarget } from '../../bus/bus';
import type { Sql } from '../../db/database';

/** A changed profile reaches its owner's sessions and whoever has them as a friend, as Tencent pushes one. */
export async function announceProfile(db: Sql, bus: Bus, profile: Profile): Promise<void> {
  const holders = await db.query<{ user_id: string }>('SELECT user_id FROM friends WHERE friend_id = $1', [
    profile.userID,
  ]);
  bus.publish([profile.userID, ...holders.map((h) => h.user_id)].map(userTarget), {
    event: 'profile',
    data: { profile },
  });
}
