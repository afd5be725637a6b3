import {
  ErrorCode,
  type GroupApplication,
  type GroupProfile,
  GroupSystemNoticeType,
  LiaisonError,
  type OpRequestParsed,
  type OpResponse,
} from '@liaison/protocol';
import { type Bus, groupTarget, userTarget } from '../../bus/bus';
import type { Callbacks } from '../../callbacks/callbacks';
import type { Database } from '../../db/database';
import type { MessageWriter } from '../messages/message-writer';
import { requireAllowedAvatar } from '../profiles/avatars';
import { loadGroup, managersOf } from './group-access';
import { handleApplication, listApplications } from './group-applications';
import { addGroupMembers, dismiss, joinOrApply, quit, removeGroupMembers } from './group-membership';
import { publishNotice } from './group-notices';
import { memberProfiles, onlineMemberCount, updateProfile } from './group-profile';
import { changeOwner, setMemberCustomFields, setMute, setNameCard, setRole } from './group-roles';
import { groupTips, sendGroupCreated } from './group-tips';
import * as groups from './groups';

/**
 * Group life cycle and administration (docs/groups.md): each op commits its change (the modules
 * group-membership, group-applications, group-roles, group-profile decide who may), then tells
 * whom it concerns, as the reference does: a group tip in the group (stored, so members who were
 * away read it), a system notice to the users it is about, and the group list of users who join.
 * Routing changes ride on those pushes (`membership`), so a user who leaves stops receiving the
 * group's messages at once, on every process.
 */
export interface GroupAdminDeps {
  db: Database;
  writer: MessageWriter;
  bus: Bus;
  avatarHosts: ReadonlySet<string>;
  presence: { onlineUsers(): string[] };
  /** Tencent's group callbacks (callbacks/); null when CALLBACK_URL is unset. */
  callbacks: Callbacks | null;
}

/** The REST API's Silence: the change is made without a group tip to the other members. */
export interface Quietly {
  silent?: boolean;
}

export interface Actor {
  userID: string;
  nick: string;
  avatar: string;
}

/** The group appears at once in every member's group and conversation lists, opened by 'X created the group'. */
export async function createGroup(
  deps: GroupAdminDeps,
  creator: Actor,
  body: OpRequestParsed<'createGroup'>,
): Promise<OpResponse<'createGroup'>> {
  await requireAllowedAvatar(deps.db, creator.userID, body.avatar, deps.avatarHosts);
  const { group, memberIDs } = await groups.createGroup(deps.db, creator.userID, body);
  for (const memberID of memberIDs) {
    announceJoined(deps.bus, memberID === creator.userID ? group : asNewMemberSeesIt(group, memberID));
  }
  await sendGroupCreated(deps, group.groupID, creator, memberIDs);
  const invited = memberIDs.filter((id) => id !== creator.userID);
  if (invited.length > 0) await groupTips.joined(deps, group.groupID, creator.userID, invited);
  deps.callbacks?.groupCreated({ ...group, ownerID: creator.userID }, memberIDs);
  return { group };
}

export async function joinGroup(
  deps: GroupAdminDeps,
  userID: string,
  body: OpRequestParsed<'joinGroup'>,
): Promise<OpResponse<'joinGroup'>> {
  const { status, group } = await joinOrApply(deps.db, userID, body.groupID, body.applyMessage ?? '');
  if (status === 'JoinedSuccess') {
    const profile = await groups.getGroupProfile(deps.db, userID, body.groupID);
    announceJoined(deps.bus, profile);
    await groupTips.joined(deps, body.groupID, userID, [userID]);
    deps.callbacks?.membersJoined(body.groupID, 'Apply', userID, [userID]);
    return { status, group: profile };
  }
  if (status === 'WaitAdminApproval') {
    publishNotice(deps.bus, (await managersOf(deps.db, body.groupID)).map(userTarget), {
      groupID: group.groupID,
      groupName: group.name,
      operationType: GroupSystemNoticeType.JOIN_REQUEST,
      operatorID: userID,
      handleMessage: body.applyMessage ?? '',
    });
    await deps.bus.flush();
  }
  return { status, group: await groups.getGroupProfile(deps.db, userID, body.groupID) };
}

export function getGroupApplicationList(deps: GroupAdminDeps, userID: string): Promise<GroupApplication[]> {
  return listApplications(deps.db, userID);
}

export async function handleGroupApplication(
  deps: GroupAdminDeps,
  handlerID: string,
  body: OpRequestParsed<'handleGroupApplication'>,
): Promise<OpResponse<'handleGroupApplication'>> {
  const outcome = await handleApplication(deps.db, handlerID, body.groupID, body.applicant, body.handleAction);
  const notice = {
    groupID: outcome.group.groupID,
    groupName: outcome.group.name,
    operatorID: handlerID,
    handleMessage: body.handleMessage ?? '',
  };
  if (outcome.action === 'Reject') {
    publishNotice(deps.bus, [userTarget(body.applicant)], {
      ...notice,
      operationType: GroupSystemNoticeType.JOIN_REJECTED,
    });
  } else if (outcome.joined) {
    announceJoined(deps.bus, await groups.getGroupProfile(deps.db, body.applicant, body.groupID));
    publishNotice(deps.bus, [userTarget(body.applicant)], {
      ...notice,
      operationType: GroupSystemNoticeType.JOIN_APPROVED,
    });
    await groupTips.joined(deps, body.groupID, body.applicant, [body.applicant]);
    deps.callbacks?.membersJoined(body.groupID, 'Apply', handlerID, [body.applicant]);
  }
  await deps.bus.flush();
  return { group: await groups.getGroupProfile(deps.db, handlerID, body.groupID) };
}

/**
 * Added members are told and get the group in their list; the other members read a tip, unless
 * `silent` (the REST API's Silence: the group's members are not told).
 */
export async function addGroupMember(
  deps: GroupAdminDeps,
  actorID: string,
  body: OpRequestParsed<'addGroupMember'>,
  { silent = false }: Quietly = {},
): Promise<OpResponse<'addGroupMember'>> {
  const outcome = await addGroupMembers(deps.db, actorID, body.groupID, body.userIDList);
  const group = await groups.getGroupProfile(deps.db, actorID, body.groupID);
  if (outcome.successUserIDList.length > 0) {
    for (const userID of outcome.successUserIDList) announceJoined(deps.bus, asNewMemberSeesIt(group, userID));
    publishNotice(deps.bus, outcome.successUserIDList.map(userTarget), {
      groupID: group.groupID,
      groupName: group.name,
      operationType: GroupSystemNoticeType.INVITED,
      operatorID: actorID,
    });
    if (!silent) await groupTips.joined(deps, body.groupID, actorID, outcome.successUserIDList);
    deps.callbacks?.membersJoined(body.groupID, 'Invited', actorID, outcome.successUserIDList);
  }
  await deps.bus.flush();
  return {
    successUserIDList: outcome.successUserIDList,
    failureUserIDList: outcome.failureUserIDList,
    existedUserIDList: outcome.existedUserIDList,
    group,
  };
}

/**
 * Removed members are told (and taken out of the group's routing) before the tip goes to the rest;
 * `silent`: the rest are not told.
 */
export async function deleteGroupMember(
  deps: GroupAdminDeps,
  actorID: string,
  body: OpRequestParsed<'deleteGroupMember'>,
  { silent = false }: Quietly = {},
): Promise<OpResponse<'deleteGroupMember'>> {
  const { group, userIDList } = await removeGroupMembers(deps.db, actorID, body.groupID, body.userIDList);
  publishNotice(
    deps.bus,
    userIDList.map(userTarget),
    {
      groupID: group.groupID,
      groupName: group.name,
      operationType: GroupSystemNoticeType.KICKED_OUT,
      operatorID: actorID,
      handleMessage: body.reason ?? '',
    },
    { groupID: group.groupID, joined: false },
  );
  if (!silent) await groupTips.kicked(deps, body.groupID, actorID, userIDList);
  deps.callbacks?.membersExited(body.groupID, 'Kicked', actorID, userIDList);
  await deps.bus.flush();
  return { group: await groups.getGroupProfile(deps.db, actorID, body.groupID), userIDList };
}

export async function quitGroup(
  deps: GroupAdminDeps,
  userID: string,
  body: OpRequestParsed<'quitGroup'>,
): Promise<OpResponse<'quitGroup'>> {
  const group = await quit(deps.db, userID, body.groupID);
  publishNotice(
    deps.bus,
    [userTarget(userID)],
    { groupID: group.groupID, groupName: group.name, operationType: GroupSystemNoticeType.QUIT, operatorID: userID },
    { groupID: group.groupID, joined: false },
  );
  await groupTips.quit(deps, body.groupID, userID);
  deps.callbacks?.membersExited(body.groupID, 'Quit', userID, [userID]);
  await deps.bus.flush();
  return { groupID: body.groupID };
}

/** Every member's sessions hear it through the group and leave its routing with it. */
export async function dismissGroup(
  deps: GroupAdminDeps,
  userID: string,
  body: OpRequestParsed<'dismissGroup'>,
): Promise<OpResponse<'dismissGroup'>> {
  const { group } = await dismiss(deps.db, userID, body.groupID);
  publishNotice(
    deps.bus,
    [groupTarget(group.groupID)],
    {
      groupID: group.groupID,
      groupName: group.name,
      operationType: GroupSystemNoticeType.DISMISSED,
      operatorID: userID,
    },
    { groupID: group.groupID, joined: false },
  );
  await deps.bus.flush();
  return { groupID: body.groupID };
}

export async function changeGroupOwner(
  deps: GroupAdminDeps,
  actorID: string,
  body: OpRequestParsed<'changeGroupOwner'>,
): Promise<OpResponse<'changeGroupOwner'>> {
  await changeOwner(deps.db, actorID, body.groupID, body.newOwnerID);
  await groupTips.ownerChanged(deps, body.groupID, actorID, body.newOwnerID);
  return { group: await groups.getGroupProfile(deps.db, actorID, body.groupID) };
}

export async function setGroupMemberRole(
  deps: GroupAdminDeps,
  actorID: string,
  body: OpRequestParsed<'setGroupMemberRole'>,
): Promise<OpResponse<'setGroupMemberRole'>> {
  const { group, changed } = await setRole(deps.db, actorID, body.groupID, body.userID, body.role);
  if (changed) {
    const isAdmin = body.role === 'Admin';
    publishNotice(deps.bus, [userTarget(body.userID)], {
      groupID: group.groupID,
      groupName: group.name,
      operationType: isAdmin ? GroupSystemNoticeType.SET_ADMIN : GroupSystemNoticeType.CANCEL_ADMIN,
      operatorID: actorID,
    });
    await groupTips.roleChanged(deps, body.groupID, actorID, [body.userID], isAdmin);
  }
  return { group: await groups.getGroupProfile(deps.db, actorID, body.groupID) };
}

export async function setGroupMemberMuteTime(
  deps: GroupAdminDeps,
  actorID: string,
  body: OpRequestParsed<'setGroupMemberMuteTime'>,
): Promise<OpResponse<'setGroupMemberMuteTime'>> {
  await setMute(deps.db, actorID, body.groupID, body.userID, body.muteTime);
  await groupTips.muted(deps, body.groupID, actorID, body.userID, body.muteTime);
  const [member] = await memberProfiles(deps.db, actorID, body.groupID, [body.userID]);
  const group = await groups.getGroupProfile(deps.db, actorID, body.groupID);
  // Removed between the mute and this read: the mute went with their membership.
  if (!member) throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER);
  return { group, member };
}

export async function updateGroupProfile(
  deps: GroupAdminDeps,
  actorID: string,
  body: OpRequestParsed<'updateGroupProfile'>,
): Promise<OpResponse<'updateGroupProfile'>> {
  await requireAllowedAvatar(deps.db, actorID, body.avatar, deps.avatarHosts);
  const { changes } = await updateProfile(deps.db, actorID, body);
  if (Object.keys(changes).length > 0) await groupTips.groupProfileChanged(deps, body.groupID, actorID, changes);
  return { group: await groups.getGroupProfile(deps.db, actorID, body.groupID) };
}

export async function getGroupMemberProfile(
  deps: GroupAdminDeps,
  actorID: string,
  body: OpRequestParsed<'getGroupMemberProfile'>,
): Promise<OpResponse<'getGroupMemberProfile'>> {
  return { memberList: await memberProfiles(deps.db, actorID, body.groupID, body.userIDList) };
}

export async function setGroupMemberNameCard(
  deps: GroupAdminDeps,
  actorID: string,
  body: OpRequestParsed<'setGroupMemberNameCard'>,
): Promise<OpResponse<'setGroupMemberNameCard'>> {
  await setNameCard(deps.db, actorID, body.groupID, body.userID ?? actorID, body.nameCard);
  return { group: await groups.getGroupProfile(deps.db, actorID, body.groupID) };
}

export async function setGroupMemberCustomField(
  deps: GroupAdminDeps,
  actorID: string,
  body: OpRequestParsed<'setGroupMemberCustomField'>,
): Promise<OpResponse<'setGroupMemberCustomField'>> {
  await setMemberCustomFields(deps.db, actorID, body.groupID, body.userID ?? actorID, body.memberCustomField);
  return { group: await groups.getGroupProfile(deps.db, actorID, body.groupID) };
}

/** The group as the caller may see it; a dismissed group is 10010 as an unknown one. */
export async function searchGroupByID(
  deps: GroupAdminDeps,
  userID: string,
  body: OpRequestParsed<'searchGroupByID'>,
): Promise<OpResponse<'searchGroupByID'>> {
  await loadGroup(deps.db, body.groupID, userID);
  return { group: await groups.getGroupProfile(deps.db, userID, body.groupID) };
}

export async function getGroupOnlineMemberCount(
  deps: GroupAdminDeps,
  userID: string,
  body: OpRequestParsed<'getGroupOnlineMemberCount'>,
): Promise<OpResponse<'getGroupOnlineMemberCount'>> {
  return {
    memberCount: await onlineMemberCount(deps.db, userID, body.groupID, deps.presence.onlineUsers()),
  };
}

/** The user's tabs, on every process, add the group to their list and start receiving its messages. */
function announceJoined(bus: Bus, profile: GroupProfile): void {
  const userID = profile.selfInfo?.userID;
  if (!userID) return;
  bus.publish([userTarget(userID)], {
    event: 'groupList',
    data: { joined: [profile], left: [] },
    membership: { groupID: profile.groupID, joined: true },
  });
}

/** The group as a member who has just been added sees it (one query for them all, not one each). */
function asNewMemberSeesIt(group: GroupProfile, userID: string): GroupProfile {
  return {
    ...group,
    selfInfo: {
      userID,
      role: 'Member',
      joinTime: Math.floor(Date.now() / 1000),
      messageRemindType: 'AcceptAndNotify',
      nameCard: '',
      muteTime: 0,
    },
  };
}
