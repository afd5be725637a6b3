import { ErrorCode, LiaisonError, RestAddMemberResult, RestGroupLimits, restGroupSchemas } from '@liaison/protocol';
import { restCommand } from '../rest-command';
import { loadGroup, membersOf, noPermission } from './group-access';
import {
  addGroupMember,
  deleteGroupMember,
  type GroupAdminDeps,
  getGroupOnlineMemberCount,
  setGroupMemberCustomField,
  setGroupMemberMuteTime,
  setGroupMemberNameCard,
  setGroupMemberRole,
} from './group-admin';
import { mutedMembers } from './group-roles';
import { getGroupProfile, getMembers } from './groups';
import { actingOwner, GROUP_CODES, restMember } from './rest-owner';

/**
 * The group's members muted now, with until when (seconds), in one command's field names:
 * get_group_muted_account's, or get_group_shutted_uin's (its earlier name). 10010 for no group.
 */
function mutedListCommand(
  schema: typeof restGroupSchemas.get_group_muted_account,
  list: 'MutedAccountList' | 'ShuttedUinList',
  until: 'MutedUntil' | 'ShuttedUntil',
) {
  return restCommand({
    schema,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      await loadGroup(deps.db, body.GroupId, '');
      const muted = await mutedMembers(deps.db, body.GroupId);
      return {
        GroupId: body.GroupId,
        [list]: muted.map((m) => ({ Member_Account: m.userID, [until]: Math.floor(m.muteUntil / 1000) })),
      };
    },
  });
}

/**
 * group_open_http_svc: a group's members, through group-admin.ts as the SDK's ops, acted out as
 * the group's owner (rest-owner.ts): added and removed members get the group list change and the
 * notice, the others the tip (unless Silence), a muted member's sessions the mute tip.
 */
export const memberCommands = {
  get_group_member_info: restCommand({
    schema: restGroupSchemas.get_group_member_info,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      const owner = await actingOwner(deps.db, body.GroupId);
      const group = await getGroupProfile(deps.db, owner, body.GroupId);
      const role = body.MemberRoleFilter?.[0];
      const { memberList } = await getMembers(
        deps.db,
        owner,
        body.GroupId,
        body.Limit ?? RestGroupLimits.MEMBERS_PER_PAGE,
        body.Offset ?? 0,
        role === undefined ? {} : { role },
      );
      return { MemberNum: group.memberCount, MemberList: memberList.map(restMember) };
    },
  }),

  add_group_member: restCommand({
    schema: restGroupSchemas.add_group_member,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      const outcome = await addGroupMember(
        deps,
        await actingOwner(deps.db, body.GroupId),
        { groupID: body.GroupId, userIDList: body.MemberList.map((m) => m.Member_Account) },
        { silent: body.Silence === 1 },
      );
      const added = new Set(outcome.successUserIDList);
      const existed = new Set(outcome.existedUserIDList);
      return {
        MemberList: [...new Set(body.MemberList.map((m) => m.Member_Account))].map((account) => ({
          Member_Account: account,
          Result: added.has(account)
            ? RestAddMemberResult.ADDED
            : existed.has(account)
              ? RestAddMemberResult.ALREADY_MEMBER
              : RestAddMemberResult.FAILED,
        })),
      };
    },
  }),

  delete_group_member: restCommand({
    schema: restGroupSchemas.delete_group_member,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      await deleteGroupMember(
        deps,
        await actingOwner(deps.db, body.GroupId),
        {
          groupID: body.GroupId,
          userIDList: body.MemberToDel_Account,
          ...(body.Reason === undefined ? {} : { reason: body.Reason }),
        },
        { silent: body.Silence === 1 },
      );
      return {};
    },
  }),

  get_role_in_group: restCommand({
    schema: restGroupSchemas.get_role_in_group,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      await loadGroup(deps.db, body.GroupId, '');
      const members = await membersOf(deps.db, body.GroupId, body.User_Account);
      return {
        UserIdList: body.User_Account.map((account) => ({
          Member_Account: account,
          Role: members.get(account)?.role ?? 'NotMember',
        })),
      };
    },
  }),

  forbid_send_msg: restCommand({
    schema: restGroupSchemas.forbid_send_msg,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      const owner = await actingOwner(deps.db, body.GroupId);
      const accounts = [...new Set(body.Members_Account)];
      // Every account is checked before any is muted, so a refusal changes nothing.
      const members = await membersOf(deps.db, body.GroupId, accounts);
      const missing = accounts.filter((id) => !members.has(id));
      if (missing.length > 0) {
        throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER, `The user is not in the group: ${missing.join(', ')}`);
      }
      if (accounts.includes(owner)) throw noPermission('the owner cannot be muted');
      for (const userID of accounts) {
        await setGroupMemberMuteTime(deps, owner, { groupID: body.GroupId, userID, muteTime: body.MuteTime });
      }
      return {};
    },
  }),

  get_group_muted_account: mutedListCommand(restGroupSchemas.get_group_muted_account, 'MutedAccountList', 'MutedUntil'),
  get_group_shutted_uin: mutedListCommand(restGroupSchemas.get_group_shutted_uin, 'ShuttedUinList', 'ShuttedUntil'),

  /** Everything but MsgFlag, the member's conversation setting: conversations/member-remind.ts adds it. */
  modify_group_member_info: restCommand({
    schema: restGroupSchemas.modify_group_member_info,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      const owner = await actingOwner(deps.db, body.GroupId);
      const target = { groupID: body.GroupId, userID: body.Member_Account };
      // Checked first, so a call about someone outside the group changes nothing.
      if (!(await membersOf(deps.db, body.GroupId, [body.Member_Account])).has(body.Member_Account)) {
        throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER);
      }
      if (body.Role !== undefined) await setGroupMemberRole(deps, owner, { ...target, role: body.Role });
      if (body.NameCard !== undefined)
        await setGroupMemberNameCard(deps, owner, { ...target, nameCard: body.NameCard });
      if (body.MuteTime !== undefined) {
        await setGroupMemberMuteTime(deps, owner, { ...target, muteTime: body.MuteTime });
      }
      if (body.AppMemberDefinedData !== undefined) {
        await setGroupMemberCustomField(deps, owner, {
          ...target,
          memberCustomField: body.AppMemberDefinedData.map(({ Key, Value }) => ({ key: Key, value: Value })),
        });
      }
      return {};
    },
  }),

  get_online_member_num: restCommand({
    schema: restGroupSchemas.get_online_member_num,
    codes: GROUP_CODES,
    async run(deps: GroupAdminDeps, body) {
      const { memberCount } = await getGroupOnlineMemberCount(deps, await actingOwner(deps.db, body.GroupId), {
        groupID: body.GroupId,
      });
      return { OnlineMemberNum: memberCount };
    },
  }),
};
