import { ErrorCode, RestErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Conversation, type Message } from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, recordMessages, sendText, until, useServer, wholeHistory } from '../../integration/harness';
import { groupOf, importAccounts, REST_OK, refused } from '../../integration/rest-group-helpers';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

/** group_open_http_svc's imports and get_appid_group_list through HTTP, and what SDK sessions see of them. */
const { EVENT, TYPES } = LiaisonChat;
const { server, user } = useServer();
let admin: RestClient;
beforeAll(() => {
  admin = new RestClient(server());
});

const text = (Text: string) => [{ MsgType: 'TIMTextElem', MsgContent: { Text } }];
/** 2021-05-09, long before the test runs. */
const LONG_AGO = 1_620_500_000;

function importGroup(GroupId: string, body: object = {}) {
  return admin.call('group_open_http_svc/import_group', {
    Owner_Account: 'rgi-owner',
    Type: 'Public',
    GroupId,
    Name: GroupId,
    CreateTime: LONG_AGO,
    ...body,
  });
}

/** An imported group `id` owned by `<id>-owner`, with `<id>-ann` imported as a member. */
async function importedGroup(id: string): Promise<void> {
  await importAccounts(admin, `${id}-owner`, `${id}-ann`);
  expect(await importGroup(id, { Owner_Account: `${id}-owner` })).toMatchObject(REST_OK);
  expect(
    await admin.call('group_open_http_svc/import_group_member', {
      GroupId: id,
      MemberList: [{ Member_Account: `${id}-ann` }],
    }),
  ).toMatchObject(REST_OK);
}

describe('group_open_http_svc/import_group, import_group_msg, import_group_member', () => {
  it('moves a group with its history: original senders and times, no tips, nothing live, members from their JoinTime', async () => {
    await importAccounts(admin, 'rgi-owner', 'rgi-ann', 'rgi-early');
    const ben = await user('rgi-ben');
    const heard: Message[] = [];
    ben.on(EVENT.MESSAGE_RECEIVED, ({ data }) => heard.push(...data));
    expect(await importGroup('rgi-moved', { Introduction: 'old team' })).toEqual({ ...REST_OK, GroupId: 'rgi-moved' });
    const imported = await admin.call('group_open_http_svc/import_group_msg', {
      GroupId: 'rgi-moved',
      RecentContactFlag: 1,
      MsgList: [
        { From_Account: 'rgi-owner', SendTime: LONG_AGO + 10, Random: 1, MsgBody: text('first') },
        { From_Account: 'rgi-ann', SendTime: LONG_AGO + 20, MsgBody: text('second') },
        { From_Account: 'rgi-ann', SendTime: LONG_AGO + 5, MsgBody: text('out of order') },
        { From_Account: 'rgi-owner', SendTime: LONG_AGO + 100, MsgBody: text('third') },
      ],
    });
    expect(imported).toEqual({
      ...REST_OK,
      ImportMsgResult: [
        { MsgSeq: 1, MsgTime: LONG_AGO + 10, Result: 0 },
        { MsgSeq: 2, MsgTime: LONG_AGO + 20, Result: 0 },
        { MsgSeq: 0, MsgTime: LONG_AGO + 5, Result: 10004 },
        { MsgSeq: 3, MsgTime: LONG_AGO + 100, Result: 0 },
      ],
    });
    const members = await admin.call('group_open_http_svc/import_group_member', {
      GroupId: 'rgi-moved',
      MemberList: [
        { Member_Account: 'rgi-ann', Role: 'Admin', JoinTime: LONG_AGO + 1, UnreadMsgNum: 0 },
        { Member_Account: 'rgi-ben', JoinTime: LONG_AGO + 15, UnreadMsgNum: 1 },
        { Member_Account: 'rgi-owner' },
        { Member_Account: 'rgi-nobody' },
        { Member_Account: 'rgi-early', JoinTime: LONG_AGO - 10 },
      ],
    });
    expect(members).toEqual({
      ...REST_OK,
      MemberList: [
        { Member_Account: 'rgi-ann', Result: 1 },
        { Member_Account: 'rgi-ben', Result: 1 },
        { Member_Account: 'rgi-owner', Result: 2 },
        { Member_Account: 'rgi-nobody', Result: 0 },
        { Member_Account: 'rgi-early', Result: 0 },
      ],
    });
    const { groupList } = (await ben.getGroupList()).data;
    expect(groupList.find((g) => g.groupID === 'rgi-moved')).toMatchObject({
      introduction: 'old team',
      memberCount: 3,
      createTime: LONG_AGO,
    });
    // Ben joined after the first message: he sees the rest, with their senders and times, and no tip.
    const history = await wholeHistory(ben, 'GROUPrgi-moved');
    expect(history.map((m) => [m.from, m.time, m.type, m.payload])).toEqual([
      ['rgi-ann', LONG_AGO + 20, TYPES.MSG_TEXT, { text: 'second' }],
      ['rgi-owner', LONG_AGO + 100, TYPES.MSG_TEXT, { text: 'third' }],
    ]);
    const conversation = (await ben.getConversationProfile('GROUPrgi-moved')).data.conversation;
    expect(conversation).toMatchObject({ unreadCount: 1, lastMessage: { lastTime: LONG_AGO + 100 } });
    const { memberList } = (await ben.getGroupMemberList({ groupID: 'rgi-moved' })).data;
    expect(memberList.map((m) => [m.userID, m.role, m.joinTime])).toEqual(
      expect.arrayContaining([
        ['rgi-owner', TYPES.GRP_MBR_ROLE_OWNER, LONG_AGO],
        ['rgi-ann', TYPES.GRP_MBR_ROLE_ADMIN, LONG_AGO + 1],
        ['rgi-ben', TYPES.GRP_MBR_ROLE_MEMBER, LONG_AGO + 15],
      ]),
    );
    expect(heard).toEqual([]);
  });

  it('leaves existing members unread at 0 and the last message as it was without RecentContactFlag, and stores a repeat once', async () => {
    await importedGroup('rgi-live');
    const owner = await user('rgi-live-owner');
    const heard: Message[] = [];
    owner.on(EVENT.MESSAGE_RECEIVED, ({ data }) => heard.push(...data));
    const lastBefore = (await owner.getConversationProfile('GROUPrgi-live')).data.conversation.lastMessage;
    const body = {
      GroupId: 'rgi-live',
      MsgList: [{ From_Account: 'rgi-live-ann', SendTime: LONG_AGO + 1, Random: 9, MsgBody: text('moved in') }],
    };
    const first = await admin.call('group_open_http_svc/import_group_msg', body);
    expect(first.ImportMsgResult).toEqual([{ MsgSeq: 1, MsgTime: LONG_AGO + 1, Result: 0 }]);
    expect((await admin.call('group_open_http_svc/import_group_msg', body)).ImportMsgResult).toEqual(
      first.ImportMsgResult,
    );
    const conversation = (await owner.getConversationProfile('GROUPrgi-live')).data.conversation;
    expect(conversation.unreadCount).toBe(0);
    expect(conversation.lastMessage).toEqual(lastBefore);
    // A live message afterwards (elsewhere: a group message would reveal the gap the import left,
    // which the SDK fills) arrives; the import before it did not.
    const ann = await user('rgi-live-ann');
    const marker = nextEvent<Message[]>(owner, EVENT.MESSAGE_RECEIVED, (list) =>
      list.some((m) => m.from === 'rgi-live-ann'),
    );
    await sendText(ann, 'rgi-live-owner', 'live');
    await marker;
    expect(heard.map((m) => m.payload)).toEqual([{ text: 'live' }]);
    const texts = (await wholeHistory(owner, 'GROUPrgi-live')).filter((m) => m.type === TYPES.MSG_TEXT);
    expect(texts.map((m) => m.payload)).toEqual([{ text: 'moved in' }]);
  });

  it('files messages an online member finds through the gap a live message reveals as history: stored, never received, not unread', async () => {
    await importedGroup('rgi-gap');
    const owner = await user('rgi-gap-owner');
    const ann = await user('rgi-gap-ann');
    const heard = recordMessages(owner);
    const imported = await admin.call('group_open_http_svc/import_group_msg', {
      GroupId: 'rgi-gap',
      MsgList: [
        { From_Account: 'rgi-gap-ann', SendTime: LONG_AGO + 1, MsgBody: text('moved in') },
        { From_Account: 'rgi-gap-owner', SendTime: LONG_AGO + 2, MsgBody: text('mine, moved in') },
      ],
    });
    expect(imported.ImportMsgResult).toMatchObject([{ MsgSeq: 1 }, { MsgSeq: 2 }]);
    const listed = nextEvent<Conversation[]>(owner, EVENT.CONVERSATION_LIST_UPDATED, (list) =>
      list.some((c) => c.conversationID === 'GROUPrgi-gap' && c.lastMessage.messageForShow === 'live'),
    );
    await sendText(ann, 'rgi-gap', 'live', 'GROUP');
    await until(() => heard.length > 0, 10_000, 'the live message');
    expect(heard.map((m) => m.text)).toEqual(['live']);
    // The owner's client counts what the server counts: the live message, not the imports it read.
    const shown = (await listed).find((c) => c.conversationID === 'GROUPrgi-gap');
    const stored = (await owner.getConversationProfile('GROUPrgi-gap')).data.conversation;
    expect([shown?.unreadCount, shown?.lastMessage.lastSequence]).toEqual([1, 3]);
    expect([stored.unreadCount, stored.lastMessage.lastSequence]).toEqual([1, 3]);
    const texts = (await wholeHistory(owner, 'GROUPrgi-gap')).filter((m) => m.type === TYPES.MSG_TEXT);
    expect(texts.map((m) => m.payload)).toEqual([{ text: 'moved in' }, { text: 'mine, moved in' }, { text: 'live' }]);
  });

  it('refuses unknown groups (10010), AVChatRoom (10007), unknown senders and owners (10004), a full group (10014) and bad bodies, storing nothing', async () => {
    await importAccounts(admin, 'rgi-no-owner', 'rgi-no-ann');
    await groupOf(admin, 'rgi-no-owner', 'rgi-no-live', [], 'AVChatRoom');
    expect(await importGroup('rgi-no-small', { Owner_Account: 'rgi-no-owner', MaxMemberCount: 1 })).toMatchObject(
      REST_OK,
    );
    const before = await snapshotAll(server().db);
    const msg = (GroupId: string, From_Account = 'rgi-no-owner') =>
      admin.call('group_open_http_svc/import_group_msg', {
        GroupId,
        MsgList: [{ From_Account, SendTime: LONG_AGO, MsgBody: text('x') }],
      });
    expect(await msg('rgi-no-such')).toMatchObject(refused(ErrorCode.GROUP_NOT_FOUND));
    expect(await msg('rgi-no-live')).toMatchObject(refused(ErrorCode.GROUP_NO_PERMISSION));
    expect(await msg('rgi-no-small', 'rgi-no-nobody')).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
    const tooMany = Array.from({ length: 8 }, () => ({
      From_Account: 'rgi-no-owner',
      SendTime: 1,
      MsgBody: text('x'),
    }));
    expect(
      await admin.call('group_open_http_svc/import_group_msg', { GroupId: 'rgi-no-small', MsgList: tooMany }),
    ).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
    const member = (GroupId: string, Member_Account = 'rgi-no-ann') =>
      admin.call('group_open_http_svc/import_group_member', { GroupId, MemberList: [{ Member_Account }] });
    expect(await member('rgi-no-such')).toMatchObject(refused(ErrorCode.GROUP_NOT_FOUND));
    expect(await member('rgi-no-live')).toMatchObject(refused(ErrorCode.GROUP_NO_PERMISSION));
    expect(await member('rgi-no-small')).toMatchObject(refused(ErrorCode.GROUP_FULL));
    expect(
      await admin.call('group_open_http_svc/import_group_member', { GroupId: 'rgi-no-small', MemberList: [] }),
    ).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
    expect(await importGroup('rgi-no-new', { Owner_Account: 'rgi-no-nobody' })).toMatchObject(
      refused(RestErrorCode.GROUP_INVALID_PARAMS),
    );
    expect(await importGroup('rgi-no-small')).toMatchObject(refused(ErrorCode.GROUP_ID_TAKEN));
    expect(await importGroup('rgi-no-new', { CreateTime: -1 })).toMatchObject(
      refused(RestErrorCode.GROUP_INVALID_PARAMS),
    );
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});

describe('group_open_http_svc/get_appid_group_list', () => {
  it('lists every group of the app page by page, and of one type', async () => {
    await importAccounts(admin, 'rgl-owner');
    for (const id of ['rgl-a', 'rgl-b', 'rgl-c']) await groupOf(admin, 'rgl-owner', id, []);
    await groupOf(admin, 'rgl-owner', 'rgl-work', [], 'Work');
    const all = await admin.call('group_open_http_svc/get_appid_group_list', {});
    const ids = groupIDs(all);
    expect(all).toMatchObject({ ...REST_OK, TotalCount: ids.length, Next: 0 });
    expect(ids).toEqual(expect.arrayContaining(['rgl-a', 'rgl-b', 'rgl-c', 'rgl-work']));
    const paged: string[] = [];
    let Next = 0;
    do {
      const page = await admin.call('group_open_http_svc/get_appid_group_list', { Limit: 2, Next });
      expect(groupIDs(page).length).toBeLessThanOrEqual(2);
      paged.push(...groupIDs(page));
      Next = page.Next as number;
    } while (Next !== 0);
    expect(paged).toEqual(ids);
    const work = await admin.call('group_open_http_svc/get_appid_group_list', { GroupType: 'Work' });
    expect(groupIDs(work)).toContain('rgl-work');
    expect(groupIDs(work)).not.toContain('rgl-a');
    expect(await admin.call('group_open_http_svc/get_appid_group_list', { Limit: 10001 })).toMatchObject(
      refused(RestErrorCode.GROUP_INVALID_PARAMS),
    );
  });
});

function groupIDs(answer: Record<string, unknown>): string[] {
  return (answer.GroupIdList as Array<{ GroupId: string }>).map((g) => g.GroupId);
}
