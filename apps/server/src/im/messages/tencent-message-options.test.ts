import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import {
  type Chat,
  errorCode,
  nextEvent,
  RawClient,
  recordMessages,
  sendText,
  until,
  useServer,
  wholeHistory,
} from '../../integration/harness';

/**
 * Tencent's message options and fields through the SDK against a real server: resendMessage,
 * findMessage, sendMessage's onlineUserOnly and messageControlInfo, revokerInfo, priority,
 * targeted group messages (receiverList).
 */

const { EVENT, TYPES } = LiaisonChat;
const { server, user } = useServer();

const received = (chat: Chat, messageID: string) =>
  nextEvent<Message[]>(chat, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.ID === messageID));

/** A work group of `owner`'s with these members. */
const workGroup = (owner: Chat, groupID: string, members: string[]) =>
  owner.createGroup({
    type: TYPES.GRP_WORK,
    name: groupID,
    groupID,
    memberList: members.map((userID) => ({ userID })),
  });

describe('resendMessage', () => {
  it('sends a failed message again with its ID: the peer receives it once, and history holds it once', async () => {
    const alice = await user('rs-alice');
    const bob = await user('rs-bob');
    const seen = recordMessages(bob);
    const message = alice.createTextMessage({ to: 'rs-bob', conversationType: 'C2C', payload: { text: 'again' } });
    await alice.sendMessage(message);
    // As if the answer had been lost: the kit shows it failed, the user resends it.
    message.status = 'fail';
    const { data } = await alice.resendMessage(message);
    expect(data.message.ID).toBe(message.ID);
    expect(data.message.status).toBe('success');
    const another = alice.createTextMessage({ to: 'rs-bob', conversationType: 'C2C', payload: { text: 'after' } });
    const arrived = received(bob, another.ID);
    await alice.sendMessage(another);
    await arrived;
    expect(seen.filter((m) => m.ID === message.ID)).toHaveLength(1);
    const history = await wholeHistory(bob, 'C2Crs-alice');
    expect(history.filter((m) => m.ID === message.ID)).toHaveLength(1);
  });

  it('refuses what is not one of my messages with 60003', async () => {
    const alice = await user('rs2-alice');
    const bob = await user('rs2-bob');
    const message = alice.createTextMessage({ to: 'rs2-bob', conversationType: 'C2C', payload: { text: 'mine' } });
    const arrived = received(bob, message.ID);
    await alice.sendMessage(message);
    const copy = (await arrived).find((m) => m.ID === message.ID) as Message;
    expect(await errorCode(bob.resendMessage(copy))).toBe(ErrorCode.INVALID_PARAMS);
    expect(await errorCode(bob.resendMessage({} as Message))).toBe(ErrorCode.INVALID_PARAMS);
  });
});

describe('findMessage', () => {
  it('finds what was sent, received or loaded from history, the revoked copy once revoked; null for an unknown ID', async () => {
    const alice = await user('fm-alice');
    const bob = await user('fm-bob');
    const message = alice.createTextMessage({ to: 'fm-bob', conversationType: 'C2C', payload: { text: 'find me' } });
    const arrived = received(bob, message.ID);
    await alice.sendMessage(message);
    expect(alice.findMessage(message.ID)).toBe(message);
    const copy = (await arrived).find((m) => m.ID === message.ID) as Message;
    expect(bob.findMessage(message.ID)).toBe(copy);
    expect(bob.findMessage('fm-nobody-1-1')).toBeNull();

    const later = await user('fm-bob');
    expect(later.findMessage(message.ID)).toBeNull();
    await later.getMessageList({ conversationID: 'C2Cfm-alice' });
    expect(later.findMessage(message.ID)?.payload).toEqual({ text: 'find me' });

    const revoked = nextEvent<Message[]>(bob, EVENT.MESSAGE_REVOKED);
    await alice.revokeMessage(message);
    await revoked;
    expect(bob.findMessage(message.ID)?.isRevoked).toBe(true);
  });
});

describe('revokerInfo', () => {
  it('names who revoked, with their profile then, live and in history; revokeReason is empty', async () => {
    const alice = await user('rv-alice');
    const bob = await user('rv-bob');
    const carol = await user('rv-carol');
    await alice.updateMyProfile({ nick: 'Alice A.' });
    await workGroup(alice, 'rv-group', ['rv-bob', 'rv-carol']);
    const message = bob.createTextMessage({ to: 'rv-group', conversationType: 'GROUP', payload: { text: 'oops' } });
    const arrived = received(carol, message.ID);
    await bob.sendMessage(message);
    await arrived;
    expect(message.revokerInfo).toEqual({ userID: '', nick: '', avatar: '' });

    const live = nextEvent<Message[]>(carol, EVENT.MESSAGE_REVOKED, (list) => list[0]?.ID === message.ID);
    const { data } = await alice.revokeMessage(message);
    const expected = { userID: 'rv-alice', nick: 'Alice A.', avatar: '' };
    expect(data.message.revokerInfo).toEqual(expected);
    expect((await live)[0]?.revokerInfo).toEqual(expected);
    const history = await wholeHistory(carol, 'GROUPrv-group');
    const stored = history.find((m) => m.ID === message.ID) as Message;
    expect(stored.revokerInfo).toEqual(expected);
    expect(stored.revokeReason).toBe('');
  });
});

describe('sendMessage with onlineUserOnly', () => {
  it('reaches the peer online now, and is neither stored, nor unread, nor the last message', async () => {
    const alice = await user('ol-alice');
    const bob = await user('ol-bob');
    const stored = alice.createTextMessage({ to: 'ol-bob', conversationType: 'C2C', payload: { text: 'stored' } });
    const first = received(bob, stored.ID);
    await alice.sendMessage(stored);
    await first;
    await bob.setMessageRead({ conversationID: 'C2Col-alice' });

    const typing = alice.createCustomMessage({
      to: 'ol-bob',
      conversationType: 'C2C',
      payload: { data: 'typing', description: '', extension: '' },
    });
    const live = received(bob, typing.ID);
    const { data } = await alice.sendMessage(typing, { onlineUserOnly: true, offlinePushInfo: { title: 'x' } });
    expect(data.message.status).toBe('success');
    expect(data.message.sequence).toBe(0);
    expect((await live).find((m) => m.ID === typing.ID)?.payload).toMatchObject({ data: 'typing' });

    const { data: conversation } = await bob.getConversationProfile('C2Col-alice');
    expect(conversation.conversation.unreadCount).toBe(0);
    expect(conversation.conversation.lastMessage?.payload).toMatchObject({ text: 'stored' });
    const history = await wholeHistory(bob, 'C2Col-alice');
    expect(history.map((m) => m.ID)).toEqual([stored.ID]);
    const later = await user('ol-bob');
    expect((await later.getConversationProfile('C2Col-alice')).data.conversation.unreadCount).toBe(0);
  });
});

describe('create*Message options', () => {
  it('priority is kept as given (TYPES.MSG_PRIORITY_*), Normal otherwise; isSupportExtension defaults to false', async () => {
    const alice = await user('pr-alice');
    const high = alice.createTextMessage({
      to: 'pr-bob',
      conversationType: 'C2C',
      payload: { text: 'hi' },
      priority: TYPES.MSG_PRIORITY_HIGH,
    });
    expect(high.priority).toBe('High');
    const odd = alice.createTextMessage({
      to: 'pr-bob',
      conversationType: 'C2C',
      payload: { text: 'hi' },
      priority: 'Urgent' as typeof TYPES.MSG_PRIORITY_LOW,
    });
    expect(odd.priority).toBe('Normal');
    expect(odd.isSupportExtension).toBe(false);
  });
});

describe('targeted group messages (receiverList)', () => {
  it('reach only the listed members and the sender; others never see them; they count as nobody’s unread', async () => {
    const alice = await user('tg-alice');
    const bob = await user('tg-bob');
    const carol = await user('tg-carol');
    await workGroup(alice, 'tg-group', ['tg-bob', 'tg-carol']);
    const atCarol = recordMessages(carol);
    const atBob = recordMessages(bob);
    const everyone = await sendText(alice, 'tg-group', 'for everyone', 'GROUP');

    // A user who is not in the group is dropped from the list: only members receive group messages.
    const targeted = alice.createTextMessage({
      to: 'tg-group',
      conversationType: 'GROUP',
      payload: { text: 'for bob' },
      receiverList: ['tg-bob', 'tg-stranger'],
    });
    const { data } = await alice.sendMessage(targeted);
    expect(data.message._receiverList).toEqual(['tg-bob']);
    expect(data.message._isExcludedFromUnreadCount).toBe(true);
    const after = await sendText(alice, 'tg-group', 'for everyone again', 'GROUP');
    await until(() => atCarol.some((m) => m.ID === after.ID) && atBob.some((m) => m.ID === after.ID));
    expect(atBob.map((m) => m.ID)).toEqual([everyone.ID, targeted.ID, after.ID]);
    expect(atCarol.map((m) => m.ID)).toEqual([everyone.ID, after.ID]);
    expect((await bob.getConversationList()).data.conversationList[0]?.unreadCount).toBe(2);

    const lastForBob = alice.createTextMessage({
      to: 'tg-group',
      conversationType: 'GROUP',
      payload: { text: 'last, for bob' },
      receiverList: ['tg-bob'],
    });
    await alice.sendMessage(lastForBob);
    // As the server has it, at a new login.
    const [bobAgain, carolAgain] = [await user('tg-bob'), await user('tg-carol')];
    const seenByBob = (await bobAgain.getConversationProfile('GROUPtg-group')).data.conversation;
    const seenByCarol = (await carolAgain.getConversationProfile('GROUPtg-group')).data.conversation;
    expect([seenByBob.unreadCount, seenByCarol.unreadCount]).toEqual([2, 2]);
    expect(seenByBob.lastMessage.payload).toEqual({ text: 'last, for bob' });
    expect(seenByCarol.lastMessage.payload).toEqual({ text: 'for everyone again' });
    expect((await wholeHistory(bobAgain, 'GROUPtg-group')).filter((m) => m._receiverList).map((m) => m.ID)).toEqual([
      targeted.ID,
      lastForBob.ID,
    ]);
    const carolsHistory = await wholeHistory(carolAgain, 'GROUPtg-group');
    expect(carolsHistory.some((m) => m.ID === targeted.ID || m.ID === lastForBob.ID)).toBe(false);
    expect(await errorCode(carolAgain.deleteMessage([{ ...targeted, flow: 'in' } as Message]))).toBe(
      ErrorCode.MESSAGE_NOT_FOUND,
    );
    const raw = await RawClient.open(server());
    await raw.login(server(), 'tg-carol');
    expect((await raw.request('getTotalUnreadMessageCount', {})).data).toEqual({ totalUnreadCount: 2 });
    raw.close();
  });

  it('refuses an @ message (10004) and AVChatRoom and Community groups (10004); only groups are targeted', async () => {
    const alice = await user('tg2-alice');
    await user('tg2-bob');
    await workGroup(alice, 'tg2-work', ['tg2-bob']);
    await alice.createGroup({ type: TYPES.GRP_AVCHATROOM, name: 'av', groupID: 'tg2-live' });
    await alice.createGroup({ type: TYPES.GRP_COMMUNITY, name: 'c', groupID: '@TGS#_tg2-community' });
    const targeted = (to: string, atUserList?: string[]) =>
      alice.sendMessage(
        alice.createTextMessage({
          to,
          conversationType: 'GROUP',
          payload: { text: 'hi', atUserList },
          receiverList: ['tg2-bob'],
        }),
      );
    expect(await errorCode(targeted('tg2-work', ['tg2-bob']))).toBe(ErrorCode.GROUP_INVALID_PARAMS);
    expect(await errorCode(targeted('tg2-live'))).toBe(ErrorCode.GROUP_INVALID_PARAMS);
    expect(await errorCode(targeted('@TGS#_tg2-community'))).toBe(ErrorCode.GROUP_INVALID_PARAMS);
    expect((await wholeHistory(alice, 'GROUPtg2-work')).filter((m) => m.type === TYPES.MSG_TEXT)).toEqual([]);
    // Tencent's SDK sends a receiverList with group messages only: a one-to-one message goes as usual.
    const c2c = alice.createTextMessage({
      to: 'tg2-bob',
      conversationType: 'C2C',
      payload: { text: 'hi' },
      receiverList: ['x'],
    });
    expect((await alice.sendMessage(c2c)).data.message.sequence).toBeGreaterThan(0);
    expect(() =>
      alice.createTextMessage({
        to: 'tg2-work',
        conversationType: 'GROUP',
        payload: { text: 'hi' },
        receiverList: [3] as unknown as string[],
      }),
    ).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }));
  });
});

describe('sendMessage with messageControlInfo', () => {
  it('excludedFromUnreadCount is nobody’s unread, excludedFromLastMessage never the last message; the flags come back on the message', async () => {
    const alice = await user('mc-alice');
    const bob = await user('mc-bob');
    const send = async (text: string, messageControlInfo?: Record<string, boolean>) => {
      const message = alice.createTextMessage({ to: 'mc-bob', conversationType: 'C2C', payload: { text } });
      const arrived = received(bob, message.ID);
      await alice.sendMessage(message, messageControlInfo ? { messageControlInfo } : undefined);
      return (await arrived).find((m) => m.ID === message.ID) as Message;
    };
    await send('counted');
    const quiet = await send('quiet', { excludedFromUnreadCount: true, excludedFromContentModeration: true });
    const hidden = await send('hidden', { excludedFromLastMessage: true });
    expect([quiet._isExcludedFromUnreadCount, quiet._isExcludedFromLastMessage]).toEqual([true, false]);
    expect([hidden._isExcludedFromUnreadCount, hidden._isExcludedFromLastMessage]).toEqual([false, true]);

    const live = (await bob.getConversationList()).data.conversationList.find(
      (c) => c.conversationID === 'C2Cmc-alice',
    );
    expect([live?.unreadCount, live?.lastMessage.payload]).toEqual([2, { text: 'quiet' }]);
    const mine = (await alice.getConversationList()).data.conversationList.find(
      (c) => c.conversationID === 'C2Cmc-bob',
    );
    expect(mine?.lastMessage.payload).toEqual({ text: 'quiet' });
    const later = (await (await user('mc-bob')).getConversationProfile('C2Cmc-alice')).data.conversation;
    expect([later.unreadCount, later.lastMessage.payload]).toEqual([2, { text: 'quiet' }]);
    const history = await wholeHistory(bob, 'C2Cmc-alice');
    expect(history.map((m) => [m._isExcludedFromUnreadCount, m._isExcludedFromLastMessage])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
  });
});
