import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Group, type Message } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, errorCode, nextEvent, sendText, useServer } from '../../integration/harness';

/**
 * Group attributes, counters, pinned messages, custom fields and member marks through the SDK
 * (docs/groups.md): what members see in answers and events, and what is refused with which code,
 * nothing changing then.
 */
const { EVENT, TYPES } = LiaisonChat;
const { server, user } = useServer();

/** owner (who creates it), admin and member, in a Public group. */
async function groupOfThree(prefix: string): Promise<{ groupID: string; owner: Chat; admin: Chat; member: Chat }> {
  const [owner, admin, member] = await Promise.all([user(`${prefix}-o`), user(`${prefix}-a`), user(`${prefix}-m`)]);
  const groupID = `${prefix}-g`;
  await owner.createGroup({
    type: TYPES.GRP_PUBLIC,
    name: 'Data',
    groupID,
    memberList: [{ userID: `${prefix}-a` }, { userID: `${prefix}-m` }],
  });
  await owner.setGroupMemberRole({ groupID, userID: `${prefix}-a`, role: TYPES.GRP_MBR_ROLE_ADMIN });
  return { groupID, owner, admin, member };
}

describe('group counters', () => {
  it('counts every increment of many members at once, and tells each member the value as it is now', async () => {
    const { groupID, owner, admin, member } = await groupOfThree('gc1');
    const seen = nextEvent<{ groupID: string; key: string; value: number }>(
      member,
      EVENT.GROUP_COUNTER_UPDATED,
      (d) => d.key === 'likes' && d.value === 30,
    );
    const set = await owner.setGroupCounters({ groupID, counters: { likes: 0, gifts: 5 } });
    expect(set.data.counters).toEqual({ likes: 0, gifts: 5 });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        [owner, admin, member][i % 3]?.increaseGroupCounter({ groupID, key: 'likes', value: 1 }),
      ),
    );
    expect(await seen).toEqual({ groupID, key: 'likes', value: 30 });
    const decreased = await admin.decreaseGroupCounter({ groupID, key: 'likes', value: 40 });
    expect(decreased.data.counters).toEqual({ likes: -10 });
    expect((await member.getGroupCounters({ groupID })).data.counters).toEqual({ gifts: 5, likes: -10 });
    expect((await member.getGroupCounters({ groupID, keyList: ['gifts', 'none'] })).data.counters).toEqual({
      gifts: 5,
    });
  });

  it('refuses a 21st key with 10004 and an outsider with 10011, changing nothing', async () => {
    const { groupID, owner } = await groupOfThree('gc2');
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]));
    await owner.setGroupCounters({ groupID, counters: twenty });
    expect(await errorCode(owner.increaseGroupCounter({ groupID, key: 'k20', value: 1 }))).toBe(
      ErrorCode.GROUP_INVALID_PARAMS,
    );
    expect(await errorCode(owner.setGroupCounters({ groupID, counters: { k0: 9, k21: 1 } }))).toBe(
      ErrorCode.GROUP_INVALID_PARAMS,
    );
    const outsider = await user('gc2-x');
    expect(await errorCode(outsider.increaseGroupCounter({ groupID, key: 'k0', value: 1 }))).toBe(
      ErrorCode.GROUP_NOT_MEMBER,
    );
    expect((await owner.getGroupCounters({ groupID })).data.counters).toEqual(twenty);
  });
});

describe('group attributes', () => {
  it('sets, replaces and deletes attributes, each member told the whole set and which keys changed', async () => {
    const { groupID, owner, member } = await groupOfThree('ga1');
    const initialised = nextEvent(member, EVENT.GROUP_ATTRIBUTES_UPDATED);
    await owner.initGroupAttributes({ groupID, groupAttributes: { seat1: 'ann', seat2: 'bob' } });
    expect(await initialised).toEqual({
      groupID,
      groupAttributes: { seat1: 'ann', seat2: 'bob' },
      updatedKeyList: ['seat1', 'seat2'],
      deletedKeyList: [],
    });
    const set = nextEvent(owner, EVENT.GROUP_ATTRIBUTES_UPDATED);
    const answer = await member.setGroupAttributes({ groupID, groupAttributes: { seat2: 'cy' } });
    expect(answer.data.groupAttributes).toEqual({ seat2: 'cy' });
    expect(await set).toMatchObject({ groupAttributes: { seat1: 'ann', seat2: 'cy' }, updatedKeyList: ['seat2'] });
    const deleted = await owner.deleteGroupAttributes({ groupID, keyList: ['seat1', 'none'] });
    expect(deleted.data.keyList).toEqual(['seat1']);
    expect((await member.getGroupAttributes({ groupID, keyList: [] })).data.groupAttributes).toEqual({ seat2: 'cy' });
    const replaced = nextEvent(member, EVENT.GROUP_ATTRIBUTES_UPDATED);
    await owner.initGroupAttributes({ groupID, groupAttributes: { seat3: 'dee' } });
    expect(await replaced).toMatchObject({
      groupAttributes: { seat3: 'dee' },
      updatedKeyList: ['seat3'],
      deletedKeyList: ['seat2'],
    });
    await owner.deleteGroupAttributes({ groupID, keyList: [] });
    expect((await member.getGroupAttributes({ groupID, keyList: [] })).data.groupAttributes).toEqual({});
  });

  it('refuses what is over the reference’s limits with its codes (10045–10048), changing nothing', async () => {
    const { groupID, owner } = await groupOfThree('ga2');
    await owner.setGroupAttributes({ groupID, groupAttributes: { kept: 'yes' } });
    const tooMany = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v']));
    const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v']));
    const large = 'x'.repeat(4096);
    const cases: Array<[Record<string, string>, number]> = [
      [{ ['k'.repeat(33)]: 'v' }, ErrorCode.GROUP_ATTRIBUTE_KEY_TOO_LONG],
      [{ big: 'x'.repeat(4097) }, ErrorCode.GROUP_ATTRIBUTE_VALUE_TOO_LONG],
      [tooMany, ErrorCode.GROUP_ATTRIBUTE_KEY_COUNT_LIMIT],
      [sixteen, ErrorCode.GROUP_ATTRIBUTE_KEY_COUNT_LIMIT],
      [{ a: large, b: large, c: large, d: large }, ErrorCode.GROUP_ATTRIBUTES_TOO_LARGE],
    ];
    for (const [groupAttributes, code] of cases) {
      expect(await errorCode(owner.setGroupAttributes({ groupID, groupAttributes }))).toBe(code);
    }
    const outsider = await user('ga2-x');
    expect(await errorCode(outsider.getGroupAttributes({ groupID, keyList: [] }))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    expect((await owner.getGroupAttributes({ groupID, keyList: [] })).data.groupAttributes).toEqual({ kept: 'yes' });
  });
});

describe('pinned group messages', () => {
  it('lets an admin pin and unpin, every member told who did, and lists the pins with their pinner', async () => {
    const { groupID, owner, admin, member } = await groupOfThree('gp1');
    const message = await sendText(member, groupID, 'pin me', 'GROUP');
    const pinned = nextEvent<{ groupID: string; message: { ID: string }; isPinned: boolean; operatorInfo: unknown }>(
      member,
      EVENT.PINNED_GROUP_MESSAGE_UPDATED,
    );
    expect(await admin.pinGroupMessage({ groupID, message, isPinned: true })).toEqual({ code: 0, data: {} });
    expect(await pinned).toMatchObject({
      groupID,
      isPinned: true,
      message: { ID: message.ID, payload: { text: 'pin me' } },
      operatorInfo: { userID: 'gp1-a' },
    });
    const list = await owner.getPinnedGroupMessageList(groupID);
    expect(list.data.messageList).toHaveLength(1);
    expect(list.data.messageList[0]).toMatchObject({ ID: message.ID, pinnerInfo: { userID: 'gp1-a' } });
    expect(await errorCode(owner.pinGroupMessage({ groupID, message, isPinned: true }))).toBe(
      ErrorCode.GROUP_MESSAGE_ALREADY_PINNED,
    );
    const unpinned = nextEvent<{ isPinned: boolean }>(member, EVENT.PINNED_GROUP_MESSAGE_UPDATED);
    await owner.pinGroupMessage({ groupID, message, isPinned: false });
    expect(await unpinned).toMatchObject({ isPinned: false, operatorInfo: { userID: 'gp1-o' } });
    expect((await member.getPinnedGroupMessageList(groupID)).data.messageList).toEqual([]);
  });

  it('refuses a member (10007), an 11th pin (10070) and an outsider (10011), changing nothing', async () => {
    const { groupID, owner, member } = await groupOfThree('gp2');
    const messages = [];
    for (let i = 0; i < 11; i++) messages.push(await sendText(owner, groupID, `m${i}`, 'GROUP'));
    const [first] = messages;
    if (!first) throw new Error('no message');
    expect(await errorCode(member.pinGroupMessage({ groupID, message: first, isPinned: true }))).toBe(
      ErrorCode.GROUP_NO_PERMISSION,
    );
    for (const message of messages.slice(0, 10)) await owner.pinGroupMessage({ groupID, message, isPinned: true });
    expect(await errorCode(owner.pinGroupMessage({ groupID, message: messages[10] as Message, isPinned: true }))).toBe(
      ErrorCode.GROUP_PINNED_MESSAGE_COUNT_LIMIT,
    );
    const outsider = await user('gp2-x');
    expect(await errorCode(outsider.getPinnedGroupMessageList(groupID))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    const list = (await member.getPinnedGroupMessageList(groupID)).data.messageList;
    expect(list.map((m) => (m.payload as { text: string }).text)).toEqual(messages.slice(0, 10).map((_, i) => `m${i}`));
  });
});

describe('member custom fields', () => {
  it('sets one’s own fields and a superior sets another’s, shown on the member everywhere, refusing the rest', async () => {
    const { groupID, owner, admin, member } = await groupOfThree('gm1');
    await member.setGroupMemberCustomField({ groupID, memberCustomField: [{ key: 'level', value: '3' }] });
    await admin.setGroupMemberCustomField({
      groupID,
      userID: 'gm1-m',
      memberCustomField: [
        { key: 'badge', value: 'gold' },
        { key: 'level', value: '' },
      ],
    });
    const [profile] = (await owner.getGroupMemberProfile({ groupID, userIDList: ['gm1-m'] })).data.memberList;
    expect(profile?.memberCustomField).toEqual([{ key: 'badge', value: 'gold' }]);
    const listed = (await owner.getGroupMemberList({ groupID })).data.memberList.find((m) => m.userID === 'gm1-m');
    expect(listed?.memberCustomField).toEqual([{ key: 'badge', value: 'gold' }]);
    expect(
      await errorCode(
        member.setGroupMemberCustomField({ groupID, userID: 'gm1-a', memberCustomField: [{ key: 'x', value: 'y' }] }),
      ),
    ).toBe(ErrorCode.GROUP_NO_PERMISSION);
    const five = Array.from({ length: 5 }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    expect(await errorCode(member.setGroupMemberCustomField({ groupID, memberCustomField: five }))).toBe(
      ErrorCode.GROUP_INVALID_PARAMS,
    );
    expect(
      await errorCode(
        member.setGroupMemberCustomField({ groupID, memberCustomField: [{ key: 'k'.repeat(17), value: '' }] }),
      ),
    ).toBe(ErrorCode.INVALID_PARAMS);
    const [after] = (await owner.getGroupMemberProfile({ groupID, userIDList: ['gm1-m'] })).data.memberList;
    expect(after?.memberCustomField).toEqual([{ key: 'badge', value: 'gold' }]);
  });
});

describe('member marks', () => {
  it('lets the owner mark members of a Community, lists them by mark, and drops marks with the membership', async () => {
    const [owner, ann] = await Promise.all([user('mk1-o'), user('mk1-a'), user('mk1-b')]);
    const groupID = 'mk1-g';
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Marks',
      groupID,
      memberList: [{ userID: 'mk1-a' }, { userID: 'mk1-b' }],
    });
    const marked = await owner.markGroupMemberList({
      groupID,
      userIDList: ['mk1-a', 'mk1-b', 'mk1-x'],
      markType: 1000,
      enableMark: true,
    });
    expect(marked.data).toEqual({ successUserIDList: ['mk1-a', 'mk1-b'], failureUserIDList: ['mk1-x'] });
    await owner.markGroupMemberList({ groupID, userIDList: ['mk1-a'], markType: 1001, enableMark: true });
    const byMark = async (filter: number) =>
      (await owner.getGroupMemberList({ groupID, filter })).data.memberList.map((m) => [m.userID, m.markList]);
    expect(await byMark(1000)).toEqual([
      ['mk1-a', [1000, 1001]],
      ['mk1-b', [1000]],
    ]);
    expect(await byMark(0)).toHaveLength(3);
    const [profile] = (await ann.getGroupMemberProfile({ groupID, userIDList: ['mk1-a'] })).data.memberList;
    expect(profile?.markList).toEqual([1000, 1001]);
    await owner.markGroupMemberList({ groupID, userIDList: ['mk1-a'], markType: 1000, enableMark: false });
    expect(await byMark(1000)).toEqual([['mk1-b', [1000]]]);
    await ann.quitGroup(groupID);
    await ann.joinGroup({ groupID });
    expect(await byMark(1001)).toEqual([]);
  });

  it('refuses the wrong group type or caller (10007), a bad mark (60003) and the limits (10004), changing nothing', async () => {
    const [owner, member] = await Promise.all([user('mk2-o'), user('mk2-m')]);
    const groupID = 'mk2-g';
    await owner.createGroup({ type: TYPES.GRP_AVCHATROOM, name: 'Live', groupID });
    await member.joinGroup({ groupID });
    const mark = (chat: Chat, markType: number, userIDList = ['mk2-m']) =>
      chat.markGroupMemberList({ groupID, userIDList, markType, enableMark: true });
    for (let markType = 1000; markType < 1010; markType++) await mark(owner, markType);
    expect(await errorCode(mark(owner, 1010))).toBe(ErrorCode.GROUP_INVALID_PARAMS);
    expect(await errorCode(mark(owner, 999))).toBe(ErrorCode.INVALID_PARAMS);
    expect(await errorCode(mark(member, 1000))).toBe(ErrorCode.GROUP_NO_PERMISSION);
    await owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Plain', groupID: 'mk2-plain' });
    expect(
      await errorCode(
        owner.markGroupMemberList({ groupID: 'mk2-plain', userIDList: ['mk2-o'], markType: 1000, enableMark: true }),
      ),
    ).toBe(ErrorCode.GROUP_NO_PERMISSION);
    // A mark on 1,000 members takes no more; stored directly, as joining 1,000 users would take minutes.
    await server().db.query(
      `INSERT INTO users (user_id, created_at, updated_at) SELECT 'mk2-u' || i, 1, 1 FROM generate_series(1, 999) AS i`,
    );
    await server().db.query(
      `INSERT INTO group_members (group_id, user_id, role, join_time)
         SELECT $1, 'mk2-u' || i, 'Member', 1 FROM generate_series(1, 999) AS i`,
      [groupID],
    );
    await server().db.query(
      `INSERT INTO group_member_marks (group_id, mark_type, user_id)
         SELECT $1, 1000, 'mk2-u' || i FROM generate_series(1, 999) AS i`,
      [groupID],
    );
    expect(await errorCode(mark(owner, 1000, ['mk2-o']))).toBe(ErrorCode.GROUP_INVALID_PARAMS);
    expect((await owner.getGroupMemberList({ groupID, filter: 1000, count: 100 })).data.memberList).toHaveLength(100);
    // Past 500 users only the first 500 are sent, as Tencent's SDK; the rest fail.
    const many = Array.from({ length: 501 }, (_, i) => `mk2-none-${i}`);
    expect((await mark(owner, 1001, many)).data.failureUserIDList).toEqual(many);
  });
});

describe('group custom fields and profile fields', () => {
  it('keeps custom fields set at creation and changed later, every member told, with the profile’s sequence', async () => {
    const [owner, member] = await Promise.all([user('cf1-o'), user('cf1-m')]);
    const groupID = 'cf1-g';
    const created = await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Fields',
      groupID,
      memberList: [{ userID: 'cf1-m' }],
      groupCustomField: [{ key: 'tier', value: 'gold' }],
    });
    expect(created.data.group).toMatchObject({
      groupCustomField: [{ key: 'tier', value: 'gold' }],
      infoSequence: 1,
      lastInfoTime: created.data.group.createTime,
    });
    const told = nextEvent<Group[]>(member, EVENT.GROUP_LIST_UPDATED, (list) =>
      list.some((g) => g.groupID === groupID && g.infoSequence === 2),
    );
    const updated = await owner.updateGroupProfile({
      groupID,
      groupCustomField: [
        { key: 'region', value: 'eu' },
        { key: 'tier', value: '' },
      ],
    });
    expect(updated.data.group).toMatchObject({ groupCustomField: [{ key: 'region', value: 'eu' }], infoSequence: 2 });
    const seen = (await told).find((g) => g.groupID === groupID);
    expect(seen?.groupCustomField).toEqual([{ key: 'region', value: 'eu' }]);
    // The tip that told the member is the group's last message now, and its list follows it.
    expect(seen?.lastMessage).toMatchObject({ fromAccount: '@TIM#SYSTEM', messageForShow: '[群提示消息]' });
    expect(seen?.nextMessageSeq).toBe((seen?.lastMessage.lastSequence ?? 0) + 1);
    const filtered = await member.getGroupProfile({ groupID, groupCustomFieldFilter: ['none'] });
    expect(filtered.data.group.groupCustomField).toEqual([]);

    const eleven = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    const refusals: Array<[Chat, Array<{ key: string; value: string }>, number]> = [
      [member, [{ key: 'x', value: 'y' }], ErrorCode.GROUP_NO_PERMISSION],
      [owner, eleven, ErrorCode.GROUP_INVALID_PARAMS],
      [owner, [{ key: 'k'.repeat(17), value: 'v' }], ErrorCode.INVALID_PARAMS],
      [owner, [{ key: 'k', value: 'v'.repeat(513) }], ErrorCode.INVALID_PARAMS],
    ];
    for (const [chat, groupCustomField, code] of refusals) {
      expect(await errorCode(chat.updateGroupProfile({ groupID, groupCustomField }))).toBe(code);
    }
    const after = (await owner.getGroupProfile({ groupID })).data.group;
    expect(after).toMatchObject({ groupCustomField: [{ key: 'region', value: 'eu' }], infoSequence: 2 });
    const outsider = await user('cf1-x');
    expect((await outsider.searchGroupByID(groupID)).data.group.groupCustomField).toEqual([]);
  });

  it('shows the group’s next sequence and last message as stored, a revoked one without its text', async () => {
    const { groupID, owner, member } = await groupOfThree('lm1');
    const sent = await sendText(member, groupID, 'latest news', 'GROUP');
    const { group } = (await owner.getGroupProfile({ groupID })).data;
    expect(group.nextMessageSeq).toBe(sent.sequence + 1);
    expect(group.lastMessage).toEqual({
      lastTime: sent.time,
      lastSequence: sent.sequence,
      fromAccount: 'lm1-m',
      messageForShow: 'latest news',
    });
    await member.revokeMessage(sent);
    expect((await owner.getGroupProfile({ groupID })).data.group.lastMessage).toMatchObject({
      lastSequence: sent.sequence,
      messageForShow: '',
    });
  });
});
