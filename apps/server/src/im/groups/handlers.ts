import { Limits } from '@liaison/protocol';
import type { OpHandlers } from '../handler';
import * as admin from './group-admin';
import type { GroupDataDeps } from './group-attributes';
import * as attributes from './group-attributes';
import * as counters from './group-counters';
import * as marks from './group-marks';
import * as pins from './group-pins';
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
  | 'setGroupMemberCustomField'
  | 'markGroupMemberList'
  | 'searchGroupByID'
  | 'getGroupOnlineMemberCount',
  admin.GroupAdminDeps
> = {
  getGroupList: async ({ db }, _session, user) => ({ groupList: await groups.listGroups(db, user.userID) }),
  getGroupProfile: async ({ db }, _session, user, body) => ({
    group: await groups.getGroupProfile(db, user.userID, body.groupID),
  }),
  getGroupMemberList: ({ db }, _session, user, body) =>
    groups.getMembers(db, user.userID, body.groupID, body.count ?? Limits.MEMBER_PAGE_MAX, body.offset ?? 0, {
      role: body.role,
      markType: body.filter,
    }),
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
  setGroupMemberCustomField: (services, _session, user, body) =>
    admin.setGroupMemberCustomField(services, user.userID, body),
  markGroupMemberList: ({ db }, _session, user, body) => marks.markGroupMemberList(db, user.userID, body),
  searchGroupByID: (services, _session, user, body) => admin.searchGroupByID(services, user.userID, body),
  getGroupOnlineMemberCount: (services, _session, user, body) =>
    admin.getGroupOnlineMemberCount(services, user.userID, body),
};

/** Group attributes, counters and pinned messages: group-attributes.ts, group-counters.ts, group-pins.ts. */
export const groupDataHandlers: OpHandlers<
  | 'initGroupAttributes'
  | 'setGroupAttributes'
  | 'deleteGroupAttributes'
  | 'getGroupAttributes'
  | 'setGroupCounters'
  | 'increaseGroupCounter'
  | 'decreaseGroupCounter'
  | 'getGroupCounters'
  | 'pinGroupMessage'
  | 'getPinnedGroupMessageList',
  GroupDataDeps
> = {
  initGroupAttributes: (deps, _session, user, body) => attributes.initGroupAttributes(deps, user.userID, body),
  setGroupAttributes: (deps, _session, user, body) => attributes.setGroupAttributes(deps, user.userID, body),
  deleteGroupAttributes: (deps, _session, user, body) => attributes.deleteGroupAttributes(deps, user.userID, body),
  getGroupAttributes: ({ db }, _session, user, body) => attributes.getGroupAttributes(db, user.userID, body),
  setGroupCounters: (deps, _session, user, body) => counters.setGroupCounters(deps, user.userID, body),
  increaseGroupCounter: (deps, _session, user, body) => counters.increaseGroupCounter(deps, user.userID, body),
  decreaseGroupCounter: (deps, _session, user, body) => counters.decreaseGroupCounter(deps, user.userID, body),
  getGroupCounters: ({ db }, _session, user, body) => counters.getGroupCounters(db, user.userID, body),
  pinGroupMessage: (deps, _session, user, body) => pins.pinGroupMessage(deps, user.userID, body),
  getPinnedGroupMessageList: ({ db }, _session, user, body) => pins.getPinnedGroupMessageList(db, user.userID, body),
};
