import { ErrorCode, GroupSystemNoticeType, GroupTipOperation, RestErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, useServer } from '../../integration/harness';
import { groupOf, importAccounts, listed, REST_OK, tip } from '../../integration/rest-group-helpers';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

/** group_open_http_svc's group commands through HTTP, and what members' SDK sessions see of them. */
const { EVENT, TYPES } = LiaisonChat;
const { server, user } = useServer();
let admin: RestClient;
beforeAll(() => {
  admin = new RestClient(server());
});

describe('group_open_http_svc/create_group', () => {
  it('makes the group with its members, admins and fields, and it appears in the owner’s and members’ lists', async () => {
    const owner = await user('rg-cr-owner');
    const ann = await user('rg-cr-ann');
    await importAccounts(admin, 'rg-cr-ben');
    const annSees = listed(ann, 'rg-cr-group');
    const answer = await admin.call('group_open_http_svc/create_group', {
      Owner_Account: 'rg-cr-owner',
      Type: 'Public',
      GroupId: 'rg-cr-group',
      Name: 'Team',
      Introduction: 'about',
      Notification: 'notice',
      MaxMemberCount: 50,
      ApplyJoinOption: 'FreeAccess',
      MemberList: [{ Member_Account: 'rg-cr-ann', Role: 'Admin' }, { Member_Account: 'rg-cr-ben' }],
    });
    expect(answer).toEqual({ ...REST_OK, GroupId: 'rg-cr-group' });
    const [seen] = (await annSees).filter((g) => g.groupID === 'rg-cr-group');
    expect(seen).toMatchObject({ name: 'Team', ownerID: 'rg-cr-owner', selfInfo: { role: 'Admin' } });
    const { groupList } = (await owner.getGroupList()).data;
    expect(groupList.find((g) => g.groupID === 'rg-cr-group')).toMatchObject({
      type: TYPES.GRP_PUBLIC,
      introduction: 'about',
      notification: 'notice',
      memberCount: 3,
      maxMemberCount: 50,
      joinOption: 'FreeAccess',
    });
  });

  it('without Owner_Account makes the administrator (once imported) its owner, and takes Tencent’s new type names', async () => {
    const ann = await user('rg-app-ann');
    const refusedFirst = await admin.call('group_open_http_svc/create_group', { Type: 'Work', Name: 'App' });
    expect(refusedFirst).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: RestErrorCode.GROUP_INVALID_PARAMS });
    await importAccounts(admin, 'administrator');
    const annSees = listed(ann, 'rg-app-group');
    const answer = await admin.call('group_open_http_svc/create_group', {
      Type: 'Work',
      GroupId: 'rg-app-group',
      Name: 'App',
      MemberList: [{ Member_Account: 'rg-app-ann' }],
    });
    expect(answer).toEqual({ ...REST_OK, GroupId: 'rg-app-group' });
    expect((await annSees).find((g) => g.groupID === 'rg-app-group')).toMatchObject({
      type: TYPES.GRP_WORK,
      ownerID: 'administrator',
    });
  });

  it('makes an ID when none is given', async () => {
    await importAccounts(admin, 'rg-id-owner');
    const answer = await admin.call('group_open_http_svc/create_group', {
      Owner_Account: 'rg-id-owner',
      Type: 'Meeting',
      Name: 'Meeting',
    });
    expect(answer).toMatchObject(REST_OK);
    expect(answer.GroupId).toMatch(/^@TGS#/);
  });

  it('refuses an unknown member, a taken ID and a bad type, storing nothing', async () => {
    await importAccounts(admin, 'rg-no-owner');
    await groupOf(admin, 'rg-no-owner', 'rg-no-taken', []);
    const before = await snapshotAll(server().db);
    const create = (body: object) =>
      admin.call('group_open_http_svc/create_group', {
        Owner_Account: 'rg-no-owner',
        Name: 'x',
        Type: 'Public',
        ...body,
      });
    expect(await create({ GroupId: 'rg-no-taken' })).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: ErrorCode.GROUP_ID_TAKEN,
    });
    expect(await create({ Type: 'Secret' })).toMatchObject({ ErrorCode: RestErrorCode.GROUP_INVALID_PARAMS });
    expect(await create({ Name: '' })).toMatchObject({ ErrorCode: RestErrorCode.GROUP_INVALID_PARAMS });
    expect(await create({ MemberList: [{ Member_Account: 'rg-no-nobody' }] })).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: RestErrorCode.GROUP_ACCOUNT_NOT_FOUND,
    });
    expect(await create({ Owner_Account: 'rg-no-nobody' })).toMatchObject({ ActionStatus: 'FAIL' });
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});

describe('group_open_http_svc/get_group_info', () => {
  it('answers each group’s profile in Tencent’s names, and 10010 for one that does not exist', async () => {
    await importAccounts(admin, 'rg-gi-owner', 'rg-gi-ann');
    await groupOf(admin, 'rg-gi-owner', 'rg-gi-group', ['rg-gi-ann']);
    await admin.call('group_open_http_svc/modify_group_base_info', {
      GroupId: 'rg-gi-group',
      AppDefinedData: [{ Key: 'level', Value: '3' }],
    });
    const answer = await admin.call('group_open_http_svc/get_group_info', {
      GroupIdList: ['rg-gi-group', 'rg-gi-none'],
    });
    expect(answer).toMatchObject({
      ...REST_OK,
      GroupInfo: [
        {
          GroupId: 'rg-gi-group',
          ErrorCode: 0,
          Type: 'Public',
          Name: 'rg-gi-group',
          Owner_Account: 'rg-gi-owner',
          MemberNum: 2,
          ApplyJoinOption: 'NeedPermission',
          MuteAllMember: 'Off',
          ShutUpAllMember: 'Off',
          AppDefinedData: [{ Key: 'level', Value: '3' }],
        },
        { GroupId: 'rg-gi-none', ErrorCode: ErrorCode.GROUP_NOT_FOUND },
      ],
    });
  });

  it('refuses an empty list with 10004', async () => {
    expect(await admin.call('group_open_http_svc/get_group_info', { GroupIdList: [] })).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: RestErrorCode.GROUP_INVALID_PARAMS,
    });
  });
});

describe('group_open_http_svc/modify_group_base_info', () => {
  it('changes the profile as the owner would, and members read the tip and the new profile', async () => {
    const ann = await user('rg-mod-ann');
    await importAccounts(admin, 'rg-mod-owner');
    const annSees = listed(ann, 'rg-mod-group');
    await groupOf(admin, 'rg-mod-owner', 'rg-mod-group', ['rg-mod-ann']);
    await annSees;
    const changed = tip(ann, GroupTipOperation.GROUP_PROFILE_UPDATED);
    const answer = await admin.call('group_open_http_svc/modify_group_base_info', {
      GroupId: 'rg-mod-group',
      Name: 'Renamed',
      Notification: 'new notice',
      MuteAllMember: 'On',
    });
    expect(answer).toEqual(REST_OK);
    await changed;
    expect((await ann.getGroupProfile({ groupID: 'rg-mod-group' })).data.group).toMatchObject({
      name: 'Renamed',
      notification: 'new notice',
      muteAllMembers: true,
    });
    // ShutUpAllMember, the field's name in Tencent's earlier docs, is read too.
    await admin.call('group_open_http_svc/modify_group_base_info', { GroupId: 'rg-mod-group', ShutUpAllMember: 'Off' });
    expect((await ann.getGroupProfile({ groupID: 'rg-mod-group' })).data.group.muteAllMembers).toBe(false);
  });

  it('refuses an unknown group, an empty name and a new member limit, changing nothing', async () => {
    await importAccounts(admin, 'rg-modno-owner');
    await groupOf(admin, 'rg-modno-owner', 'rg-modno-group', []);
    const before = await snapshotAll(server().db);
    const modify = (body: object) =>
      admin.call('group_open_http_svc/modify_group_base_info', { GroupId: 'rg-modno-group', ...body });
    expect(await modify({ GroupId: 'rg-modno-none', Name: 'x' })).toMatchObject({
      ErrorCode: ErrorCode.GROUP_NOT_FOUND,
    });
    expect(await modify({ Name: '   ' })).toMatchObject({ ErrorCode: ErrorCode.GROUP_INVALID_PARAMS });
    expect(await modify({ MaxMemberNum: 10 })).toMatchObject({ ErrorCode: RestErrorCode.GROUP_INVALID_PARAMS });
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});

describe('group_open_http_svc/destroy_group', () => {
  it('dismisses the group: members are told and it leaves their lists', async () => {
    const ann = await user('rg-de-ann');
    await importAccounts(admin, 'rg-de-owner');
    const annSees = listed(ann, 'rg-de-group');
    await groupOf(admin, 'rg-de-owner', 'rg-de-group', ['rg-de-ann']);
    await annSees;
    const dismissed = nextEvent<{ type: number }>(
      ann,
      EVENT.GROUP_SYSTEM_NOTICE_RECEIVED,
      (data) => data.type === GroupSystemNoticeType.DISMISSED,
    );
    expect(await admin.call('group_open_http_svc/destroy_group', { GroupId: 'rg-de-group' })).toEqual(REST_OK);
    await dismissed;
    expect((await ann.getGroupList()).data.groupList.some((g) => g.groupID === 'rg-de-group')).toBe(false);
    expect(await admin.call('group_open_http_svc/destroy_group', { GroupId: 'rg-de-group' })).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: ErrorCode.GROUP_NOT_FOUND,
    });
  });
});

describe('group_open_http_svc/change_group_owner', () => {
  it('hands the group to a member, who sees themself the owner', async () => {
    const ann = await user('rg-own-ann');
    await importAccounts(admin, 'rg-own-owner');
    const annSees = listed(ann, 'rg-own-group');
    await groupOf(admin, 'rg-own-owner', 'rg-own-group', ['rg-own-ann']);
    await annSees;
    const changed = tip(ann, GroupTipOperation.GROUP_PROFILE_UPDATED);
    const answer = await admin.call('group_open_http_svc/change_group_owner', {
      GroupId: 'rg-own-group',
      NewOwner_Account: 'rg-own-ann',
    });
    expect(answer).toEqual(REST_OK);
    await changed;
    expect((await ann.getGroupProfile({ groupID: 'rg-own-group' })).data.group).toMatchObject({
      ownerID: 'rg-own-ann',
      selfInfo: { role: 'Owner' },
    });
  });

  it('refuses a new owner who is not a member with 10007, changing nothing', async () => {
    await importAccounts(admin, 'rg-ownno-owner', 'rg-ownno-out');
    await groupOf(admin, 'rg-ownno-owner', 'rg-ownno-group', []);
    const before = await snapshotAll(server().db);
    expect(
      await admin.call('group_open_http_svc/change_group_owner', {
        GroupId: 'rg-ownno-group',
        NewOwner_Account: 'rg-ownno-out',
      }),
    ).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: RestErrorCode.GROUP_NO_PERMISSION });
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});

describe('group_open_http_svc/get_joined_group_list', () => {
  it('lists the groups a member is in, by type and page, without AVChatRooms unless asked', async () => {
    const ann = await user('rg-jl-ann');
    await importAccounts(admin, 'rg-jl-owner');
    await groupOf(admin, 'rg-jl-owner', 'rg-jl-a', ['rg-jl-ann']);
    await groupOf(admin, 'rg-jl-owner', 'rg-jl-b', ['rg-jl-ann'], 'Work');
    await groupOf(admin, 'rg-jl-ann', 'rg-jl-live', [], 'AVChatRoom');
    const sdkList = (await ann.getGroupList()).data.groupList.map((g) => g.groupID);
    expect(sdkList).toEqual(expect.arrayContaining(['rg-jl-a', 'rg-jl-b', 'rg-jl-live']));
    const list = (body: object) =>
      admin.call('group_open_http_svc/get_joined_group_list', { Member_Account: 'rg-jl-ann', ...body });
    expect(await list({})).toMatchObject({
      ...REST_OK,
      TotalCount: 2,
      GroupIdList: [
        { GroupId: 'rg-jl-a', Type: 'Public' },
        { GroupId: 'rg-jl-b', Type: 'Private' },
      ],
    });
    expect(await list({ GroupType: 'Work' })).toMatchObject({ TotalCount: 1, GroupIdList: [{ GroupId: 'rg-jl-b' }] });
    expect(await list({ WithHugeGroups: 1, Limit: 1, Offset: 2 })).toMatchObject({
      TotalCount: 3,
      GroupIdList: [{ GroupId: 'rg-jl-live' }],
    });
  });

  it('refuses an unknown account and a bad type', async () => {
    expect(
      await admin.call('group_open_http_svc/get_joined_group_list', { Member_Account: 'rg-jl-nobody' }),
    ).toMatchObject({ ActionStatus: 'FAIL' });
    expect(
      await admin.call('group_open_http_svc/get_joined_group_list', { Member_Account: 'rg-jl-ann', GroupType: 'Big' }),
    ).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: RestErrorCode.GROUP_INVALID_PARAMS });
  });
});
