import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, errorCode, nextEvent, recordMessages, useServer, wholeHistory } from '../../integration/harness';

/**
 * Tencent's message options and fields through the SDK against a real server: resendMessage,
 * findMessage, sendMessage's onlineUserOnly, revokerInfo, priority.
 */

const { EVENT, TYPES } = LiaisonChat;
const { user } = useServer();

const received = (chat: Chat, messageID: string) =>
  nextEvent<Message[]>(chat, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.ID === messageID));

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
    await alice.createGroup({
      type: TYPES.GRP_WORK,
      name: 'rv',
      groupID: 'rv-group',
      memberList: [{ userID: 'rv-bob' }, { userID: 'rv-carol' }],
    });
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
