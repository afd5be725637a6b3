import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Conversation, type Group, type GroupSystemNoticeMessage } from '@liaison/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Chat,
  errorCode,
  nextEvent,
  recordMessages,
  sendText,
  until,
  useServer,
  wholeHistory,
} from '../../integration/harness';
import { Tabs } from '../../integration/tabs';

/**
 * Group life cycle and administration as members see it (docs/groups.md): what each change does
 * to the group and conversation lists, the tips and notices it produces, on a second tab and
 * after a reconnect. Who may do what: group-admin-matrix.test.ts.
 */
const { EVENT, TYPES } = LiaisonChat;
const { server, user } = useServer();
const tabs = new Tabs();
afterAll(() => tabs.closeAll());

type Notice = { message: GroupSystemNoticeMessage; type: number };

function conversation(chat: Chat, groupID: string): Conversation | undefined {
  return chat.conversationStore.get(`GROUP${groupID}`);
}

function listed(chat: Chat, groupID: string): Promise<Group[]> {
  return nextEvent<Group[]>(chat, EVENT.GROUP_LIST_UPDATED, (list) => list.some((g) => g.groupID === groupID));
}

function unlisted(chat: Chat, groupID: string): Promise<Group[]> {
  return nextEvent<Group[]>(chat, EVENT.GROUP_LIST_UPDATED, (list) => list.every((g) => g.groupID !== groupID));
}

function notice(chat: Chat, type: number): Promise<Notice> {
  return nextEvent<Notice>(chat, EVENT.GROUP_SYSTEM_NOTICE_RECEIVED, (data) => data.type === type);
}

function textsOf(messages: ReadonlyArray<{ type: string; payload: unknown }>): string[] {
  return messages.filter((m) => m.type === TYPES.MSG_TEXT).map((m) => (m.payload as { text: string }).text);
}

describe('creating a group', () => {
  it('shows it at once in every member’s conversation list under its name, opened by “X created the group”', async () => {
    const owner = await user('cr-owner');
    const ann = await user('cr-ann');
    const annSecondTab = await user('cr-ann');
    const shown = [ann, annSecondTab].map((chat) =>
      nextEvent<Conversation[]>(chat, EVENT.CONVERSATION_LIST_UPDATED, (list) =>
        list.some((c) => c.conversationID === 'GROUPcr-group' && c.groupProfile?.name === 'Buyers'),
      ),
    );
    await owner.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Buyers',
      groupID: 'cr-group',
      memberList: [{ userID: 'cr-ann' }],
    });
    await Promise.all(shown);
    await until(() => conversation(ann, 'cr-group')?.lastMessage.type === TYPES.MSG_CUSTOM, 5000, 'created message');
    const created = conversation(ann, 'cr-group');
    expect(created).toMatchObject({ unreadCount: 0, groupProfile: { name: 'Buyers', memberCount: 2 } });
    const payload = created?.lastMessage.payload as { data: string } | undefined;
    expect(JSON.parse(payload?.data ?? '{}')).toMatchObject({ businessID: 'group_create', opUser: 'cr-owner' });
    expect(conversation(owner, 'cr-group')?.groupProfile?.name).toBe('Buyers');
    // The server has it too: a fresh login lists it with its name.
    const later = await user('cr-ann');
    expect(later.conversationStore.get('GROUPcr-group')?.groupProfile?.name).toBe('Buyers');
  });
});

describe('join requests', () => {
  it('lets an applicant in once an admin agrees, telling the owner, the admins and the applicant', async () => {
    const owner = await user('ap-owner');
    const admin = await user('ap-admin');
    const applicant = await user('ap-applicant');
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Vetted',
      groupID: 'ap-group',
      joinOption: TYPES.JOIN_OPTIONS_NEED_PERMISSION,
      memberList: [{ userID: 'ap-admin' }],
    });
    await owner.setGroupMemberRole({ groupID: 'ap-group', userID: 'ap-admin', role: TYPES.GRP_MBR_ROLE_ADMIN });
    const asked = [owner, admin].map((chat) => notice(chat, TYPES.GRP_SYS_NOTICE_JOIN_REQUEST));
    const joined = await applicant.joinGroup({ groupID: 'ap-group', applyMessage: 'I supply steel' });
    expect(joined.data.status).toBe(TYPES.JOIN_STATUS_WAIT_APPROVAL);
    for (const { message } of await Promise.all(asked)) {
      expect(message).toMatchObject({
        conversationID: TYPES.CONV_SYSTEM,
        type: TYPES.MSG_GRP_SYS_NOTICE,
        payload: { operatorID: 'ap-applicant', handleMessage: 'I supply steel', groupProfile: { groupID: 'ap-group' } },
      });
    }
    expect(await errorCode(sendText(applicant, 'ap-group', 'early', 'GROUP'))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    const { applicationList } = (await admin.getGroupApplicationList()).data;
    expect(applicationList).toEqual([
      expect.objectContaining({
        applicant: 'ap-applicant',
        groupID: 'ap-group',
        groupName: 'Vetted',
        note: 'I supply steel',
      }),
    ]);

    const approved = notice(applicant, TYPES.GRP_SYS_NOTICE_JOIN_APPROVED);
    const inList = listed(applicant, 'ap-group');
    const [application] = applicationList;
    if (!application) throw new Error('no application');
    await admin.handleGroupApplication({ handleAction: 'Agree', handleMessage: 'welcome', application });
    expect((await approved).message.payload).toMatchObject({ operatorID: 'ap-admin', handleMessage: 'welcome' });
    await inList;
    await until(() => conversation(applicant, 'ap-group')?.groupProfile?.name === 'Vetted', 5000, 'conversation');
    await sendText(applicant, 'ap-group', 'thanks', 'GROUP');
    // Handled once: the owner's list is empty, and handling it again is 10024.
    expect((await owner.getGroupApplicationList()).data.applicationList).toEqual([]);
    expect(
      await errorCode(
        owner.handleGroupApplication({
          handleAction: 'Reject',
          application: { groupID: 'ap-group', applicant: 'ap-applicant' },
        }),
      ),
    ).toBe(ErrorCode.GROUP_APPLICATION_HANDLED);
  });

  it('tells a rejected applicant, who stays out, and takes the request as given by its notice', async () => {
    const owner = await user('rj-owner');
    const applicant = await user('rj-applicant');
    await owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Closed door', groupID: 'rj-group' });
    const asked = notice(owner, TYPES.GRP_SYS_NOTICE_JOIN_REQUEST);
    await applicant.joinGroup({ groupID: 'rj-group', applyMessage: 'please' });
    const rejected = notice(applicant, TYPES.GRP_SYS_NOTICE_JOIN_REJECTED);
    await owner.handleGroupApplication({
      handleAction: 'Reject',
      handleMessage: 'not now',
      message: (await asked).message,
    });
    expect((await rejected).message.payload.handleMessage).toBe('not now');
    expect((await applicant.getGroupList()).data.groupList.map((g) => g.groupID)).not.toContain('rj-group');
    expect(await errorCode(applicant.getMessageList({ conversationID: 'GROUPrj-group' }))).toBe(
      ErrorCode.GROUP_NOT_MEMBER,
    );
  });
});

describe('removing a member', () => {
  it('stops delivery to every tab at once, keeps their conversation up to then with operationType 4, and says so after a reconnect', async () => {
    const owner = await user('rm-owner');
    const kept = await user('rm-kept');
    const gone = await user('rm-gone');
    const goneSecondTab = await user('rm-gone');
    const offline = await tabs.tabThatCanGoOffline(server(), 'rm-gone');
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Crew',
      groupID: 'rm-group',
      memberList: [{ userID: 'rm-kept' }, { userID: 'rm-gone' }],
    });
    await until(() => offline.chat.conversationStore.get('GROUPrm-group') !== undefined, 5000, 'offline tab sees it');
    const received = [gone, goneSecondTab].map(recordMessages);
    await sendText(owner, 'rm-group', 'before', 'GROUP');
    await until(() => received.every((r) => r.length === 1), 5000, 'both tabs get “before”');

    offline.goOffline();
    const told = [gone, goneSecondTab].map((chat) => notice(chat, TYPES.GRP_SYS_NOTICE_KICKED_OUT));
    const keptGotTip = nextEvent<Array<{ type: string }>>(kept, EVENT.MESSAGE_RECEIVED, (list) =>
      list.some((m) => m.type === TYPES.MSG_GRP_TIP),
    );
    await owner.deleteGroupMember({ groupID: 'rm-group', userIDList: ['rm-gone'], reason: 'left the company' });
    for (const { message } of await Promise.all(told)) expect(message.payload.handleMessage).toBe('left the company');
    await keptGotTip;
    const keptHeard = recordMessages(kept);
    await sendText(owner, 'rm-group', 'after', 'GROUP');
    await until(() => keptHeard.length === 1, 5000, 'the member who stays hears “after”');
    // Pushed after the removal: by now it would have reached the removed member’s tabs too.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.map((r) => r.map((m) => m.text))).toEqual([['before'], ['before']]);
    for (const chat of [gone, goneSecondTab]) {
      expect(conversation(chat, 'rm-group')?.operationType).toBe(TYPES.CONV_OPERATION_KICKED_OUT);
      expect((await chat.getGroupList()).data.groupList.map((g) => g.groupID)).not.toContain('rm-group');
    }
    // History ends where they were removed; they can no longer send.
    expect(textsOf(await wholeHistory(gone, 'GROUPrm-group'))).toEqual(['before']);
    expect(await errorCode(sendText(gone, 'rm-group', 'still here?', 'GROUP'))).toBe(ErrorCode.GROUP_NOT_MEMBER);

    // The tab that was offline learns it all from the server when it is back.
    await nextEvent(
      offline.chat,
      EVENT.NET_STATE_CHANGE,
      (d: { state: string }) => d.state === TYPES.NET_STATE_CONNECTED,
      15_000,
    );
    await until(
      () => conversation(offline.chat, 'rm-group')?.operationType === TYPES.CONV_OPERATION_KICKED_OUT,
      5000,
      'operationType 4 after the reconnect',
    );
    await until(
      () => conversation(offline.chat, 'rm-group')?.lastMessage.messageForShow === 'before',
      5000,
      'last message before the removal',
    );
    expect((await offline.chat.getGroupList()).data.groupList.map((g) => g.groupID)).not.toContain('rm-group');
  });
});

describe('dismissing and quitting', () => {
  it('ends the group for every member with operationType 5; the group answers 10010 and its ID stays taken', async () => {
    const owner = await user('ds-owner');
    const member = await user('ds-member');
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Short-lived',
      groupID: 'ds-group',
      memberList: [{ userID: 'ds-member' }],
    });
    await sendText(member, 'ds-group', 'hello', 'GROUP');
    const told = notice(member, TYPES.GRP_SYS_NOTICE_DISMISSED);
    // Tencent's 3.x delivers notices as messages of the system conversation; its UI engine reads them there.
    const received = nextEvent<GroupSystemNoticeMessage[]>(member, EVENT.MESSAGE_RECEIVED, (list) =>
      list.some((m) => m.type === TYPES.MSG_GRP_SYS_NOTICE),
    );
    const gone = unlisted(member, 'ds-group');
    await owner.dismissGroup('ds-group');
    const [, [received5]] = await Promise.all([told, received, gone]);
    expect(received5).toMatchObject({
      conversationID: TYPES.CONV_SYSTEM,
      payload: { operationType: TYPES.GRP_SYS_NOTICE_DISMISSED, groupProfile: { groupID: 'ds-group' } },
    });
    for (const chat of [owner, member]) {
      expect(conversation(chat, 'ds-group')?.operationType).toBe(TYPES.CONV_OPERATION_DISMISSED);
    }
    expect(await errorCode(sendText(member, 'ds-group', 'anyone?', 'GROUP'))).toBe(ErrorCode.GROUP_NOT_FOUND);
    expect(await errorCode(member.getGroupProfile({ groupID: 'ds-group' }))).toBe(ErrorCode.GROUP_NOT_FOUND);
    expect(await errorCode(member.joinGroup({ groupID: 'ds-group' }))).toBe(ErrorCode.GROUP_NOT_FOUND);
    expect(await errorCode(owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Again', groupID: 'ds-group' }))).toBe(
      ErrorCode.GROUP_ID_TAKEN,
    );
    // They still read what was said, under the name they knew.
    const later = await user('ds-member');
    const kept = later.conversationStore.get('GROUPds-group');
    expect(kept).toMatchObject({
      operationType: TYPES.CONV_OPERATION_DISMISSED,
      groupProfile: { name: 'Short-lived' },
    });
    expect(textsOf(await wholeHistory(later, 'GROUPds-group'))).toEqual(['hello']);
  });

  it('keeps a quitter’s conversation with operationType 8 on every tab, and gives it back when they join again', async () => {
    const owner = await user('qt-owner');
    const member = await user('qt-member');
    const secondTab = await user('qt-member');
    await owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Open', groupID: 'qt-group', joinOption: 'FreeAccess' });
    await member.joinGroup({ groupID: 'qt-group' });
    await until(() => conversation(secondTab, 'qt-group') !== undefined, 5000, 'second tab sees the group');
    const told = notice(secondTab, TYPES.GRP_SYS_NOTICE_QUIT);
    await member.quitGroup('qt-group');
    await told;
    for (const chat of [member, secondTab]) {
      expect(conversation(chat, 'qt-group')?.operationType).toBe(TYPES.CONV_OPERATION_QUIT);
    }
    await sendText(owner, 'qt-group', 'after they left', 'GROUP');
    const back = listed(secondTab, 'qt-group');
    expect((await member.joinGroup({ groupID: 'qt-group' })).data.status).toBe(TYPES.JOIN_STATUS_SUCCESS);
    await back;
    await until(() => conversation(secondTab, 'qt-group')?.operationType === 0, 5000, 'a member’s conversation again');
    await sendText(member, 'qt-group', 'back', 'GROUP');
  });
});

describe('muting', () => {
  it('refuses a muted member’s send with 10017 and delivers nothing, until the mute is cancelled', async () => {
    const owner = await user('mu-owner');
    const muted = await user('mu-muted');
    const listener = await user('mu-listener');
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Quiet',
      groupID: 'mu-group',
      memberList: [{ userID: 'mu-muted' }, { userID: 'mu-listener' }],
    });
    await until(() => conversation(muted, 'mu-group') !== undefined, 5000, 'the muted member sees the group');
    const heard = recordMessages(listener);
    const mutedSelf = nextEvent<Group[]>(muted, EVENT.GROUP_LIST_UPDATED, (list) =>
      list.some((g) => g.groupID === 'mu-group' && (g.selfInfo?.muteTime ?? 0) > Date.now() / 1000),
    );
    const { member } = (await owner.setGroupMemberMuteTime({ groupID: 'mu-group', userID: 'mu-muted', muteTime: 600 }))
      .data;
    expect(member.muteUntil).toBeGreaterThan(Date.now() / 1000 + 590);
    await mutedSelf;
    expect(await errorCode(sendText(muted, 'mu-group', 'can I talk?', 'GROUP'))).toBe(ErrorCode.GROUP_MEMBER_MUTED);

    await owner.setGroupMemberMuteTime({ groupID: 'mu-group', userID: 'mu-muted', muteTime: 0 });
    await sendText(muted, 'mu-group', 'I can talk again', 'GROUP');
    await until(() => heard.length === 1, 5000, 'the listener hears one message');
    expect(heard.map((m) => m.text)).toEqual(['I can talk again']);
    // The tips say who was muted and for how long.
    const tips = (await wholeHistory(listener, 'GROUPmu-group')).filter((m) => m.type === TYPES.MSG_GRP_TIP);
    expect(tips.map((m) => (m.payload as { memberList?: unknown }).memberList).slice(-2)).toEqual([
      [{ userID: 'mu-muted', muteTime: 600 }],
      [{ userID: 'mu-muted', muteTime: 0 }],
    ]);
  });

  it('lets only the owner and admins speak while mute-all is on, and every tab knows it is on', async () => {
    const owner = await user('ma-owner');
    const admin = await user('ma-admin');
    const member = await user('ma-member');
    await owner.createGroup({
      type: TYPES.GRP_MEETING,
      name: 'Briefing',
      groupID: 'ma-group',
      memberList: [{ userID: 'ma-admin' }, { userID: 'ma-member' }],
    });
    await owner.setGroupMemberRole({ groupID: 'ma-group', userID: 'ma-admin', role: 'Admin' });
    const known = nextEvent<Group[]>(member, EVENT.GROUP_LIST_UPDATED, (list) =>
      list.some((g) => g.groupID === 'ma-group' && g.muteAllMembers),
    );
    await admin.updateGroupProfile({ groupID: 'ma-group', muteAllMembers: true });
    await known;
    expect(await errorCode(sendText(member, 'ma-group', 'question', 'GROUP'))).toBe(ErrorCode.GROUP_MEMBER_MUTED);
    await sendText(owner, 'ma-group', 'agenda', 'GROUP');
    await sendText(admin, 'ma-group', 'minutes', 'GROUP');
    await owner.updateGroupProfile({ groupID: 'ma-group', muteAllMembers: false });
    await sendText(member, 'ma-group', 'question', 'GROUP');
    expect(textsOf(await wholeHistory(owner, 'GROUPma-group'))).toEqual(['agenda', 'minutes', 'question']);
  });
});

describe('profile, owner and roles', () => {
  it('shows a new name and notice to every member at once, and to a tab that logs in later', async () => {
    const owner = await user('pf-owner');
    const member = await user('pf-member');
    await owner.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Old name',
      groupID: 'pf-group',
      memberList: [{ userID: 'pf-member' }],
    });
    await until(() => conversation(owner, 'pf-group') !== undefined, 5000, 'owner sees it');
    const renamed = nextEvent<Group[]>(owner, EVENT.GROUP_LIST_UPDATED, (list) =>
      list.some((g) => g.groupID === 'pf-group' && g.name === 'New name'),
    );
    // Any member of a Work group may rename it and edit its notice.
    await member.updateGroupProfile({ groupID: 'pf-group', name: '  New name  ', notification: 'Meet on Monday' });
    const [group] = (await renamed).filter((g) => g.groupID === 'pf-group');
    expect(group).toMatchObject({ name: 'New name', notification: 'Meet on Monday' });
    await until(() => conversation(owner, 'pf-group')?.groupProfile?.name === 'New name', 5000, 'conversation renamed');
    const tip = (await wholeHistory(owner, 'GROUPpf-group')).find(
      (m) => m.type === TYPES.MSG_GRP_TIP && m.payload.operationType === TYPES.GRP_TIP_GRP_PROFILE_UPDATED,
    );
    expect(tip?.payload).toMatchObject({
      operatorID: 'pf-member',
      newGroupProfile: { name: 'New name', notification: 'Meet on Monday' },
    });
    const later = await user('pf-owner');
    expect(later.conversationStore.get('GROUPpf-group')?.groupProfile?.name).toBe('New name');
  });

  it('hands the group to another member: the roles swap on both sides, and the old owner may then quit', async () => {
    const owner = await user('ow-owner');
    const heir = await user('ow-heir');
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Estate',
      groupID: 'ow-group',
      memberList: [{ userID: 'ow-heir' }],
    });
    await until(() => heir.conversationStore.get('GROUPow-group') !== undefined, 5000, 'heir sees it');
    const promoted = nextEvent<Group[]>(heir, EVENT.GROUP_LIST_UPDATED, (list) =>
      list.some((g) => g.groupID === 'ow-group' && g.selfInfo?.role === TYPES.GRP_MBR_ROLE_OWNER),
    );
    const { group } = (await owner.changeGroupOwner({ groupID: 'ow-group', newOwnerID: 'ow-heir' })).data;
    expect(group).toMatchObject({ ownerID: 'ow-heir', selfInfo: { role: TYPES.GRP_MBR_ROLE_MEMBER } });
    await promoted;
    expect(await errorCode(heir.quitGroup('ow-group'))).toBe(ErrorCode.GROUP_OWNER_CANNOT_QUIT);
    await owner.quitGroup('ow-group');
    // Only the heir is left: there is nobody to hand it to.
    expect(await errorCode(heir.changeGroupOwner({ groupID: 'ow-group', newOwnerID: 'ow-owner' }))).toBe(
      ErrorCode.GROUP_NOT_MEMBER,
    );
  });

  it('tells a member made admin (and unmade) with a notice, and their role follows on every tab', async () => {
    const owner = await user('ro-owner');
    const member = await user('ro-member');
    const secondTab = await user('ro-member');
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Ranks',
      groupID: 'ro-group',
      memberList: [{ userID: 'ro-member' }],
    });
    await until(() => secondTab.conversationStore.get('GROUPro-group') !== undefined, 5000, 'second tab sees it');
    const roleOf = async (chat: Chat) =>
      (await chat.getGroupList()).data.groupList.find((g) => g.groupID === 'ro-group')?.selfInfo?.role;
    const made = notice(secondTab, TYPES.GRP_SYS_NOTICE_SET_ADMIN);
    const madeInList = nextEvent<Group[]>(secondTab, EVENT.GROUP_LIST_UPDATED, (list) =>
      list.some((g) => g.groupID === 'ro-group' && g.selfInfo?.role === TYPES.GRP_MBR_ROLE_ADMIN),
    );
    await owner.setGroupMemberRole({ groupID: 'ro-group', userID: 'ro-member', role: TYPES.GRP_MBR_ROLE_ADMIN });
    await Promise.all([made, madeInList]);
    const unmade = notice(member, TYPES.GRP_SYS_NOTICE_CANCEL_ADMIN);
    await owner.setGroupMemberRole({ groupID: 'ro-group', userID: 'ro-member', role: TYPES.GRP_MBR_ROLE_MEMBER });
    await unmade;
    expect(await roleOf(member)).toBe(TYPES.GRP_MBR_ROLE_MEMBER);
  });
});

describe('members', () => {
  it('lists the owner, then admins, then members, with their name cards and mutes; adds members who may then talk', async () => {
    const owner = await user('ml-owner');
    await Promise.all(['ml-a', 'ml-b', 'ml-c'].map((id) => user(id)));
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Listed',
      groupID: 'ml-group',
      memberList: [{ userID: 'ml-a' }, { userID: 'ml-b' }],
    });
    await owner.setGroupMemberRole({ groupID: 'ml-group', userID: 'ml-b', role: 'Admin' });
    await owner.setGroupMemberMuteTime({ groupID: 'ml-group', userID: 'ml-a', muteTime: 60 });
    await owner.setGroupMemberNameCard({ groupID: 'ml-group', userID: 'ml-a', nameCard: 'Anna (QA)' });
    const added = await owner.addGroupMember({ groupID: 'ml-group', userIDList: ['ml-c', 'ml-a', 'ml-nobody'] });
    expect(added.data).toMatchObject({
      successUserIDList: ['ml-c'],
      existedUserIDList: ['ml-a'],
      failureUserIDList: ['ml-nobody'],
      group: { memberCount: 4 },
    });
    const page = (await owner.getGroupMemberList({ groupID: 'ml-group', count: 3 })).data;
    expect(page.memberList.map((m) => [m.userID, m.role])).toEqual([
      ['ml-owner', 'Owner'],
      ['ml-b', 'Admin'],
      ['ml-a', 'Member'],
    ]);
    expect(page.memberList[2]).toMatchObject({ nameCard: 'Anna (QA)' });
    expect(page.memberList[2]?.muteUntil).toBeGreaterThan(Date.now() / 1000);
    const rest = (await owner.getGroupMemberList({ groupID: 'ml-group', count: 3, offset: page.offset })).data;
    expect(rest).toEqual({ memberList: [expect.objectContaining({ userID: 'ml-c', muteUntil: 0 })], offset: 0 });
    const [profile] = (await owner.getGroupMemberProfile({ groupID: 'ml-group', userIDList: ['ml-a', 'ml-nobody'] }))
      .data.memberList;
    expect(profile).toMatchObject({ userID: 'ml-a', nameCard: 'Anna (QA)' });
    expect((await owner.getGroupOnlineMemberCount('ml-group')).data.memberCount).toBe(4);
  });
});
