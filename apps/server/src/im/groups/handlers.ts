import { Limits } from '@liaison/protocol';
import type { OpHandlers } from '../handler';
import * as admin from './group-admin';
import * as groups from './groups';

/** Groups, their members and their administration: groups.ts, group-admin.ts (docs/groups.md). */
export const groupHandlers: OpHandlers<
  | 'getGroupList'
  | 'getGroupProfile'
  | 'getGroupMemberList'
  | 'createGroup'
  | 'joinGroup'
  | 'getGroupApplicationList'
  | 'handleGroupApplication'
  | 'addGroupMember'
  | 'deleteGroupMember'
  | 'quitGroup'
  | 'dismissGroup'
  | 'changeGroupOwner'
  | 'setGroupMemberRole'
  | 'setGroupMemberMuteTime'
  | 'updateGroupProfile'
  | 'getGroupMemberProfile'
  | 'setGroupMemberNameCard'
  | 'searchGroupByID'
  | 'getGroupOnlineMemberCount',
  admin.GroupAdminDeps
> = {
  getGroupList: async ({ db }, _session, user) => ({ groupList: await groups.listGroups(db, user.userID) }),
  getGroupProfile: async ({ db }, _session, user, body) => ({
    group: await groups.getGroupProfile(db, user.userID, body.groupID),
  }),
  getGroupMemberList: ({ db }, _session, user, body) =>
    groups.getMembers(db, user.userID, body.groupID, body.count ?? Limits.MEMBER_PAGE_MAX, body.offset ?? 0),
  createGroup: (services, _session, user, body) => admin.createGroup(services, user, body),
  joinGroup: (services, _session, user, body) => admin.joinGroup(services, user.userID, body),
  getGroupApplicationList: async (services, _session, user) => ({
    applicationList: await admin.getGroupApplicationList(services, user.userID),
  }),
  handleGroupApplication: (services, _session, user, body) => admin.handleGroupApplication(services, user.userID, body),
  addGroupMember: (services, _session, user, body) => admin.addGroupMember(services, user.userID, body),
  deleteGroupMember: (services, _session, user, body) => admin.deleteGroupMember(services, user.userID, body),
  quitGroup: (services, _session, user, body) => admin.quitGroup(services, user.userID, body),
  dismissGroup: (services, _session, user, body) => admin.dismissGroup(services, user.userID, body),
  changeGroupOwner: (services, _session, user, body) => admin.changeGroupOwner(services, user.userID, body),
  setGroupMemberRole: (services, _session, user, body) => admin.setGroupMemberRole(services, user.userID, body),
  setGroupMemberMuteTime: (services, _session, user, body) => admin.setGroupMemberMuteTime(services, user.userID, body),
  updateGroupProfile: (services, _session, user, body) => admin.updateGroupProfile(services, user.userID, body),
  getGroupMemberProfile: (services, _session, user, body) => admin.getGroupMemberProfile(services, user.userID, body),
  setGroupMemberNameCard: (services, _session, user, body) => admin.setGroupMemberNameCard(services, user.userID, body),
  searchGroupByID: (services, _session, user, body) => admin.searchGroupByID(services, user.userID, body),
  getGroupOnlineMemberCount: (services, _session, user, body) =>
    admin.getGroupOnlineMemberCount(services, user.userID, body),
};
