import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { errorCode, nextEvent, sendText, wholeHistory } from '../../integration/harness';
import {
  applicationsWhere,
  befriend,
  blacklistWhere,
  friendListWhere,
  hasApplication,
  lacksApplication,
  lacksFriend,
  relationOf,
  WEB,
} from '../../integration/relation-helpers';
import { snapshot } from '../../integration/state-snapshot';
import { serverWithTabs } from '../../integration/tabs';

/**
 * The blocklist through the SDK against a real server: a blocked user's messages are refused and
 * leave nothing anywhere, blocking ends friendships and requests, and every tab follows.
 */

const { EVENT, TYPES } = LiaisonChat;

const { server, user, tabThatCanGoOffline } = serverWithTabs();

describe('a blocked user’s one-to-one messages', () => {
  it('are refused with 20007: nothing reaches the blocker, nor is stored on either side', async () => {
    const alice = await user('bm-alice');
    const mallory = await user('bm-mallory');
    await sendText(mallory, 'bm-alice', 'before the block');
    expect((await alice.addToBlacklist({ userIDList: ['bm-mallory'] })).data).toEqual(['bm-mallory']);

    const received: string[] = [];
    alice.on(EVENT.MESSAGE_RECEIVED, (event) => received.push(...event.data.map((m) => m.ID)));
    const refused = mallory.createTextMessage({
      to: 'bm-alice',
      conversationType: 'C2C',
      payload: { text: 'let me in' },
    });
    expect(await errorCode(mallory.sendMessage(refused))).toBe(ErrorCode.C2C_SENDER_BLOCKED);
    expect(refused.status).toBe('fail');

    const texts = async (chat: typeof alice, conversationID: string) =>
      (await wholeHistory(chat, conversationID)).map((m) => (m.type === 'TIMTextElem' ? m.payload.text : m.type));
    expect(await texts(alice, 'C2Cbm-mallory')).toEqual(['before the block']);
    expect(await texts(mallory, 'C2Cbm-alice')).toEqual(['before the block']);
    const conversation = (await alice.getConversationList()).data.conversationList.find(
      (c) => c.conversationID === 'C2Cbm-mallory',
    );
    expect(conversation?.lastMessage.messageForShow).toBe('before the block');
    expect(received).toEqual([]);
  });

  it('leave no conversation at all when the first message comes after the block', async () => {
    const alice = await user('bn-alice');
    const mallory = await user('bn-mallory');
    await alice.addToBlacklist({ userIDList: ['bn-mallory'] });
    expect(await errorCode(sendText(mallory, 'bn-alice', 'hello?'))).toBe(ErrorCode.C2C_SENDER_BLOCKED);
    const ids = (chat: typeof alice) =>
      chat.getConversationList().then((r) => r.data.conversationList.map((c) => c.conversationID));
    expect(await ids(alice)).not.toContain('C2Cbn-mallory');
    expect(await ids(mallory)).not.toContain('C2Cbn-alice');
    expect((await alice.getMessageList({ conversationID: 'C2Cbn-mallory' })).data.messageList).toEqual([]);
  });

  it('go through again once unblocked; the blocker may write to the blocked user all along', async () => {
    const alice = await user('bu-alice');
    const mallory = await user('bu-mallory');
    await alice.addToBlacklist({ userIDList: ['bu-mallory'] });
    expect((await sendText(alice, 'bu-mallory', 'stop writing to me')).payload).toEqual({ text: 'stop writing to me' });
    expect(await errorCode(sendText(mallory, 'bu-alice', 'sorry'))).toBe(ErrorCode.C2C_SENDER_BLOCKED);

    expect((await alice.removeFromBlacklist({ userIDList: ['bu-mallory'] })).data).toEqual(['bu-mallory']);
    const arrived = nextEvent(alice, EVENT.MESSAGE_RECEIVED);
    await sendText(mallory, 'bu-alice', 'sorry, really');
    await arrived;
  });
});

describe('a blocked user’s typing', () => {
  it('never reaches the blocker, while everyone else’s still does', async () => {
    const alice = await user('bt-alice');
    const mallory = await user('bt-mallory');
    const bob = await user('bt-bob');
    await alice.addToBlacklist({ userIDList: ['bt-mallory'] });
    const typists: string[] = [];
    alice.on(EVENT.TYPING_STATUS_CHANGED, (event) => typists.push(event.data.userID));
    const bobTyping = nextEvent(alice, EVENT.TYPING_STATUS_CHANGED);
    // Answered as any typing is: the blocked user learns nothing from it.
    await mallory.enterTypingState({ conversationID: 'C2Cbt-alice' });
    await bob.enterTypingState({ conversationID: 'C2Cbt-alice' });
    await bobTyping;
    expect(typists).toEqual(['bt-bob']);
  });
});

describe('blocking', () => {
  it('ends a friendship both ways, and each side’s tabs see their list change', async () => {
    const alice = await user('bf-alice');
    const aliceTab = await user('bf-alice');
    const bob = await user('bf-bob');
    await befriend(alice, bob);

    const bobLoses = friendListWhere(bob, lacksFriend('bf-alice'));
    const tabLoses = friendListWhere(aliceTab, lacksFriend('bf-bob'));
    const tabBlocks = blacklistWhere(aliceTab, (list) => list.includes('bf-bob'));
    await alice.addToBlacklist({ userIDList: ['bf-bob'] });
    await Promise.all([bobLoses, tabLoses, tabBlocks]);
    expect(await relationOf(alice, 'bf-bob')).toBe(TYPES.SNS_TYPE_NO_RELATION);
    expect((await aliceTab.getBlacklist()).data).toEqual(['bf-bob']);
    // The blocked user's own blocklist is untouched.
    expect((await bob.getBlacklist()).data).toEqual([]);
  });

  it('drops a pending friend request either way', async () => {
    const alice = await user('bp-alice');
    const bob = await user('bp-bob');
    const carol = await user('bp-carol');
    await bob.addFriend({ to: 'bp-alice', source: WEB });
    await alice.addFriend({ to: 'bp-carol', source: WEB });
    expect((await alice.getFriendApplicationList()).data.friendApplicationList).toHaveLength(2);

    const bobsGone = applicationsWhere(bob, lacksApplication('bp-alice'));
    const carolsGone = applicationsWhere(carol, lacksApplication('bp-alice'));
    await alice.addToBlacklist({ userIDList: ['bp-bob', 'bp-carol'] });
    await Promise.all([bobsGone, carolsGone]);
    expect((await alice.getFriendApplicationList()).data).toEqual({ friendApplicationList: [], unreadCount: 0 });
    expect(await errorCode(alice.acceptFriendApplication({ userID: 'bp-bob' }))).toBe(ErrorCode.RELATION_INVALID);
  });

  it('stops either side from adding the other: 30515 for the blocker, 30525 for the blocked user', async () => {
    const alice = await user('ba-alice');
    const bob = await user('ba-bob');
    await alice.updateMyProfile({ allowType: TYPES.ALLOW_TYPE_ALLOW_ANY });
    await alice.addToBlacklist({ userIDList: ['ba-bob'] });
    expect(await errorCode(alice.addFriend({ to: 'ba-bob', source: WEB }))).toBe(ErrorCode.FRIEND_IN_MY_BLACKLIST);
    expect(await errorCode(bob.addFriend({ to: 'ba-alice', source: WEB }))).toBe(ErrorCode.FRIEND_IN_THEIR_BLACKLIST);
    expect((await alice.getFriendApplicationList()).data.friendApplicationList).toEqual([]);

    await alice.removeFromBlacklist({ userIDList: ['ba-bob'] });
    expect((await bob.addFriend({ to: 'ba-alice', source: WEB })).data.code).toBe(0);
  });

  it('refuses oneself, someone already blocked and unknown users, all or nothing, changing nothing', async () => {
    const alice = await user('br-alice');
    await user('br-bob');
    await user('br-carol');
    await alice.addToBlacklist({ userIDList: ['br-bob'] });
    const before = await snapshot(server().db);
    expect(await errorCode(alice.addToBlacklist({ userIDList: ['br-carol', 'br-alice'] }))).toBe(
      ErrorCode.RELATION_INVALID,
    );
    expect(await errorCode(alice.addToBlacklist({ userIDList: ['br-carol', 'br-bob'] }))).toBe(
      ErrorCode.RELATION_INVALID,
    );
    expect(await errorCode(alice.addToBlacklist({ userIDList: ['br-carol', 'br-nobody'] }))).toBe(
      ErrorCode.USER_NOT_FOUND,
    );
    expect(await errorCode(alice.removeFromBlacklist({ userIDList: ['br-bob', 'br-carol'] }))).toBe(
      ErrorCode.RELATION_INVALID,
    );
    expect(await snapshot(server().db)).toEqual(before);
    expect((await alice.getBlacklist()).data).toEqual(['br-bob']);
  });

  it('a tab that was offline shows the blocklist and friend list as they became meanwhile', async () => {
    const alice = await user('bo-alice');
    const bob = await user('bo-bob');
    await befriend(alice, bob);
    await user('bo-carol');
    const away = await tabThatCanGoOffline('bo-alice');
    await away.chat.getBlacklist();
    const back = nextEvent<{ state: string }>(
      away.chat,
      EVENT.NET_STATE_CHANGE,
      (d) => d.state === 'connected',
      15_000,
    );
    const blocked = blacklistWhere(away.chat, (list) => list.length === 2);
    const unfriended = friendListWhere(away.chat, lacksFriend('bo-bob'));
    away.goOffline();
    await alice.addToBlacklist({ userIDList: ['bo-bob'] });
    await alice.addToBlacklist({ userIDList: ['bo-carol'] });
    await back;
    expect(await blocked).toEqual(['bo-carol', 'bo-bob']);
    await unfriended;
  });

  it('a request made before the block shows on neither side afterwards, even on a tab that saw it', async () => {
    const alice = await user('bq-alice');
    const aliceTab = await user('bq-alice');
    const bob = await user('bq-bob');
    const seen = applicationsWhere(aliceTab, hasApplication('bq-bob', TYPES.SNS_APPLICATION_SENT_TO_ME));
    await bob.addFriend({ to: 'bq-alice', source: WEB });
    await seen;
    const gone = applicationsWhere(aliceTab, lacksApplication('bq-bob'));
    await alice.addToBlacklist({ userIDList: ['bq-bob'] });
    await gone;
  });
});
