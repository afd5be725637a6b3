import type { OpHandlers } from '../handler';
import * as blacklist from './blacklist';
import * as applications from './friend-applications';
import * as friendGroups from './friend-groups';
import * as friends from './friends';
import type { RelationDeps } from './relations';

/**
 * Friends, friend requests and the blocklist (docs/friends-and-blocklist.md): friends.ts,
 * friend-applications.ts, blacklist.ts, friend-groups.ts.
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
  | 'getBlacklist'
  | 'getFriendGroupList'
  | 'createFriendGroup'
  | 'deleteFriendGroup'
  | 'renameFriendGroup'
  | 'addToFriendGroup'
  | 'removeFromFriendGroup',
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
  getFriendGroupList: ({ db }, _session, user) => friendGroups.getFriendGroupList(db, user.userID),
  createFriendGroup: (services, session, user, body) =>
    friendGroups.createFriendGroup(services, session.id, user.userID, body),
  deleteFriendGroup: (services, session, user, body) =>
    friendGroups.deleteFriendGroup(services, session.id, user.userID, body),
  renameFriendGroup: (services, session, user, body) =>
    friendGroups.renameFriendGroup(services, session.id, user.userID, body),
  addToFriendGroup: (services, session, user, body) =>
    friendGroups.addToFriendGroup(services, session.id, user.userID, body),
  removeFromFriendGroup: (services, session, user, body) =>
    friendGroups.removeFromFriendGroup(services, session.id, user.userID, body),
};
