import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { errorCode, nextEvent, recordMessages, sendText, until, useServer } from '../../integration/harness';

const { EVENT, TYPES } = LiaisonChat;
const { user } = useServer();

describe('one-to-one chat', () => {
  it('delivers a text message to the peer with the reference field names', async () => {
    const alice = await user('c2c-alice');
    const bob = await user('c2c-bob');
    const arrived = nextEvent<Array<Record<string, unknown>>>(bob, EVENT.MESSAGE_RECEIVED);
    const message = alice.createTextMessage({
      to: 'c2c-bob',
      conversationType: TYPES.CONV_C2C,
      payload: { text: 'hi' },
    });
    expect(message.status).toBe('unSend');
    const result = await alice.sendMessage(message);
    expect(result.code).toBe(0);
    expect(result.data.message).toMatchObject({
      ID: message.ID,
      status: 'success',
      flow: 'out',
      conversationID: 'C2Cc2c-bob',
      sequence: 1,
    });
    const [received] = await arrived;
    expect(received).toMatchObject({
      ID: message.ID,
      type: 'TIMTextElem',
      payload: { text: 'hi' },
      from: 'c2c-alice',
      to: 'c2c-bob',
      flow: 'in',
      conversationID: 'C2Cc2c-alice',
      conversationType: 'C2C',
      status: 'success',
      sequence: 1,
    });
  });

  it('pages history 15 at a time, oldest first within a page, until complete', async () => {
    const alice = await user('hist-alice');
    await user('hist-bob');
    for (let i = 1; i <= 40; i++) await sendText(alice, 'hist-bob', `m${i}`);
    const texts = (list: Array<{ payload: unknown }>) => list.map((m) => (m.payload as { text: string }).text);

    const first = await alice.getMessageList({ conversationID: 'C2Chist-bob' });
    expect(texts(first.data.messageList)).toEqual(Array.from({ length: 15 }, (_, i) => `m${i + 26}`));
    expect(first.data.isCompleted).toBe(false);
    const second = await alice.getMessageList({
      conversationID: 'C2Chist-bob',
      nextReqMessageID: first.data.nextReqMessageID,
    });
    expect(texts(second.data.messageList)).toEqual(Array.from({ length: 15 }, (_, i) => `m${i + 11}`));
    const third = await alice.getMessageList({
      conversationID: 'C2Chist-bob',
      nextReqMessageID: second.data.nextReqMessageID,
    });
    expect(texts(third.data.messageList)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
    expect(third.data.isCompleted).toBe(true);
  });

  it('counts unread messages and clears them on every tab of the reader', async () => {
    const alice = await user('unread-alice');
    const bobTab1 = await user('unread-bob');
    const bobTab2 = await user('unread-bob');
    for (let i = 0; i < 3; i++) await sendText(alice, 'unread-bob', `u${i}`);
    await until(() => bobTab2.getTotalUnreadMessageCount() === 3, 5000, 'unread on tab 2');
    const convList = await bobTab1.getConversationList();
    const conv = convList.data.conversationList.find((c) => c.conversationID === 'C2Cunread-alice');
    expect(conv?.unreadCount).toBe(3);
    expect(conv?.lastMessage?.payload).toEqual({ text: 'u2' });

    const cleared = nextEvent<number>(bobTab2, EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 0);
    await bobTab1.setMessageRead({ conversationID: 'C2Cunread-alice' });
    await cleared;
    expect(bobTab1.getTotalUnreadMessageCount()).toBe(0);
    const profile = await bobTab2.getConversationProfile('C2Cunread-alice');
    expect(profile.data.conversation.unreadCount).toBe(0);
    // The sender's own messages never count as unread for them.
    expect(alice.getTotalUnreadMessageCount()).toBe(0);
  });

  it('pins, mutes, keeps a draft and deletes a conversation, and other tabs follow', async () => {
    const alice = await user('conv-alice');
    const aliceTab2 = await user('conv-alice');
    await user('conv-bob');
    await user('conv-carol');
    await sendText(alice, 'conv-bob', 'to bob');
    await sendText(alice, 'conv-carol', 'to carol');
    const id = 'C2Cconv-bob';

    const pinnedOnTab2 = nextEvent<Array<{ conversationID: string; isPinned: boolean }>>(
      aliceTab2,
      EVENT.CONVERSATION_LIST_UPDATED,
      (l) => l[0]?.conversationID === id && l[0].isPinned,
    );
    await alice.pinConversation({ conversationID: id, isPinned: true });
    await pinnedOnTab2;
    const list = (await aliceTab2.getConversationList()).data.conversationList;
    expect(list[0]).toMatchObject({ conversationID: id, isPinned: true });

    await alice.setMessageRemindType({ conversationID: id, messageRemindType: TYPES.MSG_REMIND_ACPT_NOT_NOTE });
    await alice.setConversationDraft({ conversationID: id, draftText: 'half a thought' });
    const profile = (await aliceTab2.getConversationProfile(id)).data.conversation;
    expect(profile).toMatchObject({ messageRemindType: 'AcceptNotNotify', draftText: 'half a thought' });

    const deleted = nextEvent<Array<{ conversationID: string }>>(aliceTab2, EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      l.every((c) => c.conversationID !== id),
    );
    await alice.deleteConversation(id);
    await deleted;
    const after = (await alice.getConversationList()).data.conversationList.map((c) => c.conversationID);
    expect(after).not.toContain(id);
    expect(after).toContain('C2Cconv-carol');
    // Deleting clears the history for this user only.
    expect((await alice.getMessageList({ conversationID: id })).data.messageList).toEqual([]);
  });

  it('brings a deleted conversation back when a new message arrives', async () => {
    const alice = await user('back-alice');
    const bob = await user('back-bob');
    await sendText(alice, 'back-bob', 'first');
    await until(() => bob.getTotalUnreadMessageCount() === 1, 5000, 'first message');
    await bob.deleteConversation('C2Cback-alice');
    await sendText(alice, 'back-bob', 'second');
    await until(() => bob.getTotalUnreadMessageCount() === 1, 5000, 'second message');
    const list = (await bob.getConversationList()).data.conversationList;
    expect(list.find((c) => c.conversationID === 'C2Cback-alice')?.unreadCount).toBe(1);
    const history = (await bob.getMessageList({ conversationID: 'C2Cback-alice' })).data.messageList;
    expect(history.map((m) => (m.payload as { text: string }).text)).toEqual(['second']);
  });

  it('shows a user their own sends from another tab, and each tab stays logged in', async () => {
    const tab1 = await user('tabs-alice');
    const tab2 = await user('tabs-alice');
    await user('tabs-bob');
    const onTab2 = recordMessages(tab2);
    const onTab1 = recordMessages(tab1);
    const sent = await sendText(tab1, 'tabs-bob', 'from tab 1');
    await until(() => onTab2.length === 1, 5000, 'own send on tab 2');
    expect(onTab2[0]).toMatchObject({ ID: sent.ID, flow: 'out', conversationID: 'C2Ctabs-bob' });
    // The sending tab has the ack; it gets no second copy.
    await new Promise((r) => setTimeout(r, 200));
    expect(onTab1).toEqual([]);
    expect(tab1.isReady()).toBe(true);
    expect(tab2.isReady()).toBe(true);
  });

  it('updates profiles and tells the user’s other tabs', async () => {
    const tab1 = await user('prof-alice');
    const tab2 = await user('prof-alice');
    const bob = await user('prof-bob');
    const updated = nextEvent<Array<{ nick: string }>>(tab2, EVENT.PROFILE_UPDATED);
    await tab1.updateMyProfile({ nick: 'Alice', selfSignature: 'hello' });
    expect((await updated)[0]?.nick).toBe('Alice');
    expect((await tab2.getMyProfile()).data).toMatchObject({
      userID: 'prof-alice',
      nick: 'Alice',
      selfSignature: 'hello',
    });
    const [seen] = (await bob.getUserProfile({ userIDList: ['prof-alice', 'nobody-here'] })).data;
    expect(seen).toMatchObject({ userID: 'prof-alice', nick: 'Alice' });
    // Messages carry the sender's nick as it was when sent.
    const arrived = nextEvent<Array<{ nick: string }>>(bob, EVENT.MESSAGE_RECEIVED);
    await sendText(tab2, 'prof-bob', 'named');
    expect((await arrived)[0]?.nick).toBe('Alice');
  });

  it('opens a chat with a new contact and keeps its draft before the first message', async () => {
    const alice = await user('new-alice');
    await user('new-bob');
    const opened = (await alice.getConversationProfile('C2Cnew-bob')).data.conversation;
    expect(opened).toMatchObject({ conversationID: 'C2Cnew-bob', unreadCount: 0 });
    expect(opened.lastMessage?.ID ?? '').toBe('');
    await alice.setConversationDraft({ conversationID: 'C2Cnew-bob', draftText: 'Dear Bob,' });
    const list = (await alice.getConversationList()).data.conversationList;
    expect(list.find((c) => c.conversationID === 'C2Cnew-bob')?.draftText).toBe('Dear Bob,');
    expect(await errorCode(alice.getConversationProfile('C2Cnobody-at-all'))).toBe(ErrorCode.CONVERSATION_NOT_FOUND);
    expect(await errorCode(alice.setConversationDraft({ conversationID: 'C2Cnobody-at-all', draftText: 'x' }))).toBe(
      ErrorCode.USER_NOT_FOUND,
    );
  });
});
