import LiaisonChat, { type Message } from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Chat, nextEvent, sendText, useServer, wholeHistory } from '../../integration/harness';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

const { EVENT } = LiaisonChat;

const { server, user } = useServer();
let admin: RestClient;

beforeAll(() => {
  admin = new RestClient(server());
});

function received(chat: Chat, from: string): Promise<Message[]> {
  return nextEvent<Message[]>(chat, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.from === from));
}

const text = (Text: string) => [{ MsgType: 'TIMTextElem', MsgContent: { Text } }];

describe('openim/sendmsg', () => {
  it('delivers the message live to the recipient, lands in both histories and counts as unread', async () => {
    const alice = await user('rm-send-a');
    const bob = await user('rm-send-b');
    const arrives = received(bob, 'rm-send-a');
    const answer = await admin.call('openim/sendmsg', {
      SyncOtherMachine: 1,
      From_Account: 'rm-send-a',
      To_Account: 'rm-send-b',
      MsgRandom: 1287657,
      MsgBody: text('hello from the backend'),
      CloudCustomData: 'your cloud custom data',
    });
    expect(answer).toMatchObject({ ActionStatus: 'OK', ErrorCode: 0 });
    expect(answer.MsgKey).toMatch(/^\d+_1287657_\d+$/);
    expect(answer.MsgKey).toBe(`1_1287657_${answer.MsgTime}`);
    const [message] = await arrives;
    expect(message).toMatchObject({
      from: 'rm-send-a',
      payload: { text: 'hello from the backend' },
      cloudCustomData: 'your cloud custom data',
    });
    const history = await wholeHistory(alice, 'C2Crm-send-b');
    expect(history.map((m) => m.payload)).toEqual([{ text: 'hello from the backend' }]);
    const conversation = (await bob.getConversationProfile('C2Crm-send-a')).data.conversation;
    expect(conversation.unreadCount).toBe(1);
  });

  it('sends as the administrator when From_Account is absent, and converts custom, face, location and image bodies', async () => {
    const bob = await user('rm-admin-b');
    const messages: Message[] = [];
    bob.on(EVENT.MESSAGE_RECEIVED, ({ data }) => messages.push(...data));
    const bodies = [
      [{ MsgType: 'TIMCustomElem', MsgContent: { Data: 'order-42', Desc: 'an order', Ext: 'x' } }],
      [{ MsgType: 'TIMFaceElem', MsgContent: { Index: 3, Data: 'smile' } }],
      [{ MsgType: 'TIMLocationElem', MsgContent: { Desc: 'office', Latitude: 22.5, Longitude: 113.9 } }],
      [
        {
          MsgType: 'TIMImageElem',
          MsgContent: {
            UUID: 'old-image-1',
            ImageFormat: 1,
            ImageInfoArray: [{ Type: 1, Size: 1000, Width: 64, Height: 48, URL: 'https://cdn.example.com/a.jpg' }],
          },
        },
      ],
    ];
    for (const [i, MsgBody] of bodies.entries()) {
      const answer = await admin.call('openim/sendmsg', { To_Account: 'rm-admin-b', MsgRandom: i, MsgBody });
      expect(answer.ErrorCode).toBe(0);
    }
    const history = await wholeHistory(bob, 'C2Cadministrator');
    expect(history.map((m) => [m.from, m.type, m.payload])).toEqual([
      ['administrator', 'TIMCustomElem', { data: 'order-42', description: 'an order', extension: 'x' }],
      ['administrator', 'TIMFaceElem', { index: 3, data: 'smile' }],
      ['administrator', 'TIMLocationElem', { description: 'office', latitude: 22.5, longitude: 113.9 }],
      [
        'administrator',
        'TIMImageElem',
        {
          uuid: 'old-image-1',
          imageFormat: 1,
          imageInfoArray: [{ type: 1, size: 1000, width: 64, height: 48, url: 'https://cdn.example.com/a.jpg' }],
        },
      ],
    ]);
  });

  it('with MsgLifeTime 0 reaches the online recipient and is not stored; NoUnread keeps it out of unread', async () => {
    const bob = await user('rm-life-b');
    await user('rm-life-a');
    const arrives = received(bob, 'rm-life-a');
    const online = await admin.call('openim/sendmsg', {
      From_Account: 'rm-life-a',
      To_Account: 'rm-life-b',
      MsgRandom: 7,
      MsgLifeTime: 0,
      MsgBody: text('only now'),
    });
    expect(online.ErrorCode).toBe(0);
    expect((await arrives)[0]?.payload).toEqual({ text: 'only now' });
    expect(await wholeHistory(bob, 'C2Crm-life-a')).toEqual([]);
    const quiet = await admin.call('openim/sendmsg', {
      From_Account: 'rm-life-a',
      To_Account: 'rm-life-b',
      MsgRandom: 8,
      SendMsgControl: ['NoUnread'],
      MsgBody: text('no badge'),
    });
    expect(quiet.ErrorCode).toBe(0);
    expect((await bob.getConversationProfile('C2Crm-life-a')).data.conversation.unreadCount).toBe(0);
  });

  it('refuses a blocked sender (20007), an unknown account (90048), a bad body and a long life, storing nothing', async () => {
    await user('rm-refuse-a');
    await user('rm-refuse-b');
    await admin.call('sns/black_list_add', { From_Account: 'rm-refuse-b', To_Account: ['rm-refuse-a'] });
    const before = await snapshotAll(server().db);
    const send = (body: object) =>
      admin.call('openim/sendmsg', {
        From_Account: 'rm-refuse-a',
        To_Account: 'rm-refuse-b',
        MsgRandom: 1,
        MsgBody: text('hi'),
        ...body,
      });
    expect((await send({})).ErrorCode).toBe(20007);
    expect((await send({ To_Account: 'rm-nobody' })).ErrorCode).toBe(90048);
    expect((await send({ From_Account: 'rm-nobody' })).ErrorCode).toBe(90048);
    expect((await send({ MsgBody: [{ MsgType: 'TIMWhatElem', MsgContent: {} }] })).ErrorCode).toBe(90001);
    expect((await send({ MsgBody: [] })).ErrorCode).toBe(90001);
    expect((await send({ MsgLifeTime: 604_801 })).ErrorCode).toBe(90026);
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});

describe('openim/batchsendmsg', () => {
  it('sends to each recipient, lists the ones that failed, and refuses more than 500', async () => {
    const one = await user('rm-batch-1');
    const two = await user('rm-batch-2');
    await user('rm-batch-from');
    const arrivals = [received(one, 'rm-batch-from'), received(two, 'rm-batch-from')];
    const answer = await admin.call('openim/batchsendmsg', {
      From_Account: 'rm-batch-from',
      To_Account: ['rm-batch-1', 'rm-batch-2', 'rm-batch-none'],
      MsgRandom: 99,
      MsgBody: text('to all'),
    });
    expect(answer).toMatchObject({
      ActionStatus: 'OK',
      ErrorCode: 0,
      ErrorList: [{ To_Account: 'rm-batch-none', ErrorCode: 90048 }],
    });
    expect(answer.MsgKey).toMatch(/^\d+_99_\d+$/);
    for (const arrival of arrivals) expect((await arrival)[0]?.payload).toEqual({ text: 'to all' });
    const tooMany = await admin.call('openim/batchsendmsg', {
      To_Account: Array.from({ length: 501 }, (_, i) => `rm-many-${i}`),
      MsgRandom: 1,
      MsgBody: text('x'),
    });
    expect(tooMany.ErrorCode).toBe(90011);
  });
});

describe('openim/admin_getroammsg', () => {
  it('answers the history between two users as MsgBody, newest first, in pages joined by LastMsgKey', async () => {
    const alice = await user('rm-roam-a');
    await user('rm-roam-b');
    for (const word of ['one', 'two', 'three']) {
      await sendText(alice, 'rm-roam-b', word);
    }
    const ask = (extra: object) =>
      admin.call('openim/admin_getroammsg', {
        Operator_Account: 'rm-roam-b',
        Peer_Account: 'rm-roam-a',
        MaxCnt: 2,
        MinTime: 0,
        MaxTime: 4_000_000_000,
        ...extra,
      });
    const first = await ask({});
    expect(first).toMatchObject({ ActionStatus: 'OK', Complete: 0, MsgCnt: 2 });
    const list = first.MsgList as Array<{ MsgBody: unknown; From_Account: string; MsgKey: string }>;
    expect(list.map((m) => m.MsgBody)).toEqual([text('three'), text('two')]);
    expect(list[0]).toMatchObject({ From_Account: 'rm-roam-a', To_Account: 'rm-roam-b', MsgFlagBits: 0 });
    expect(first.LastMsgKey).toBe(list[1]?.MsgKey);
    const second = await ask({ LastMsgKey: first.LastMsgKey });
    expect(second).toMatchObject({ Complete: 1, MsgCnt: 1, MsgList: [{ MsgBody: text('one') }] });
    const none = await ask({ MaxTime: 1 });
    expect(none).toMatchObject({ Complete: 1, MsgCnt: 0, MsgList: [] });
    expect((await ask({ Peer_Account: 'rm-nobody' })).ErrorCode).toBe(90003);
    expect((await ask({ Operator_Account: 'rm-nobody' })).ErrorCode).toBe(90008);
  });
});
