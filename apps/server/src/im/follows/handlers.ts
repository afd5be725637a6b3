import type { OpHandlers } from '../handler';
import type { FollowDeps } from './follows';
import * as follows from './follows';

/** Follows: follows.ts. */
export const followHandlers: OpHandlers<
  'followUser' | 'unfollowUser' | 'getFollowList' | 'getUserFollowInfo' | 'checkFollowType',
  FollowDeps
> = {
  followUser: (services, _session, user, body) => follows.followUser(services, user.userID, body),
  unfollowUser: (services, _session, user, body) => follows.unfollowUser(services, user.userID, body),
  getFollowList: ({ db }, _session, user, body) => follows.getFollowList(db, user.userID, body),
  getUserFollowInfo: ({ db }, _session, user, body) => follows.getUserFollowInfo(db, user.userID, body),
  checkFollowType: ({ db }, _session, user, body) => follows.checkFollowType(db, user.userID, body),
};
