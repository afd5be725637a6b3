import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, errorCode, nextEvent, sendText, useServer } from '../../integration/harness';

/**
 * Group attributes, counters and pinned messages through the SDK (docs/groups.md): what members
 * see in answers and events, and what is refused with which code, nothing changing then.
 */
const { EVENT, TYPES } = LiaisonChat;
const { user } = useServer();

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
