import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Conversation, isMessagePeerRead, type Message, type ReadReceiptUpdate } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, createGroupWith, errorCode, nextEvent, until } from '../../integration/harness';
import { serverWithTabs } from '../../integration/tabs';

/**
 * Read receipts through the SDK against a real server. Group messages sent with needReadReceipt:
 * receipts, counts, member lists, the sender's tabs told live, and every refusal. C2C: the peer's
 * read cursor (peerReadSequence, isMessagePeerRead), live and after a reconnect.
 */

const { EVENT, TYPES } = LiaisonChat;

const { server, user, tabThatCanGoOffline } = serverWithTabs();

function reconnected(chat: Chat) {
  return nextEvent<{ state: string }>(chat, EVENT.NET_STATE_CHANGE, (d) => d.state === 'connected', 15_000);
}

/** Sends a text (with needReadReceipt unless told otherwise); resolves with the sent message and `to`'s copy. */
async function delivered(
  from: Chat,
  to: Chat,
  toID: string,
  text: string,
  type: 'C2C' | 'GROUP' = 'GROUP',
  needReadReceipt = true,
) {
  const message = from.createTextMessage({ to: toID, conversationType: type, payload: { text }, needReadReceipt });
  const arrived = nextEvent<Message[]>(to, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.ID === message.ID));
  await from.sendMessage(message);
  return { sent: message, copy: (await arrived).find((m) => m.ID === message.ID) as Message };
}

function receipt(chat: Chat, messageID: string, check: (u: ReadReceiptUpdate) => boolean = () => true) {
  return nextEvent<ReadReceiptUpdate[]>(chat, EVENT.MESSAGE_READ_RECEIPT_RECEIVED, (list) =>
    list.some((u) => u.messageID === messageID && check(u)),
  ).then((list) => list.find((u) => u.messageID === messageID) as ReadReceiptUpdate);
}

async function counts(chat: Chat, message: Message) {
  const copy = { ...message };
  await chat.getMessageReadReceiptList([copy]);
  return copy.readReceiptInfo;
}

async function members(chat: Chat, message: Message, filter: 0 | 1, count = 100): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  for (let pages = 0; pages < 50; pages++) {
    const { data } = await chat.getGroupMessageReadMemberList({ message, filter, cursor, count });
    ids.push(...(filter === 0 ? data.readUserInfoList : data.unreadUserInfoList).map((u) => u.userID));
    if (data.isCompleted) return ids;
    cursor = data.cursor;
  }
  throw new Error('the member list never completed');
}

function conversationOf(chat: Chat, conversationID: string): Conversation | undefined {
  return chat.conversationStore.getSnapshot().find((c) => c.conversationID === conversationID);
}

async function receiptRows(conversationKey: string): Promise<number> {
  const [row] = await server().db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM message_receipts WHERE conv_key = $1',
    [conversationKey],
  );
  return Number(row?.n ?? 0);
}

describe('group read receipts', () => {
  it('a member’s receipt reaches every tab of the sender with the new counts; rows only for readers', async () => {
    const alice = await user('gr-alice');
    const aliceTab = await user('gr-alice');
    const bob = await user('gr-bob');
    const carol = await user('gr-carol');
    await user('gr-dave');
    await bob.updateMyProfile({ nick: 'Bob' });
    await createGroupWith(alice, 'gr-group', ['gr-bob', 'gr-carol', 'gr-dave']);
    const { sent, copy } = await delivered(alice, bob, 'gr-group', 'please ack');
    expect(await receiptRows('g:gr-group')).toBe(0);
    expect(await counts(alice, sent)).toEqual({ readCount: 0, unreadCount: 3, isPeerRead: false });

    const here = receipt(alice, sent.ID);
    const there = receipt(aliceTab, sent.ID);
    await bob.sendMessageReadReceipt([copy]);
    for (const update of [await here, await there]) {
      expect(update).toEqual({
        conversationID: 'GROUPgr-group',
        messageID: sent.ID,
        isPeerRead: false,
        readCount: 1,
        unreadCount: 2,
      });
    }
    // A repeat is a no-op: counted once, one row.
    await bob.sendMessageReadReceipt([copy]);
    expect(await receiptRows('g:gr-group')).toBe(1);
    expect(await counts(alice, sent)).toMatchObject({ readCount: 1, unreadCount: 2 });

    const filled = await alice.getMessageReadReceiptList([sent]);
    expect(filled.data.messageList[0]).toBe(sent);
    expect(sent.readReceiptInfo).toEqual({ readCount: 1, unreadCount: 2, isPeerRead: false });

    const readers = {
      messageID: sent.ID,
      readUserIDList: ['gr-bob'],
      unreadUserIDList: [],
      readUserInfoList: [{ userID: 'gr-bob', nick: 'Bob', avatar: '' }],
      unreadUserInfoList: [],
      cursor: '',
      isCompleted: true,
    };
    expect((await alice.getGroupMessageReadMemberList({ message: sent, filter: 0 })).data).toEqual(readers);
    // As Tencent's SDK: a filter other than 0 or 1 reads as 0, a count out of 1–99 as 100.
    expect(
      (await alice.getGroupMessageReadMemberList({ message: sent, filter: 7, cursor: '', count: 0 })).data,
    ).toEqual(readers);
    expect(await members(alice, sent, 1)).toEqual(['gr-carol', 'gr-dave']);
    // Paged one by one, the same members in the same order.
    expect(await members(alice, sent, 1, 1)).toEqual(['gr-carol', 'gr-dave']);

    const carolCopy = { ...copy };
    const allRead = receipt(alice, sent.ID, (u) => u.readCount === 2);
    await carol.sendMessageReadReceipt([carolCopy]);
    expect(await allRead).toMatchObject({ readCount: 2, unreadCount: 1 });
    expect(await members(alice, sent, 0, 1)).toEqual(['gr-bob', 'gr-carol']);
    expect(await members(alice, sent, 1)).toEqual(['gr-dave']);
    expect(await receiptRows('g:gr-group')).toBe(2);
  });

  it('acknowledges up to 30 messages in one call and refuses 31 before asking', async () => {
    const alice = await user('gb-alice');
    const bob = await user('gb-bob');
    await createGroupWith(alice, 'gb-group', ['gb-bob']);
    const copies: Message[] = [];
    for (let i = 0; i < 31; i++) copies.push((await delivered(alice, bob, 'gb-group', `m${i}`)).copy);
    expect(await errorCode(bob.sendMessageReadReceipt(copies))).toBe(ErrorCode.INVALID_PARAMS);
    await bob.sendMessageReadReceipt(copies.slice(0, 30));
    expect(await receiptRows('g:gb-group')).toBe(30);
    const { data } = await alice.getMessageReadReceiptList(copies.slice(0, 30).map((m) => ({ ...m })));
    expect(
      data.messageList.every((m) => m.readReceiptInfo.readCount === 1 && m.readReceiptInfo.unreadCount === 0),
    ).toBe(true);
  });

  it('a sender’s tab that was offline gets the counts it missed by asking once it is back', async () => {
    const alice = await user('go-alice');
    const away = await tabThatCanGoOffline('go-alice');
    const bob = await user('go-bob');
    await user('go-carol');
    await createGroupWith(alice, 'go-group', ['go-bob', 'go-carol']);
    const { sent, copy } = await delivered(alice, bob, 'go-group', 'read me later');
    const back = reconnected(away.chat);
    away.goOffline();
    await bob.sendMessageReadReceipt([copy]);
    await back;
    expect(await counts(away.chat, sent)).toMatchObject({ readCount: 1, unreadCount: 1 });
    expect(await members(away.chat, sent, 0)).toEqual(['go-bob']);
    // And it hears the next one live.
    const fresh = await delivered(alice, bob, 'go-group', 'and this one');
    const live = receipt(away.chat, fresh.sent.ID);
    await bob.sendMessageReadReceipt([fresh.copy]);
    expect(await live).toMatchObject({ readCount: 1, unreadCount: 1 });
  });

  it('counts only members who were in the group when it was sent', async () => {
    const alice = await user('gj-alice');
    const bob = await user('gj-bob');
    const erin = await user('gj-erin');
    // A Meeting group shows a newcomer the history from before they joined.
    await createGroupWith(alice, 'gj-group', ['gj-bob'], TYPES.GRP_MEETING, {
      joinOption: TYPES.JOIN_OPTIONS_FREE_ACCESS,
    });
    const { sent } = await delivered(alice, bob, 'gj-group', 'before erin');
    await erin.joinGroup({ groupID: 'gj-group' });
    const seen = await erin.getMessageList({ conversationID: 'GROUPgj-group' });
    const atErin = seen.data.messageList.find((m) => m.ID === sent.ID) as Message;
    expect(atErin).toBeDefined();
    await erin.sendMessageReadReceipt([atErin]);
    expect(await counts(alice, sent)).toMatchObject({ readCount: 0, unreadCount: 1 });
    expect(await members(alice, sent, 1)).toEqual(['gj-bob']);
  });

  it('refuses what has no receipt: Community (60046), own messages, messages without needReadReceipt, non-members, empty lists (2114)', async () => {
    const alice = await user('gx-alice');
    const bob = await user('gx-bob');
    const eve = await user('gx-eve');
    await createGroupWith(alice, 'gx-community', ['gx-bob'], TYPES.GRP_COMMUNITY);
    await createGroupWith(alice, 'gx-group', ['gx-bob']);

    const inCommunity = await delivered(alice, bob, 'gx-community', 'no receipts here');
    expect(await errorCode(bob.sendMessageReadReceipt([inCommunity.copy]))).toBe(ErrorCode.READ_RECEIPT_UNSUPPORTED);
    expect(await errorCode(alice.getMessageReadReceiptList([inCommunity.sent]))).toBe(
      ErrorCode.READ_RECEIPT_UNSUPPORTED,
    );

    const { sent, copy } = await delivered(alice, bob, 'gx-group', 'ack me');
    const plain = await delivered(alice, bob, 'gx-group', 'no ack wanted', 'GROUP', false);
    expect(await errorCode(alice.sendMessageReadReceipt([sent]))).toBe(ErrorCode.READ_RECEIPT_UNSUPPORTED);
    // One bad message fails the call and nothing is recorded.
    expect(await errorCode(bob.sendMessageReadReceipt([copy, plain.copy]))).toBe(ErrorCode.READ_RECEIPT_UNSUPPORTED);
    expect(await receiptRows('g:gx-group')).toBe(0);
    expect(await errorCode(eve.sendMessageReadReceipt([{ ...copy }]))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    // Who read it is the sender's to see.
    expect(await errorCode(bob.getGroupMessageReadMemberList({ message: copy, filter: 0 }))).toBe(
      ErrorCode.GROUP_NO_PERMISSION,
    );
    expect(await counts(alice, plain.sent)).toEqual({ readCount: 0, unreadCount: 0, isPeerRead: false });

    // An empty list is refused by the SDK before any request: even logged out, the answer is 2114.
    expect(await errorCode(bob.sendMessageReadReceipt([]))).toBe(ErrorCode.READ_RECEIPT_MSG_LIST_EMPTY);
    const loggedOut = LiaisonChat.create({ SDKAppID: server().app.sdkAppID, server: server().url });
    expect(await errorCode(loggedOut.sendMessageReadReceipt([]))).toBe(ErrorCode.READ_RECEIPT_MSG_LIST_EMPTY);
    expect(await errorCode(loggedOut.sendMessageReadReceipt([copy]))).toBe(ErrorCode.SDK_NOT_READY);
  });
});

describe('one-to-one read state', () => {
  it('the peer reading the chat reaches every tab of the sender: events, peerReadSequence, isMessagePeerRead', async () => {
    const alice = await user('cr-alice');
    const aliceTab = await user('cr-alice');
    const bob = await user('cr-bob');
    const first = await delivered(alice, bob, 'cr-bob', 'one', 'C2C', false);
    const second = await delivered(alice, bob, 'cr-bob', 'two', 'C2C', false);
    const conversationID = 'C2Ccr-bob';
    expect(isMessagePeerRead(second.sent, conversationOf(alice, conversationID))).toBe(false);
    expect(conversationOf(alice, conversationID)?.lastMessage.isPeerRead).toBe(false);
    expect(await counts(alice, second.sent)).toEqual({ readCount: 0, unreadCount: 1, isPeerRead: false });

    const here = nextEvent<ReadReceiptUpdate[]>(alice, EVENT.MESSAGE_READ_RECEIPT_RECEIVED);
    const otherTab = nextEvent<ReadReceiptUpdate[]>(aliceTab, EVENT.MESSAGE_READ_RECEIPT_RECEIVED);
    await bob.setMessageRead({ conversationID: 'C2Ccr-alice' });
    const expected = [first, second].map(({ sent }) => ({
      conversationID,
      messageID: sent.ID,
      isPeerRead: true,
      readCount: 1,
      unreadCount: 0,
    }));
    expect(await here).toEqual(expected);
    // The other tab saw the messages stored too (its own user's sends): the same news.
    expect(await otherTab).toEqual(expected);
    for (const chat of [alice, aliceTab]) {
      expect(conversationOf(chat, conversationID)?.peerReadSequence).toBe(second.sent.sequence);
      expect(isMessagePeerRead(first.sent, conversationOf(chat, conversationID))).toBe(true);
      // The list row shows my last message as read.
      expect(conversationOf(chat, conversationID)?.lastMessage).toMatchObject({ ID: second.sent.ID, isPeerRead: true });
    }
    // Bob's list: his last message is one he received, never 'read by the peer'.
    expect(conversationOf(bob, 'C2Ccr-alice')?.lastMessage.isPeerRead).toBe(false);
    const filled = { ...second.sent };
    await alice.getMessageReadReceiptList([filled]);
    expect(filled).toMatchObject({
      isPeerRead: true,
      readReceiptInfo: { readCount: 1, unreadCount: 0, isPeerRead: true },
    });
    // Bob's own messages are not "read by the peer" for him to ask about.
    expect(await counts(bob, second.copy)).toEqual({ readCount: 0, unreadCount: 0, isPeerRead: false });
    // Reading again moves nothing: no news.
    await bob.setMessageRead({ conversationID: 'C2Ccr-alice' });
  });

  it('a reply from the peer counts as reading what came before it', async () => {
    const alice = await user('cp-alice');
    const bob = await user('cp-bob');
    const mine = await delivered(alice, bob, 'cp-bob', 'did you see this?', 'C2C', false);
    const news = receipt(alice, mine.sent.ID);
    await delivered(bob, alice, 'cp-alice', 'yes', 'C2C', false);
    expect(await news).toMatchObject({ isPeerRead: true });
    expect(isMessagePeerRead(mine.sent, conversationOf(alice, 'C2Ccp-bob'))).toBe(true);
    // The reply is the last message now: Bob's, not one of mine waiting to be read.
    expect(conversationOf(alice, 'C2Ccp-bob')?.lastMessage.isPeerRead).toBe(false);
  });

  it('the peer deleting the chat reads it too, and the sender hears so at once', async () => {
    const alice = await user('cd-alice');
    const bob = await user('cd-bob');
    const { sent } = await delivered(alice, bob, 'cd-bob', 'you will delete this', 'C2C', false);
    const news = receipt(alice, sent.ID);
    await bob.deleteConversation('C2Ccd-alice');
    expect(await news).toMatchObject({ isPeerRead: true });
    expect(conversationOf(alice, 'C2Ccd-bob')).toMatchObject({
      peerReadSequence: sent.sequence,
      lastMessage: { ID: sent.ID, isPeerRead: true },
    });
  });

  it('a tab that was offline while the peer read has peerReadSequence from the list after its reconnect', async () => {
    const alice = await user('co-alice');
    const away = await tabThatCanGoOffline('co-alice');
    const bob = await user('co-bob');
    const { sent } = await delivered(alice, bob, 'co-bob', 'read it while I was away', 'C2C', false);
    await until(() => (conversationOf(away.chat, 'C2Cco-bob')?.maxSequence ?? 0) >= sent.sequence, 5_000, 'the send');
    expect(isMessagePeerRead(sent, conversationOf(away.chat, 'C2Cco-bob'))).toBe(false);
    const back = reconnected(away.chat);
    away.goOffline();
    await bob.setMessageRead({ conversationID: 'C2Cco-alice' });
    await back;
    await until(
      () => isMessagePeerRead(sent, conversationOf(away.chat, 'C2Cco-bob')),
      10_000,
      'peerReadSequence after the reconnect',
    );
    const later = await user('co-alice');
    expect(conversationOf(later, 'C2Cco-bob')?.peerReadSequence).toBe(sent.sequence);
    expect(conversationOf(later, 'C2Cco-bob')?.lastMessage.isPeerRead).toBe(true);
    expect(conversationOf(away.chat, 'C2Cco-bob')?.lastMessage.isPeerRead).toBe(true);
  });
});
