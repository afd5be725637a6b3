import { CALLER_NOT_IN_GROUP_MESSAGE, ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { errorCode, nextEvent, recordMessages, sendText, until, useServer } from '../../integration/harness';

const { EVENT, TYPES } = LiaisonChat;
const { server: getServer, user } = useServer();

describe('groups', () => {
  it('lets members of a new group chat, with unread counts and @-lists as given', async () => {
    const owner = await user('g-owner');
    const ann = await user('g-ann');
    const ben = await user('g-ben');
    const listed = nextEvent(ann, EVENT.GROUP_LIST_UPDATED);
    const { group } = (
      await owner.createGroup({
        type: TYPES.GRP_WORK,
        name: 'Suppliers',
        groupID: 'suppliers',
        memberList: [{ userID: 'g-ann' }, { userID: 'g-ben' }],
      })
    ).data;
    expect(group).toMatchObject({ groupID: 'suppliers', type: 'Private', ownerID: 'g-owner', memberCount: 3 });
    await listed;
    expect((await ann.getGroupList()).data.groupList.map((g) => g.groupID)).toContain('suppliers');

    const annGot = recordMessages(ann);
    const benGot = recordMessages(ben);
    const message = owner.createTextAtMessage({
      to: 'suppliers',
      conversationType: TYPES.CONV_GROUP,
      payload: { text: '@ann please check', atUserList: ['g-ann'] },
    });
    await owner.sendMessage(message);
    await sendText(ben, 'suppliers', 'on it', 'GROUP');
    await until(() => annGot.length === 2, 5000, 'ann gets both');
    expect(annGot.map((m) => m.text)).toEqual(['@ann please check', 'on it']);
    expect(annGot[0]).toMatchObject({ conversationID: 'GROUPsuppliers', from: 'g-owner', flow: 'in' });
    await until(() => benGot.length === 1, 5000, 'ben gets the owner message');
    // The tip that ann and ben were added is no news to them: it is read.
    expect(ann.getTotalUnreadMessageCount()).toBe(2);
    const history = (await ben.getMessageList({ conversationID: 'GROUPsuppliers' })).data.messageList;
    // 'g-owner created the group', then the tip that ann and ben were added.
    expect(history.map((m) => m.type)).toEqual(['TIMCustomElem', 'TIMGroupTipElem', 'TIMTextElem', 'TIMTextElem']);
    expect(history.map((m) => m.atUserList)).toEqual([[], [], ['g-ann'], []]);
    const conv = (await ann.getConversationProfile('GROUPsuppliers')).data.conversation;
    expect(conv).toMatchObject({ unreadCount: 2, type: 'GROUP' });
    expect(conv.groupProfile?.name).toBe('Suppliers');
  });

  it('pages the member list, at most 100 at a time', async () => {
    const owner = await user('m-owner');
    const members = Array.from({ length: 5 }, (_, i) => `m-member-${i}`);
    for (const id of members) await user(id);
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Members',
      groupID: 'members-g',
      memberList: members.map((userID) => ({ userID })),
    });
    const page1 = (await owner.getGroupMemberList({ groupID: 'members-g', count: 4, offset: 0 })).data;
    expect(page1.memberList).toHaveLength(4);
    expect(page1.memberList[0]).toMatchObject({ userID: 'm-owner', role: 'Owner' });
    const page2 = (await owner.getGroupMemberList({ groupID: 'members-g', count: 4, offset: page1.offset })).data;
    expect(page2.memberList).toHaveLength(2);
    expect(page2.offset).toBe(0);
    expect(await errorCode(owner.getGroupMemberList({ groupID: 'members-g', count: 101, offset: 0 }))).toBe(
      ErrorCode.INVALID_PARAMS,
    );
  });

  it('creates a group with the admins and member limit asked for, and lists members by role with a string offset', async () => {
    const owner = await user('gr-owner');
    await Promise.all(['gr-a1', 'gr-a2', 'gr-m1', 'gr-m2', 'gr-m3'].map((id) => user(id)));
    const { group } = (
      await owner.createGroup({
        type: TYPES.GRP_PUBLIC,
        name: 'Roles',
        groupID: 'gr-group',
        maxMemberNum: 6,
        memberList: [
          { userID: 'gr-a1', role: TYPES.GRP_MBR_ROLE_ADMIN },
          { userID: 'gr-m1' },
          { userID: 'gr-a2', role: TYPES.GRP_MBR_ROLE_ADMIN },
          { userID: 'gr-m2', role: TYPES.GRP_MBR_ROLE_MEMBER },
        ],
      })
    ).data;
    expect(group).toMatchObject({ memberCount: 5, maxMemberCount: 6 });
    const admins = await owner.getGroupMemberList({ groupID: 'gr-group', role: TYPES.GRP_MBR_ROLE_ADMIN });
    expect(admins.data.memberList.map((m) => m.userID)).toEqual(['gr-a1', 'gr-a2']);
    expect(admins.data.offset).toBe(0);
    const first = await owner.getGroupMemberList({ groupID: 'gr-group', count: 2, role: TYPES.GRP_MBR_ROLE_MEMBER });
    expect(first.data.memberList.map((m) => m.userID)).toEqual(['gr-m1', 'gr-m2']);
    const rest = await owner.getGroupMemberList({ groupID: 'gr-group', count: 2, offset: String(first.data.offset) });
    expect(rest.data.memberList.map((m) => m.role)).toEqual(['Admin', 'Member']);
    // One more fits; a seventh does not. Past the type's limit, or an owner in memberList, is refused.
    await owner.addGroupMember({ groupID: 'gr-group', userIDList: ['gr-m3'] });
    const seventh = await user('gr-m4');
    expect(await errorCode(seventh.joinGroup({ groupID: 'gr-group' }))).toBe(ErrorCode.GROUP_FULL);
    expect(await errorCode(owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Huge', maxMemberNum: 1_000_000 }))).toBe(
      ErrorCode.GROUP_INVALID_PARAMS,
    );
    expect(
      await errorCode(
        owner.createGroup({
          type: TYPES.GRP_PUBLIC,
          name: 'Two owners',
          memberList: [{ userID: 'gr-m4', role: 'Owner' }],
        }),
      ),
    ).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('joins free-access groups at once, asks permission of the others that allow it and refuses the rest', async () => {
    const owner = await user('j-owner');
    const joiner = await user('j-joiner');
    await owner.createGroup({ type: TYPES.GRP_COMMUNITY, name: 'Open', groupID: 'open-community' });
    await owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Vetted', groupID: 'vetted' });
    await owner.createGroup({ type: TYPES.GRP_WORK, name: 'Invite only', groupID: 'invite-only' });

    const joined = (await joiner.joinGroup({ groupID: 'open-community' })).data;
    expect(joined.status).toBe(TYPES.JOIN_STATUS_SUCCESS);
    expect(joined.group.memberCount).toBe(2);
    expect((await joiner.joinGroup({ groupID: 'open-community' })).data.status).toBe(
      TYPES.JOIN_STATUS_ALREADY_IN_GROUP,
    );
    expect((await joiner.joinGroup({ groupID: 'vetted', applyMessage: 'hello' })).data.status).toBe(
      TYPES.JOIN_STATUS_WAIT_APPROVAL,
    );
    expect(await errorCode(joiner.joinGroup({ groupID: 'invite-only' }))).toBe(ErrorCode.GROUP_JOIN_UNSUPPORTED);
    expect(await errorCode(joiner.joinGroup({ groupID: 'no-such-group' }))).toBe(ErrorCode.GROUP_NOT_FOUND);
    expect((await joiner.getGroupList()).data.groupList.map((g) => g.groupID)).toEqual(['open-community']);
  });

  it('shows a new member only what was said after they joined, except in Meeting groups', async () => {
    const owner = await user('h-owner');
    const late = await user('h-late');
    await owner.createGroup({ type: TYPES.GRP_COMMUNITY, name: 'C', groupID: 'h-community' });
    await owner.createGroup({ type: TYPES.GRP_MEETING, name: 'M', groupID: 'h-meeting' });
    await sendText(owner, 'h-community', 'before', 'GROUP');
    await sendText(owner, 'h-meeting', 'before', 'GROUP');
    await late.joinGroup({ groupID: 'h-community' });
    await late.joinGroup({ groupID: 'h-meeting' });
    await sendText(owner, 'h-community', 'after', 'GROUP');
    const texts = async (conversationID: string) =>
      (await late.getMessageList({ conversationID })).data.messageList.map((m) =>
        m.type === 'TIMGroupTipElem'
          ? 'join tip'
          : m.type === 'TIMCustomElem'
            ? 'created'
            : (m.payload as { text: string }).text,
      );
    expect(await texts('GROUPh-community')).toEqual(['join tip', 'after']);
    expect(await texts('GROUPh-meeting')).toEqual(['created', 'before', 'join tip']);
    // History from before joining never counts as unread, nor the tips that they joined; 'after' does.
    await until(() => late.getTotalUnreadMessageCount() === 1, 5000, 'one unread');
  });

  it('refuses sends and reads from non-members and stores nothing', async () => {
    const owner = await user('p-owner');
    const outsider = await user('p-outsider');
    await owner.createGroup({ type: TYPES.GRP_COMMUNITY, name: 'Private talk', groupID: 'p-group' });
    await sendText(owner, 'p-group', 'members only', 'GROUP');
    expect(await errorCode(sendText(outsider, 'p-group', 'let me in', 'GROUP'))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    expect(await errorCode(outsider.getMessageList({ conversationID: 'GROUPp-group' }))).toBe(
      ErrorCode.GROUP_NOT_MEMBER,
    );
    expect(await errorCode(sendText(outsider, 'no-group', 'hello?', 'GROUP'))).toBe(ErrorCode.GROUP_NOT_FOUND);
    const history = (await owner.getMessageList({ conversationID: 'GROUPp-group' })).data.messageList;
    expect(history.filter((m) => m.type === 'TIMTextElem').map((m) => m.payload.text)).toEqual(['members only']);
  });

  it('lets members quit, after which a send is refused as theirs (you are not in this group), but not the owner of a community', async () => {
    const owner = await user('q-owner');
    const member = await user('q-member');
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Quitters',
      groupID: 'q-group',
      memberList: [{ userID: 'q-member' }],
    });
    expect(await errorCode(owner.quitGroup('q-group'))).toBe(ErrorCode.GROUP_OWNER_CANNOT_QUIT);
    const gone = nextEvent<Array<{ groupID: string }>>(member, EVENT.GROUP_LIST_UPDATED, (l) =>
      l.every((g) => g.groupID !== 'q-group'),
    );
    expect((await member.quitGroup('q-group')).data.groupID).toBe('q-group');
    await gone;
    // Same code, but said of the sender: 'you', not 'the user'.
    await expect(sendText(member, 'q-group', 'still here?', 'GROUP')).rejects.toMatchObject({
      code: ErrorCode.GROUP_NOT_MEMBER,
      message: CALLER_NOT_IN_GROUP_MESSAGE,
    });
    expect((await owner.getGroupProfile({ groupID: 'q-group' })).data.group.memberCount).toBe(1);
    expect(await errorCode(member.quitGroup('q-group'))).toBe(ErrorCode.GROUP_NOT_MEMBER);
  });

  it('delivers AVChatRoom messages to online members and never stores them', async () => {
    const host = await user('av-host');
    const viewer = await user('av-viewer');
    await host.createGroup({ type: TYPES.GRP_AVCHATROOM, name: 'Live', groupID: 'live-room' });
    await viewer.joinGroup({ groupID: 'live-room' });
    const got = recordMessages(viewer);
    const sent = await sendText(host, 'live-room', 'live only', 'GROUP');
    expect(sent.sequence).toBe(0);
    await until(() => got.length === 1, 5000, 'live message');
    expect(got[0]).toMatchObject({ text: 'live only', conversationID: 'GROUPlive-room' });
    expect((await viewer.getMessageList({ conversationID: 'GROUPlive-room' })).data.messageList).toEqual([]);
  });

  it('writes one message row per group message, however many members there are', async () => {
    const owner = await user('big-owner');
    const seeded = Array.from({ length: 300 }, (_, i) => `big-${i}`);
    await getServer().db.query(
      'INSERT INTO users (user_id, created_at, updated_at) SELECT unnest($1::text[]), 0, 0 ON CONFLICT DO NOTHING',
      [seeded],
    );
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Big',
      groupID: 'big',
      memberList: seeded.map((userID) => ({ userID })),
    });
    const others = await Promise.all([user('big-0'), user('big-1')]);
    const count = async (table: string) =>
      Number((await getServer().db.query<{ n: unknown }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);
    const before = {
      messages: await count('messages'),
      views: await count('user_conversations'),
      conversations: await count('conversations'),
    };
    await sendText(owner, 'big', 'announcement', 'GROUP');
    expect(await count('messages')).toBe(before.messages + 1);
    expect(await count('user_conversations')).toBe(before.views);
    expect(await count('conversations')).toBe(before.conversations);
    // The announcement; the tip that they were added is read for them.
    await until(() => others.every((c) => c.getTotalUnreadMessageCount() === 1), 5000, 'both see one unread');
  });
});
