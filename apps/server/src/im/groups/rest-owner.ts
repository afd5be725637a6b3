import { ErrorCode, type GroupMember, type GroupProfile, RestErrorCode } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import type { RestServiceCodes } from '../rest-command';
import { loadGroup } from './group-access';

/**
 * Tencent's codes for a refused or failed group command (group_open_http_svc). Its group service
 * numbers two of the SDK's codes otherwise: an unknown account is 10019, an account outside the
 * group 10007.
 */
export const GROUP_CODES: RestServiceCodes = {
  invalidParams: RestErrorCode.GROUP_INVALID_PARAMS,
  internal: RestErrorCode.GROUP_INTERNAL,
  renumbered: {
    [ErrorCode.USER_NOT_FOUND]: RestErrorCode.GROUP_ACCOUNT_NOT_FOUND,
    [ErrorCode.GROUP_NOT_MEMBER]: RestErrorCode.GROUP_NO_PERMISSION,
  },
};

/**
 * Who a REST group command acts as: the group's owner. Tencent's app administrator may do
 * whatever the owner may, and acting as the owner runs the SDK's own services, so members' sessions
 * see the same tips and events (with the owner as operator). A dismissed or unknown group is 10010.
 */
export async function actingOwner(db: Sql, groupID: string): Promise<string> {
  const { group } = await loadGroup(db, groupID, '');
  return group.ownerID;
}

/** A group's profile in Tencent's get_group_info names. */
export function restGroupInfo(group: GroupProfile): Record<string, unknown> {
  return {
    GroupId: group.groupID,
    ErrorCode: 0,
    ErrorInfo: '',
    Type: group.type,
    Name: group.name,
    Introduction: group.introduction,
    Notification: group.notification,
    FaceUrl: group.avatar,
    Owner_Account: group.ownerID,
    CreateTime: group.createTime,
    InfoSeq: group.infoSequence,
    LastInfoTime: group.lastInfoTime,
    LastMsgTime: group.lastMessage.lastTime,
    NextMsgSeq: group.nextMessageSeq,
    MemberNum: group.memberCount,
    MaxMemberNum: group.maxMemberCount,
    ApplyJoinOption: group.joinOption,
    // Tencent's current name, and its earlier one, which older backends read.
    MuteAllMember: group.muteAllMembers ? 'On' : 'Off',
    ShutUpAllMember: group.muteAllMembers ? 'On' : 'Off',
    AppDefinedData: group.groupCustomField.map(({ key, value }) => ({ Key: key, Value: value })),
  };
}

/** A member in Tencent's get_group_member_info names (seconds, as Tencent's). */
export function restMember(member: GroupMember): Record<string, unknown> {
  return {
    Member_Account: member.userID,
    Role: member.role,
    JoinTime: member.joinTime,
    NameCard: member.nameCard,
    // Tencent's current name, and its earlier one, which older backends read.
    MuteUntil: member.muteUntil,
    ShutUpUntil: member.muteUntil,
    AppMemberDefinedData: member.memberCustomField.map(({ key, value }) => ({ Key: key, Value: value })),
  };
}
