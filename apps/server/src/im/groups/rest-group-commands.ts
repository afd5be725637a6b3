import {
  GroupType,
  type JoinOption,
  LiaisonError,
  type OpRequestParsed,
  RestError,
  RestErrorCode,
  RestGroupLimits,
  restGroupSchemas,
} from '@liaison/protocol';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { existingAccounts } from '../accounts/accounts';
import { getProfile } from '../profiles/users';
import { restCommand } from '../rest-command';
import { changeGroupOwner, createGroup, dismissGroup, type GroupAdminDeps, updateGroupProfile } from './group-admin';
import { getGroupProfile, listGroups } from './groups';
import { actingOwner, GROUP_CODES, restGroupInfo } from './rest-owner';

/**
 * group_open_http_svc: a group's life and profile, through group-admin.ts as the SDK's ops, acted
 * out as the group's owner (rest-owner.ts), so members' sessions hear of it as from the SDK.
 */
export const groupCommands = {
  create_group: restCommand({
    schema: restGroupSchemas.create_group,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body, caller) {
      const ownerID = await restGroupOwner(deps.db, body.Owner_Account, caller.identifier);
      const owner = await getProfile(deps.db, ownerID);
      const { group } = await createGroup(deps, owner, createRequest(body));
      return { GroupId: group.groupID };
    },
  }),

  get_group_info: restCommand({
    schema: restGroupSchemas.get_group_info,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      const GroupInfo: Record<string, unknown>[] = [];
      for (const groupID of body.GroupIdList) {
        try {
          GroupInfo.push(restGroupInfo(await getGroupProfile(deps.db, await actingOwner(deps.db, groupID), groupID)));
        } catch (error) {
          if (!(error instanceof LiaisonError)) throw error;
          GroupInfo.push({ GroupId: groupID, ErrorCode: error.code, ErrorInfo: error.message });
        }
      }
      return { GroupInfo };
    },
  }),

  modify_group_base_info: restCommand({
    schema: restGroupSchemas.modify_group_base_info,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      await updateGroupProfile(deps, await actingOwner(deps.db, body.GroupId), {
        groupID: body.GroupId,
        ...baseInfo(body),
        ...(body.Name === undefined ? {} : { name: body.Name }),
        ...muteAll(body.MuteAllMember ?? body.ShutUpAllMember),
        ...(body.AppDefinedData === undefined
          ? {}
          : { groupCustomField: body.AppDefinedData.map(({ Key, Value }) => ({ key: Key, value: Value })) }),
      });
      return {};
    },
  }),

  destroy_group: restCommand({
    schema: restGroupSchemas.destroy_group,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      await dismissGroup(deps, await actingOwner(deps.db, body.GroupId), { groupID: body.GroupId });
      return {};
    },
  }),

  change_group_owner: restCommand({
    schema: restGroupSchemas.change_group_owner,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      await changeGroupOwner(deps, await actingOwner(deps.db, body.GroupId), {
        groupID: body.GroupId,
        newOwnerID: body.NewOwner_Account,
      });
      return {};
    },
  }),

  get_joined_group_list: restCommand({
    schema: restGroupSchemas.get_joined_group_list,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      await getProfile(deps.db, body.Member_Account);
      const groups = (await listGroups(deps.db, body.Member_Account)).filter(
        (group) =>
          (body.GroupType === undefined || group.type === body.GroupType) &&
          (group.type !== GroupType.AVCHATROOM || body.WithHugeGroups === 1 || body.GroupType === group.type),
      );
      const offset = body.Offset ?? 0;
      const page = groups.slice(offset, offset + (body.Limit ?? RestGroupLimits.JOINED_PER_PAGE));
      return { TotalCount: groups.length, GroupIdList: page.map(restGroupInfo) };
    },
  }),
};

type CreateBody = Omit<z.infer<typeof restGroupSchemas.create_group>, 'MemberList'> & {
  MemberList?: z.infer<typeof restGroupSchemas.create_group>['MemberList'];
};

/** create_group's body (import_group's too) as the SDK's createGroup request. */
export function createRequest(body: CreateBody): OpRequestParsed<'createGroup'> {
  return {
    type: body.Type,
    name: body.Name,
    ...baseInfo(body),
    ...(body.GroupId === undefined ? {} : { groupID: body.GroupId }),
    ...(body.MaxMemberCount === undefined ? {} : { maxMemberNum: body.MaxMemberCount }),
    memberList: (body.MemberList ?? []).map((m) => ({ userID: m.Member_Account, role: m.Role ?? 'Member' })),
    groupCustomField: (body.AppDefinedData ?? []).map(({ Key, Value }) => ({ key: Key, value: Value })),
    isSupportTopic: body.SupportTopic === 1,
  };
}

/**
 * Tencent's app-owned group (no Owner_Account) is owned here by the administrator who made it,
 * whose account must exist (account_import): a refused call creates nothing, not even it (10004).
 */
export async function restGroupOwner(db: Database, ownerAccount: string | undefined, caller: string): Promise<string> {
  const ownerID = ownerAccount ?? caller;
  if (!(await existingAccounts(db, [ownerID])).has(ownerID)) {
    throw new RestError(RestErrorCode.GROUP_INVALID_PARAMS, `Owner_Account: ${ownerID} has no account`);
  }
  return ownerID;
}

/** The profile fields create_group and modify_group_base_info share, by the SDK's names. */
function baseInfo(body: {
  Introduction?: string | undefined;
  Notification?: string | undefined;
  FaceUrl?: string | undefined;
  ApplyJoinOption?: JoinOption | undefined;
}): { introduction?: string; notification?: string; avatar?: string; joinOption?: JoinOption } {
  return {
    ...(body.Introduction === undefined ? {} : { introduction: body.Introduction }),
    ...(body.Notification === undefined ? {} : { notification: body.Notification }),
    ...(body.FaceUrl === undefined ? {} : { avatar: body.FaceUrl }),
    ...(body.ApplyJoinOption === undefined ? {} : { joinOption: body.ApplyJoinOption }),
  };
}

/** MuteAllMember (or ShutUpAllMember) On or Off as updateGroupProfile's muteAllMembers. */
function muteAll(value: 'On' | 'Off' | undefined): { muteAllMembers?: boolean } {
  return value === undefined ? {} : { muteAllMembers: value === 'On' };
}
