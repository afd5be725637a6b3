import { RestErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Conversation, type Message } from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Chat,
  nextEvent,
  recordMessages,
  sendText,
  until,
  useServer,
  wholeHistory,
} from '../../integration/harness';
import { importAccounts, REST_OK, refused } from '../../integration/rest-group-helpers';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

/** openim/importmsg through HTTP, and what plain SDK sessions see of it. */
const { EVENT } = LiaisonChat;
const { server, user } = useServer();
let admin: RestClient;
beforeAll(() => {
  admin = new RestClient(server());
});

const text = (Text: string) => [{ MsgType: 'TIMTextElem', MsgContent: { Text } }];
/** 2021-05-09, long before the test runs. */
const LONG_AGO = 1_620_500_000;

/** Everything the client hears live, until a marker sent live afterwards arrives. */
function liveUntilMarker(chat: Chat, markerFrom: string): { heard: Message[]; marker: Promise<unknown> } {
  const heard: Message[] = [];
  chat.on(EVENT.MESSAGE_RECEIVED, ({ data }) => heard.push(...data));
  return {
    heard,
    marker: nextEvent<Message[]>(chat, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.from === markerFrom)),
  };
}

function importmsg(body: object) {
  return admin.call('openim/importmsg', {
    SyncFromOldSystem: 2,
    From_Account: 'ri-old-a',
    To_Account: 'ri-old-b',
    MsgRandom: 7,
    MsgTimeStamp: LONG_AGO,
    MsgBody: text('from the old system'),
    ...body,
  });
}

describe('openim/importmsg', () => {
  it('stores the message with its sender and time, tells no one live, and history import (2) is not unread', async () => {
    const alice = await user('ri-old-a');
    const bob = await user('ri-old-b');
    const live = liveUntilMarker(bob, 'administrator');
    const answer = await importmsg({ CloudCustomData: 'kept' });
    expect(answer).toMatchObject(REST_OK);
    expect(answer.MsgKey).toBe(`1_7_${LONG_AGO}`);
    // A live message afterwards, in another conversation (one in the same would reveal the gap the
    // import left, which the SDK fills): it arrives, the import before it did not.
    expect(
      await admin.call('openim/sendmsg', { To_Account: 'ri-old-b', MsgRandom: 8, MsgBody: text('live') }),
    ).toMatchObject(REST_OK);
    await live.marker;
    expect(live.heard.map((m) => m.payload)).toEqual([{ text: 'live' }]);
    const history = await wholeHistory(bob, 'C2Cri-old-a');
    expect(history.map((m) => [m.from, m.time, m.payload, m.cloudCustomData])).toEqual([
      ['ri-old-a', LONG_AGO, { text: 'from the old system' }, 'kept'],
    ]);
    // Not unread; the sender's own side is read too.
    expect((await bob.getConversationProfile('C2Cri-old-a')).data.conversation.unreadCount).toBe(0);
    expect((await alice.getConversationProfile('C2Cri-old-b')).data.conversation.unreadCount).toBe(0);
  });

  it('files an import an online client finds through the gap a live message reveals as history: stored, never received', async () => {
    const alice = await user('ri-gap-a');
    const bob = await user('ri-gap-b');
    const heardByAlice = recordMessages(alice);
    const heardByBob = recordMessages(bob);
    // Both clients follow the conversation: their cursors stand at its first message.
    await sendText(alice, 'ri-gap-b', 'before');
    await until(() => heardByBob.length > 0, 10_000, 'the first message');
    expect(await importmsg({ From_Account: 'ri-gap-a', To_Account: 'ri-gap-b' })).toMatchObject(REST_OK);
    const listed = nextEvent<Conversation[]>(bob, EVENT.CONVERSATION_LIST_UPDATED, (list) =>
      list.some((c) => c.conversationID === 'C2Cri-gap-a' && c.lastMessage.messageForShow === 'after'),
    );
    await sendText(alice, 'ri-gap-b', 'after');
    // Each client fills the gap before it handles the message after it: bob's, and alice's own send.
    await until(() => heardByBob.length > 1, 10_000, 'the live message');
    expect(heardByBob.map((m) => m.text)).toEqual(['before', 'after']);
    // Bob's client counted the history import (2) as the server does: not unread.
    const shown = (await listed).find((c) => c.conversationID === 'C2Cri-gap-a');
    const stored = (await bob.getConversationProfile('C2Cri-gap-a')).data.conversation;
    expect([shown?.unreadCount, shown?.lastMessage.lastSequence]).toEqual([2, 3]);
    expect([stored.unreadCount, stored.lastMessage.lastSequence]).toEqual([2, 3]);
    await sendText(bob, 'ri-gap-a', 'reply');
    await until(() => heardByAlice.length > 0, 10_000, 'the reply');
    expect(heardByAlice.map((m) => m.text)).toEqual(['reply']);
    expect((await wholeHistory(bob, 'C2Cri-gap-a')).map((m) => m.payload)).toEqual([
      { text: 'before' },
      { text: 'from the old system' },
      { text: 'after' },
      { text: 'reply' },
    ]);
  });

  it('counts a real-time import (1) as unread, and lists the imported conversation', async () => {
    await importAccounts(admin, 'ri-rt-a');
    const bob = await user('ri-rt-b');
    expect(
      await importmsg({ SyncFromOldSystem: 1, From_Account: 'ri-rt-a', To_Account: 'ri-rt-b', MsgTimeStamp: LONG_AGO }),
    ).toMatchObject(REST_OK);
    const { conversationList } = (await bob.getConversationList()).data;
    expect(conversationList.find((c) => c.conversationID === 'C2Cri-rt-a')).toMatchObject({
      unreadCount: 1,
      lastMessage: { fromAccount: 'ri-rt-a', lastTime: LONG_AGO },
    });
  });

  it('stores the same import once: same accounts, MsgTimeStamp, MsgRandom and MsgSeq', async () => {
    await importAccounts(admin, 'ri-dup-a', 'ri-dup-b');
    const body = { From_Account: 'ri-dup-a', To_Account: 'ri-dup-b', MsgSeq: 3 };
    const first = await importmsg(body);
    expect(await importmsg(body)).toEqual(first);
    const other = await importmsg({ ...body, MsgSeq: 4 });
    expect(other.MsgKey).not.toBe(first.MsgKey);
    const bob = await user('ri-dup-b');
    expect((await wholeHistory(bob, 'C2Cri-dup-a')).length).toBe(2);
  });

  it('refuses unknown accounts (90048) and bad bodies (90001), storing nothing', async () => {
    await importAccounts(admin, 'ri-no-a', 'ri-no-b');
    const before = await snapshotAll(server().db);
    const ok = { From_Account: 'ri-no-a', To_Account: 'ri-no-b' };
    expect(await importmsg({ ...ok, From_Account: 'ri-no-nobody' })).toMatchObject(
      refused(RestErrorCode.OPENIM_ACCOUNT_NOT_FOUND),
    );
    expect(await importmsg({ ...ok, To_Account: 'ri-no-nobody' })).toMatchObject(
      refused(RestErrorCode.OPENIM_ACCOUNT_NOT_FOUND),
    );
    for (const bad of [
      { SyncFromOldSystem: 3 },
      { SyncFromOldSystem: undefined },
      { MsgTimeStamp: -1 },
      { MsgTimeStamp: 4_000_000_000 },
      { MsgBody: [] },
    ]) {
      expect(await importmsg({ ...ok, ...bad })).toMatchObject(refused(RestErrorCode.OPENIM_INVALID_PARAMS));
    }
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});
