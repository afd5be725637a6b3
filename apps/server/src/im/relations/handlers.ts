import type { OpHandlers } from '../handler';
import * as blacklist from './blacklist';
import * as applications from './friend-applications';
import * as friends from './friends';
import type { RelationDeps } from './relations';

/**
 * Friends, friend requests and the blocklist (docs/friends-and-blocklist.md): friends.ts,
 * friend-applications.ts, blacklist.ts.
 */
export const relationHandlers: OpHandlers<
  | 'addFriend'
  | 'getFriendApplicationList'
  | 'acceptFriendApplication'
  | 'refuseFriendApplication'
  | 'deleteFriendApplication'
  | 'setFriendApplicationRead'
  | 'getFriendList'
  | 'getFriendProfile'
  | 'updateFriend'
  | 'deleteFriend'
  | 'checkFriend'
  | 'addToBlacklist'
  | 'removeFromBlacklist'
  | 'getBlacklist',
  RelationDeps
> = {
  addFriend: (services, session, user, body) => friends.addFriend(services, session.id, user.userID, body),
  getFriendApplicationList: ({ db }, _session, user) => applications.getFriendApplicationList(db, user.userID),
  acceptFriendApplication: (services, session, user, body) =>
    applications.acceptFriendApplication(services, session.id, user.userID, body),
  refuseFriendApplication: (services, session, user, body) =>
    applications.refuseFriendApplication(services, session.id, user.userID, body),
  deleteFriendApplication: (services, session, user, body) =>
    applications.deleteFriendApplication(services, session.id, user.userID, body),
  setFriendApplicationRead: (services, session, user) =>
    applications.setFriendApplicationRead(services, session.id, user.userID),
  getFriendList: ({ db }, _session, user) => friends.getFriendList(db, user.userID),
  getFriendProfile: ({ db }, _session, user, body) => friends.getFriendProfile(db, user.userID, body),
  updateFriend: (services, session, user, body) => friends.updateFriend(services, session.id, user.userID, body),
  deleteFriend: (services, session, user, body) => friends.deleteFriend(services, session.id, user.userID, body),
  checkFriend: ({ db }, _session, user, body) => friends.checkFriend(db, user.userID, body),
  addToBlacklist: (services, session, user, body) => blacklist.addToBlacklist(services, session.id, user.userID, body),
  removeFromBlacklist: (services, session, user, body) =>
    blacklist.removeFromBlacklist(services, session.id, user.userID, body),
  getBlacklist: ({ db }, _session, user) => blacklist.getBlacklist(db, user.userID),
};
