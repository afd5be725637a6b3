import { ErrorCode, GroupSystemNoticeType, RestErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, sendText, useServer, wholeHistory } from '../../integration/harness';
import { groupOf, importAccounts, REST_OK, refused } from '../../integration/rest-group-helpers';
import { RestClient } from '../../rest-api/test-client';

/** group_open_http_svc's message commands through HTTP, and what members' SDK sessions see of them. */
const { EVENT, TYPES } = LiaisonChat;
const { server, user } = useServer();
let admin: RestClient;
beforeAll(() => {
  admin = new RestClient(server());
});

const text = (Text: string) => [{ MsgType: 'TIMTextElem', MsgContent: { Text } }];

type Received = Array<{ type: string; from: string; to: string; payload: Record<string, unknown> }>;

/** The next message the client receives in this group with this text. */
function received(chat: ReturnType<typeof LiaisonChat.create>, groupID: string, wanted: string): Promise<Received> {
  return nextEvent<Received>(chat, EVENT.MESSAGE_RECEIVED, (messages) =>
    messages.some((m) => m.to === groupID && m.payload.text === wanted),
  );
}

describe('group_open_http_svc/send_group_msg', () => {
  it('sends From_Account’s message: members get it live and in history, with Tencent’s MsgTime and MsgSeq', async () => {
    await importAccounts(admin, 'rgm-send-owner', 'rgm-send-ann');
    await groupOf(admin, 'rgm-send-owner', 'rgm-send-group', ['rgm-send-ann']);
    const ann = await user('rgm-send-ann');
    const arrives = received(ann, 'rgm-send-group', 'hello group');
    const answer = await admin.call('group_open_http_svc/send_group_msg', {
      GroupId: 'rgm-send-group',
      From_Account: 'rgm-send-owner',
      Random: 42,
      MsgBody: text('hello group'),
      CloudCustomData: 'cc',
    });
    expect(answer).toMatchObject({ ...REST_OK, MsgSeq: expect.any(Number), MsgTime: expect.any(Number) });
    const [message] = await arrives;
    expect(message).toMatchObject({ from: 'rgm-send-owner', type: TYPES.MSG_TEXT });
    const history = await wholeHistory(ann, 'GROUPrgm-send-group');
    expect(history.at(-1)).toMatchObject({
      from: 'rgm-send-owner',
      sequence: answer.MsgSeq,
      random: 42,
      cloudCustomData: 'cc',
      payload: { text: 'hello group' },
    });
  });

  it('without From_Account the administrator sends, though not a member', async () => {
    await importAccounts(admin, 'rgm-app-owner', 'rgm-app-ann');
    await groupOf(admin, 'rgm-app-owner', 'rgm-app-group', ['rgm-app-ann']);
    const ann = await user('rgm-app-ann');
    const arrives = received(ann, 'rgm-app-group', 'from the app');
    const answer = await admin.call('group_open_http_svc/send_group_msg', {
      GroupId: 'rgm-app-group',
      Random: 7,
      MsgBody: text('from the app'),
      GroupAtInfo: [{ GroupAtAllFlag: 1 }],
    });
    expect(answer).toMatchObject(REST_OK);
    const [message] = await arrives;
    expect(message).toMatchObject({ from: 'administrator', atUserList: [LiaisonChat.TYPES.MSG_AT_ALL] });
  });

  it('sends a targeted message (To_Account) only to the members named', async () => {
    await importAccounts(admin, 'rgm-to-owner', 'rgm-to-ann', 'rgm-to-bob');
    await groupOf(admin, 'rgm-to-owner', 'rgm-to-group', ['rgm-to-ann', 'rgm-to-bob']);
    const ann = await user('rgm-to-ann');
    const bob = await user('rgm-to-bob');
    const annGets = received(ann, 'rgm-to-group', 'for ann');
    expect(
      await admin.call('group_open_http_svc/send_group_msg', {
        GroupId: 'rgm-to-group',
        From_Account: 'rgm-to-owner',
        Random: 1,
        MsgBody: text('for ann'),
        To_Account: ['rgm-to-ann'],
      }),
    ).toMatchObject(REST_OK);
    await annGets;
    const bobSees = await wholeHistory(bob, 'GROUPrgm-to-group');
    expect(bobSees.some((m) => (m.payload as { text?: string }).text === 'for ann')).toBe(false);
  });

  it('sends into a community topic named by TopicId; a topic of another group is 10004', async () => {
    await importAccounts(admin, 'rgm-topic-owner', 'rgm-topic-ann');
    for (const GroupId of ['@TGS#_rgm-topic', '@TGS#_rgm-topic2']) {
      const created = await admin.call('group_open_http_svc/create_group', {
        Owner_Account: 'rgm-topic-owner',
        Type: 'Community',
        GroupId,
        Name: GroupId,
        SupportTopic: 1,
        MemberList: [{ Member_Account: 'rgm-topic-ann' }],
      });
      expect(created).toMatchObject(REST_OK);
    }
    const owner = await user('rgm-topic-owner');
    const ann = await user('rgm-topic-ann');
    const { topicID } = (await owner.createTopicInCommunity({ groupID: '@TGS#_rgm-topic', topicName: 'News' })).data;
    const arrives = received(ann, topicID, 'in the topic');
    const send = (GroupId: string) =>
      admin.call('group_open_http_svc/send_group_msg', {
        GroupId,
        TopicId: topicID,
        Random: 3,
        MsgBody: text('in the topic'),
      });
    expect(await send('@TGS#_rgm-topic')).toMatchObject(REST_OK);
    await arrives;
    expect(await send('@TGS#_rgm-topic2')).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
  });

  it('refuses a muted sender with 10017, a non-member with 10007 and an unknown group with 10010', async () => {
    await importAccounts(admin, 'rgm-no-owner', 'rgm-no-ann', 'rgm-no-out');
    await groupOf(admin, 'rgm-no-owner', 'rgm-no-group', ['rgm-no-ann']);
    expect(
      await admin.call('group_open_http_svc/forbid_send_msg', {
        GroupId: 'rgm-no-group',
        Members_Account: ['rgm-no-ann'],
        MuteTime: 600,
      }),
    ).toMatchObject(REST_OK);
    const send = (GroupId: string, From_Account: string) =>
      admin.call('group_open_http_svc/send_group_msg', { GroupId, From_Account, Random: 1, MsgBody: text('x') });
    expect(await send('rgm-no-group', 'rgm-no-ann')).toMatchObject(refused(ErrorCode.GROUP_MEMBER_MUTED));
    expect(await send('rgm-no-group', 'rgm-no-out')).toMatchObject(refused(ErrorCode.GROUP_NO_PERMISSION));
    expect(await send('rgm-no-none', 'rgm-no-owner')).toMatchObject(refused(ErrorCode.GROUP_NOT_FOUND));
    expect(await send('rgm-no-group', 'rgm-no-nobody')).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
    expect(
      await admin.call('group_open_http_svc/send_group_msg', {
        GroupId: 'rgm-no-group',
        Random: 1,
        MsgBody: text('x'),
        OnlineOnlyFlag: 1,
        SendMsgControl: ['NoUnread'],
      }),
    ).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
    const history = await admin.call('group_open_http_svc/group_msg_get_simple', {
      GroupId: 'rgm-no-group',
      ReqMsgNumber: 20,
    });
    expect(JSON.stringify(history.RspMsgList)).not.toContain('"Text":"x"');
  });
});

describe('group_open_http_svc/send_group_system_notification', () => {
  it('pushes a custom group system notice to the members live, stored nowhere', async () => {
    await importAccounts(admin, 'rgm-note-owner', 'rgm-note-ann', 'rgm-note-bob');
    await groupOf(admin, 'rgm-note-owner', 'rgm-note-group', ['rgm-note-ann', 'rgm-note-bob']);
    const ann = await user('rgm-note-ann');
    const bob = await user('rgm-note-bob');
    const isCustom = (event: { type: number }) => event.type === GroupSystemNoticeType.CUSTOM;
    const annGets = nextEvent<{ message: { payload: Record<string, unknown> }; type: number }>(
      ann,
      EVENT.GROUP_SYSTEM_NOTICE_RECEIVED,
      isCustom,
    );
    expect(
      await admin.call('group_open_http_svc/send_group_system_notification', {
        GroupId: 'rgm-note-group',
        Content: 'maintenance at noon',
      }),
    ).toEqual(REST_OK);
    expect((await annGets).message.payload).toMatchObject({
      operationType: GroupSystemNoticeType.CUSTOM,
      userDefinedField: 'maintenance at noon',
      groupProfile: { groupID: 'rgm-note-group' },
    });
    const bobOnly = nextEvent(bob, EVENT.GROUP_SYSTEM_NOTICE_RECEIVED, isCustom);
    expect(
      await admin.call('group_open_http_svc/send_group_system_notification', {
        GroupId: 'rgm-note-group',
        ToMembers_Account: ['rgm-note-bob'],
        Content: 'just bob',
      }),
    ).toEqual(REST_OK);
    await bobOnly;
    const history = await wholeHistory(ann, 'GROUPrgm-note-group');
    expect(history.some((m) => m.type === TYPES.MSG_GRP_SYS_NOTICE)).toBe(false);
  });

  it('refuses an unknown group with 10010 and an empty Content with 10004', async () => {
    expect(
      await admin.call('group_open_http_svc/send_group_system_notification', {
        GroupId: 'rgm-note-none',
        Content: 'x',
      }),
    ).toMatchObject(refused(ErrorCode.GROUP_NOT_FOUND));
    expect(
      await admin.call('group_open_http_svc/send_group_system_notification', { GroupId: 'rgm-note-none', Content: '' }),
    ).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
  });
});

describe('group_open_http_svc/group_msg_get_simple', () => {
  it('answers the newest messages first as RspMsgList, pages by ReqMsgSeq, and recalled ones when asked', async () => {
    await importAccounts(admin, 'rgm-get-owner', 'rgm-get-ann');
    await groupOf(admin, 'rgm-get-owner', 'rgm-get-group', ['rgm-get-ann']);
    const ann = await user('rgm-get-ann');
    const first = await sendText(ann, 'rgm-get-group', 'one', 'GROUP');
    const second = await sendText(ann, 'rgm-get-group', 'two', 'GROUP');
    const newest = await admin.call('group_open_http_svc/group_msg_get_simple', {
      GroupId: 'rgm-get-group',
      ReqMsgNumber: 1,
    });
    expect(newest).toEqual({
      ...REST_OK,
      GroupId: 'rgm-get-group',
      IsFinished: 1,
      RspMsgList: [
        {
          From_Account: 'rgm-get-ann',
          IsPlaceMsg: 0,
          IsSystemMsg: 0,
          MsgBody: text('two'),
          MsgPriority: 2,
          MsgRandom: second.random,
          MsgSeq: second.sequence,
          MsgTimeStamp: second.time,
          CloudCustomData: '',
        },
      ],
    });
    const older = await admin.call('group_open_http_svc/group_msg_get_simple', {
      GroupId: 'rgm-get-group',
      ReqMsgSeq: second.sequence - 1,
      ReqMsgNumber: 20,
    });
    const list = older.RspMsgList as Array<{ MsgSeq: number; IsSystemMsg: number; From_Account: string }>;
    expect(list[0]).toMatchObject({ MsgSeq: first.sequence, MsgBody: text('one') });
    expect(list).toContainEqual(expect.objectContaining({ IsSystemMsg: 1, From_Account: '@TIM#SYSTEM' }));
    await admin.call('group_open_http_svc/group_msg_recall', {
      GroupId: 'rgm-get-group',
      MsgSeqList: [{ MsgSeq: second.sequence }],
    });
    const without = await admin.call('group_open_http_svc/group_msg_get_simple', {
      GroupId: 'rgm-get-group',
      ReqMsgNumber: 1,
    });
    expect(without.RspMsgList).toEqual([expect.objectContaining({ MsgSeq: first.sequence })]);
    const withRecalled = await admin.call('group_open_http_svc/group_msg_get_simple', {
      GroupId: 'rgm-get-group',
      ReqMsgNumber: 1,
      WithRecalledMsg: 1,
    });
    expect(withRecalled.RspMsgList).toEqual([
      expect.objectContaining({ MsgSeq: second.sequence, IsPlaceMsg: 2, MsgBody: [] }),
    ]);
  });

  it('answers IsFinished 0 when more than 20 were asked and more are left; refuses an unknown group with 10010', async () => {
    await importAccounts(admin, 'rgm-many-owner');
    await groupOf(admin, 'rgm-many-owner', 'rgm-many-group', []);
    for (let i = 0; i < 21; i++) {
      await admin.call('group_open_http_svc/send_group_msg', {
        GroupId: 'rgm-many-group',
        Random: i,
        MsgBody: text(`m${i}`),
      });
    }
    const page = await admin.call('group_open_http_svc/group_msg_get_simple', {
      GroupId: 'rgm-many-group',
      ReqMsgNumber: 30,
    });
    expect(page).toMatchObject({ IsFinished: 0 });
    expect(page.RspMsgList).toHaveLength(20);
    expect(
      await admin.call('group_open_http_svc/group_msg_get_simple', { GroupId: 'rgm-many-none', ReqMsgNumber: 1 }),
    ).toMatchObject(refused(ErrorCode.GROUP_NOT_FOUND));
  });
});
