import { ErrorCode, GroupSystemNoticeType, GroupTipOperation, RestErrorCode } from '@liaison/protocol';
import type { Conversation } from '@liaison/sdk';
import LiaisonChat from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, nextEvent, sendText, useServer, wholeHistory } from '../../integration/harness';
import { groupOf, importAccounts, listed, REST_OK, refused, tip } from '../../integration/rest-group-helpers';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

/** group_open_http_svc's member commands through HTTP, and what members' SDK sessions see of them. */
const { EVENT, TYPES } = LiaisonChat;
const { server, user } = useServer();
let admin: RestClient;
beforeAll(() => {
  admin = new RestClient(server());
});

describe('group_open_http_svc/get_group_member_info', () => {
  it('pages the members, owner first, and filters by role', async () => {
    await importAccounts(admin, 'rg-gm-owner', 'rg-gm-a', 'rg-gm-b');
    await groupOf(admin, 'rg-gm-owner', 'rg-gm-group', ['rg-gm-a', 'rg-gm-b']);
    const page = await admin.call('group_open_http_svc/get_group_member_info', { GroupId: 'rg-gm-group', Limit: 2 });
    expect(page).toMatchObject({
      ...REST_OK,
      MemberNum: 3,
      MemberList: [
        {
          Member_Account: 'rg-gm-owner',
          Role: 'Owner',
          MuteUntil: 0,
          ShutUpUntil: 0,
          NameCard: '',
          AppMemberDefinedData: [],
        },
        { Member_Account: 'rg-gm-a', Role: 'Member' },
      ],
    });
    const rest = await admin.call('group_open_http_svc/get_group_member_info', {
      GroupId: 'rg-gm-group',
      Offset: 2,
    });
    expect(rest.MemberList).toEqual([expect.objectContaining({ Member_Account: 'rg-gm-b' })]);
    const owners = await admin.call('group_open_http_svc/get_group_member_info', {
      GroupId: 'rg-gm-group',
      MemberRoleFilter: ['Owner'],
    });
    expect(owners.MemberList).toEqual([expect.objectContaining({ Member_Account: 'rg-gm-owner' })]);
  });

  it('refuses an unknown group with 10010 and a page over 200 with 10004', async () => {
    await importAccounts(admin, 'rg-gmno-owner');
    await groupOf(admin, 'rg-gmno-owner', 'rg-gmno-group', []);
    expect(await admin.call('group_open_http_svc/get_group_member_info', { GroupId: 'rg-gmno-none' })).toMatchObject(
      refused(ErrorCode.GROUP_NOT_FOUND),
    );
    expect(
      await admin.call('group_open_http_svc/get_group_member_info', { GroupId: 'rg-gmno-group', Limit: 201 }),
    ).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
  });
});

describe('group_open_http_svc/add_group_member', () => {
  it('adds members, who get the group in their list, and answers each account’s Result', async () => {
    const owner = await user('rg-add-owner');
    const ann = await user('rg-add-ann');
    await importAccounts(admin, 'rg-add-old');
    await groupOf(admin, 'rg-add-owner', 'rg-add-group', ['rg-add-old']);
    const annSees = listed(ann, 'rg-add-group');
    const ownerReads = tip(owner, GroupTipOperation.MEMBER_JOIN);
    const answer = await admin.call('group_open_http_svc/add_group_member', {
      GroupId: 'rg-add-group',
      MemberList: [{ Member_Account: 'rg-add-ann' }, { Member_Account: 'rg-add-old' }, { Member_Account: 'rg-add-x' }],
    });
    expect(answer).toEqual({
      ...REST_OK,
      MemberList: [
        { Member_Account: 'rg-add-ann', Result: 1 },
        { Member_Account: 'rg-add-old', Result: 2 },
        { Member_Account: 'rg-add-x', Result: 0 },
      ],
    });
    await annSees;
    await ownerReads;
    const { memberList } = (await owner.getGroupMemberList({ groupID: 'rg-add-group' })).data;
    expect(memberList.map((m) => m.userID)).toContain('rg-add-ann');
  });

  it('with Silence 1 adds the member without a tip to the group', async () => {
    const owner = await user('rg-sil-owner');
    const ann = await user('rg-sil-ann');
    await groupOf(admin, 'rg-sil-owner', 'rg-sil-group', []);
    const annSees = listed(ann, 'rg-sil-group');
    const answer = await admin.call('group_open_http_svc/add_group_member', {
      GroupId: 'rg-sil-group',
      Silence: 1,
      MemberList: [{ Member_Account: 'rg-sil-ann' }],
    });
    expect(answer).toMatchObject({ ...REST_OK, MemberList: [{ Member_Account: 'rg-sil-ann', Result: 1 }] });
    await annSees;
    const history = await wholeHistory(owner, 'GROUPrg-sil-group');
    expect(
      history.some(
        (m) =>
          m.type === TYPES.MSG_GRP_TIP &&
          (m.payload as { operationType: number }).operationType === GroupTipOperation.MEMBER_JOIN,
      ),
    ).toBe(false);
  });

  it('refuses adding to an AVChatRoom with 10007, changing nothing', async () => {
    await importAccounts(admin, 'rg-addno-owner', 'rg-addno-ann');
    await groupOf(admin, 'rg-addno-owner', 'rg-addno-group', [], 'AVChatRoom');
    const before = await snapshotAll(server().db);
    expect(
      await admin.call('group_open_http_svc/add_group_member', {
        GroupId: 'rg-addno-group',
        MemberList: [{ Member_Account: 'rg-addno-ann' }],
      }),
    ).toMatchObject(refused(ErrorCode.GROUP_NO_PERMISSION));
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});

describe('group_open_http_svc/delete_group_member', () => {
  it('removes members, who are told with the reason and lose the group', async () => {
    const ann = await user('rg-del-ann');
    await importAccounts(admin, 'rg-del-owner');
    const annSees = listed(ann, 'rg-del-group');
    await groupOf(admin, 'rg-del-owner', 'rg-del-group', ['rg-del-ann']);
    await annSees;
    const kicked = nextEvent<{ type: number; message: { payload: { handleMessage?: string } } }>(
      ann,
      EVENT.GROUP_SYSTEM_NOTICE_RECEIVED,
      (data) => data.type === GroupSystemNoticeType.KICKED_OUT,
    );
    const answer = await admin.call('group_open_http_svc/delete_group_member', {
      GroupId: 'rg-del-group',
      Reason: 'spam',
      MemberToDel_Account: ['rg-del-ann'],
    });
    expect(answer).toEqual(REST_OK);
    expect((await kicked).message.payload.handleMessage).toBe('spam');
    expect((await ann.getGroupList()).data.groupList.some((g) => g.groupID === 'rg-del-group')).toBe(false);
  });

  it('refuses removing someone who is not a member with 10007, changing nothing', async () => {
    await importAccounts(admin, 'rg-delno-owner', 'rg-delno-in', 'rg-delno-out');
    await groupOf(admin, 'rg-delno-owner', 'rg-delno-group', ['rg-delno-in']);
    const before = await snapshotAll(server().db);
    expect(
      await admin.call('group_open_http_svc/delete_group_member', {
        GroupId: 'rg-delno-group',
        MemberToDel_Account: ['rg-delno-in', 'rg-delno-out'],
      }),
    ).toMatchObject(refused(RestErrorCode.GROUP_NO_PERMISSION));
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});

describe('group_open_http_svc/get_role_in_group', () => {
  it('answers each account’s role, NotMember for the others', async () => {
    await importAccounts(admin, 'rg-role-owner', 'rg-role-a', 'rg-role-out');
    await groupOf(admin, 'rg-role-owner', 'rg-role-group', ['rg-role-a']);
    const answer = await admin.call('group_open_http_svc/get_role_in_group', {
      GroupId: 'rg-role-group',
      User_Account: ['rg-role-owner', 'rg-role-a', 'rg-role-out'],
    });
    expect(answer).toEqual({
      ...REST_OK,
      UserIdList: [
        { Member_Account: 'rg-role-owner', Role: 'Owner' },
        { Member_Account: 'rg-role-a', Role: 'Member' },
        { Member_Account: 'rg-role-out', Role: 'NotMember' },
      ],
    });
    expect(
      await admin.call('group_open_http_svc/get_role_in_group', { GroupId: 'rg-role-none', User_Account: ['x'] }),
    ).toMatchObject(refused(ErrorCode.GROUP_NOT_FOUND));
  });
});

describe('group_open_http_svc/forbid_send_msg, get_group_muted_account and get_group_shutted_uin', () => {
  it('mutes members, whose sends are refused, lists them, and MuteTime 0 lifts the mute', async () => {
    const ann = await user('rg-mute-ann');
    await importAccounts(admin, 'rg-mute-owner');
    const annSees = listed(ann, 'rg-mute-group');
    await groupOf(admin, 'rg-mute-owner', 'rg-mute-group', ['rg-mute-ann']);
    await annSees;
    const mutedTip = tip(ann, GroupTipOperation.MEMBER_PROFILE_UPDATED);
    const answer = await admin.call('group_open_http_svc/forbid_send_msg', {
      GroupId: 'rg-mute-group',
      Members_Account: ['rg-mute-ann'],
      MuteTime: 600,
    });
    expect(answer).toEqual(REST_OK);
    await mutedTip;
    expect(await errorCode(sendText(ann, 'rg-mute-group', 'hello?', 'GROUP'))).toBe(ErrorCode.GROUP_MEMBER_MUTED);
    const muted = await admin.call('group_open_http_svc/get_group_muted_account', { GroupId: 'rg-mute-group' });
    expect(muted).toMatchObject({
      ...REST_OK,
      GroupId: 'rg-mute-group',
      MutedAccountList: [{ Member_Account: 'rg-mute-ann' }],
    });
    const [entry] = muted.MutedAccountList as Array<{ MutedUntil: number }>;
    expect(entry?.MutedUntil).toBeGreaterThan(Date.now() / 1000 + 590);
    // Tencent's earlier name answers in its earlier field names.
    expect(await admin.call('group_open_http_svc/get_group_shutted_uin', { GroupId: 'rg-mute-group' })).toEqual({
      ...REST_OK,
      GroupId: 'rg-mute-group',
      ShuttedUinList: [{ Member_Account: 'rg-mute-ann', ShuttedUntil: entry?.MutedUntil }],
    });

    // ShutUpTime, the field's name in Tencent's earlier docs, is read too.
    await admin.call('group_open_http_svc/forbid_send_msg', {
      GroupId: 'rg-mute-group',
      Members_Account: ['rg-mute-ann'],
      ShutUpTime: 0,
    });
    await sendText(ann, 'rg-mute-group', 'I can talk again', 'GROUP');
    expect(await admin.call('group_open_http_svc/get_group_muted_account', { GroupId: 'rg-mute-group' })).toMatchObject(
      { MutedAccountList: [] },
    );
    expect(await admin.call('group_open_http_svc/get_group_shutted_uin', { GroupId: 'rg-mute-group' })).toMatchObject({
      ShuttedUinList: [],
    });
  });

  it('refuses muting the owner or a non-member, and an unknown group, muting nobody', async () => {
    await importAccounts(admin, 'rg-muteno-owner', 'rg-muteno-a', 'rg-muteno-out');
    await groupOf(admin, 'rg-muteno-owner', 'rg-muteno-group', ['rg-muteno-a']);
    const before = await snapshotAll(server().db);
    const mute = (accounts: string[]) =>
      admin.call('group_open_http_svc/forbid_send_msg', {
        GroupId: 'rg-muteno-group',
        Members_Account: accounts,
        MuteTime: 60,
      });
    expect(await mute(['rg-muteno-a', 'rg-muteno-owner'])).toMatchObject(refused(ErrorCode.GROUP_NO_PERMISSION));
    expect(await mute(['rg-muteno-a', 'rg-muteno-out'])).toMatchObject(refused(RestErrorCode.GROUP_NO_PERMISSION));
    expect(
      await admin.call('group_open_http_svc/forbid_send_msg', {
        GroupId: 'rg-muteno-group',
        Members_Account: ['rg-muteno-a'],
      }),
    ).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
    expect(await snapshotAll(server().db)).toEqual(before);
    for (const command of ['get_group_muted_account', 'get_group_shutted_uin']) {
      expect(await admin.call(`group_open_http_svc/${command}`, { GroupId: 'rg-muteno-none' })).toMatchObject(
        refused(ErrorCode.GROUP_NOT_FOUND),
      );
    }
  });
});

describe('group_open_http_svc/modify_group_member_info', () => {
  it('sets the role, name card, mute and fields as the owner would, and the member sees them', async () => {
    const ann = await user('rg-mm-ann');
    await importAccounts(admin, 'rg-mm-owner');
    const annSees = listed(ann, 'rg-mm-group');
    await groupOf(admin, 'rg-mm-owner', 'rg-mm-group', ['rg-mm-ann']);
    await annSees;
    const madeAdmin = tip(ann, GroupTipOperation.SET_ADMIN);
    const answer = await admin.call('group_open_http_svc/modify_group_member_info', {
      GroupId: 'rg-mm-group',
      Member_Account: 'rg-mm-ann',
      Role: 'Admin',
      NameCard: 'Annie',
      MuteTime: 300,
      AppMemberDefinedData: [{ Key: 'team', Value: 'blue' }],
    });
    expect(answer).toEqual(REST_OK);
    await madeAdmin;
    const [member] = (await ann.getGroupMemberProfile({ groupID: 'rg-mm-group', userIDList: ['rg-mm-ann'] })).data
      .memberList;
    expect(member).toMatchObject({
      role: 'Admin',
      nameCard: 'Annie',
      memberCustomField: [{ key: 'team', value: 'blue' }],
    });
    expect(member?.muteUntil).toBeGreaterThan(Date.now() / 1000 + 290);
    // ShutUpTime, the field's name in Tencent's earlier docs, is read too.
    await admin.call('group_open_http_svc/modify_group_member_info', {
      GroupId: 'rg-mm-group',
      Member_Account: 'rg-mm-ann',
      ShutUpTime: 0,
    });
    const [unmuted] = (await ann.getGroupMemberProfile({ groupID: 'rg-mm-group', userIDList: ['rg-mm-ann'] })).data
      .memberList;
    expect(unmuted?.muteUntil).toBe(0);
  });

  it('sets a member’s MsgFlag as their own receive option, which their sessions see', async () => {
    const ann = await user('rg-mf-ann');
    await importAccounts(admin, 'rg-mf-owner');
    const annSees = listed(ann, 'rg-mf-group');
    await groupOf(admin, 'rg-mf-owner', 'rg-mf-group', ['rg-mf-ann']);
    await annSees;
    const changed = nextEvent<Conversation[]>(ann, EVENT.CONVERSATION_LIST_UPDATED, (list) =>
      list.some((c) => c.conversationID === 'GROUPrg-mf-group' && c.messageRemindType === 'Discard'),
    );
    expect(
      await admin.call('group_open_http_svc/modify_group_member_info', {
        GroupId: 'rg-mf-group',
        Member_Account: 'rg-mf-ann',
        MsgFlag: 'Discard',
      }),
    ).toEqual(REST_OK);
    await changed;
    const seen = (await ann.getConversationProfile('GROUPrg-mf-group')).data.conversation;
    expect(seen.messageRemindType).toBe('Discard');
    expect((await ann.getGroupProfile({ groupID: 'rg-mf-group' })).data.group.selfInfo?.messageRemindType).toBe(
      'Discard',
    );
    // A conversation the member deleted keeps the setting for when it shows again.
    await ann.deleteConversation('GROUPrg-mf-group');
    expect(
      await admin.call('group_open_http_svc/modify_group_member_info', {
        GroupId: 'rg-mf-group',
        Member_Account: 'rg-mf-ann',
        MsgFlag: 'AcceptNotNotify',
      }),
    ).toEqual(REST_OK);
    expect((await ann.getGroupProfile({ groupID: 'rg-mf-group' })).data.group.selfInfo?.messageRemindType).toBe(
      'AcceptNotNotify',
    );
  });

  it('refuses a non-member with 10007 and an unknown MsgFlag with 10004, changing nothing', async () => {
    await importAccounts(admin, 'rg-mmno-owner', 'rg-mmno-a', 'rg-mmno-out');
    await groupOf(admin, 'rg-mmno-owner', 'rg-mmno-group', ['rg-mmno-a']);
    const before = await snapshotAll(server().db);
    const modify = (body: object) =>
      admin.call('group_open_http_svc/modify_group_member_info', { GroupId: 'rg-mmno-group', ...body });
    expect(await modify({ Member_Account: 'rg-mmno-out', NameCard: 'x' })).toMatchObject(
      refused(RestErrorCode.GROUP_NO_PERMISSION),
    );
    expect(await modify({ Member_Account: 'rg-mmno-out', MsgFlag: 'Discard' })).toMatchObject(
      refused(RestErrorCode.GROUP_NO_PERMISSION),
    );
    expect(await modify({ Member_Account: 'rg-mmno-a', MsgFlag: 'Never' })).toMatchObject(
      refused(RestErrorCode.GROUP_INVALID_PARAMS),
    );
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});

describe('group_open_http_svc/get_online_member_num', () => {
  it('counts the members online now, and refuses an unknown group with 10010', async () => {
    await user('rg-on-ann');
    await importAccounts(admin, 'rg-on-owner', 'rg-on-away');
    await groupOf(admin, 'rg-on-owner', 'rg-on-group', ['rg-on-ann', 'rg-on-away']);
    expect(await admin.call('group_open_http_svc/get_online_member_num', { GroupId: 'rg-on-group' })).toEqual({
      ...REST_OK,
      OnlineMemberNum: 1,
    });
    expect(await admin.call('group_open_http_svc/get_online_member_num', { GroupId: 'rg-on-none' })).toMatchObject(
      refused(ErrorCode.GROUP_NOT_FOUND),
    );
  });
});
