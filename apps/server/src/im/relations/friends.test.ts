import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { errorCode, nextEvent, sendText, startServer } from '../../integration/harness';
import {
  applicationsWhere,
  befriend,
  friendListWhere,
  hasApplication,
  hasFriend,
  lacksApplication,
  lacksFriend,
  relationOf,
  WEB,
} from '../../integration/relation-helpers';
import { serverWithTabs } from '../../integration/tabs';

/**
 * Friends and friend requests through the SDK against a real server: what each party and their
 * other tabs see, live and after a reconnect, and the add-friend permission.
 */

const { EVENT, TYPES } = LiaisonChat;

const { user, tabThatCanGoOffline } = serverWithTabs();

describe('a friend request to someone who confirms requests (the default)', () => {
  it('waits with 30539 and shows on both users’ tabs, sent to me for one and sent by me for the other', async () => {
    const alice = await user('fr-alice');
    const aliceTab = await user('fr-alice');
    const bob = await user('fr-bob');
    const bobTab = await user('fr-bob');
    expect((await bob.getMyProfile()).data.allowType).toBe(TYPES.ALLOW_TYPE_NEED_CONFIRM);

    const atBob = applicationsWhere(bobTab, hasApplication('fr-alice', TYPES.SNS_APPLICATION_SENT_TO_ME));
    const atAliceTab = applicationsWhere(aliceTab, hasApplication('fr-bob', TYPES.SNS_APPLICATION_SENT_BY_ME));
    const answer = await alice.addFriend({ to: 'fr-bob', source: WEB, wording: 'It’s Alice', remark: 'Bobby' });
    expect(answer).toEqual({ code: 0, data: { userID: 'fr-bob', code: ErrorCode.FRIEND_APPLICATION_PENDING } });

    const seenByBob = await atBob;
    expect(seenByBob.unreadCount).toBe(1);
    expect(seenByBob.friendApplicationList).toEqual([
      expect.objectContaining({
        userID: 'fr-alice',
        type: TYPES.SNS_APPLICATION_SENT_TO_ME,
        source: WEB,
        wording: 'It’s Alice',
      }),
    ]);
    expect((await atAliceTab).unreadCount).toBe(0);
    expect((await bob.getFriendApplicationList()).data).toEqual(seenByBob);
    // Nobody is anybody's friend yet.
    expect(await relationOf(alice, 'fr-bob')).toBe(TYPES.SNS_TYPE_NO_RELATION);
    expect((await alice.getFriendList()).data).toEqual([]);
  });

  it('accepted with agree-and-add: friends both ways, with the remarks each gave, on every tab', async () => {
    const alice = await user('fa-alice');
    const bob = await user('fa-bob');
    const aliceTab = await user('fa-alice');
    const bobTab = await user('fa-bob');
    await alice.updateMyProfile({ nick: 'Alice' });
    await alice.addFriend({ to: 'fa-bob', source: WEB, remark: 'My Bob' });

    const atAlice = friendListWhere(aliceTab, hasFriend('fa-bob'));
    const atBobTab = friendListWhere(bobTab, hasFriend('fa-alice'));
    const requestGone = applicationsWhere(aliceTab, lacksApplication('fa-bob'));
    await bob.acceptFriendApplication({
      userID: 'fa-alice',
      type: TYPES.SNS_APPLICATION_AGREE_AND_ADD,
      remark: 'Ally',
    });

    expect((await atAlice).map((f) => [f.userID, f.remark])).toEqual([['fa-bob', 'My Bob']]);
    const bobsFriends = await atBobTab;
    expect(bobsFriends).toEqual([
      expect.objectContaining({
        userID: 'fa-alice',
        remark: 'Ally',
        source: WEB,
        profile: expect.objectContaining({ userID: 'fa-alice', nick: 'Alice' }),
      }),
    ]);
    await requestGone;
    expect(await relationOf(alice, 'fa-bob')).toBe(TYPES.SNS_TYPE_BOTH_WAY);
    expect(await relationOf(bob, 'fa-alice')).toBe(TYPES.SNS_TYPE_BOTH_WAY);
    expect((await bob.getFriendApplicationList()).data).toEqual({ friendApplicationList: [], unreadCount: 0 });
  });

  it('accepted with agree only: the applicant has me, I do not have them', async () => {
    const alice = await user('fo-alice');
    const bob = await user('fo-bob');
    await alice.addFriend({ to: 'fo-bob', source: WEB });
    await bob.acceptFriendApplication({ userID: 'fo-alice', type: TYPES.SNS_APPLICATION_AGREE });
    expect(await relationOf(alice, 'fo-bob')).toBe(TYPES.SNS_TYPE_A_WITH_B);
    expect(await relationOf(bob, 'fo-alice')).toBe(TYPES.SNS_TYPE_B_WITH_A);
    const single = await bob.checkFriend({ userIDList: ['fo-alice'], type: TYPES.SNS_CHECK_TYPE_SINGLE });
    expect(single.data.successUserIDList).toEqual([
      { userID: 'fo-alice', code: 0, relation: TYPES.SNS_TYPE_NO_RELATION },
    ]);
    // Bob adding Alice back needs no confirmation: she already counts him as a friend.
    expect((await bob.addFriend({ to: 'fo-alice', source: WEB })).data.code).toBe(0);
    expect(await relationOf(bob, 'fo-alice')).toBe(TYPES.SNS_TYPE_BOTH_WAY);
  });

  it('refused: gone for both; the applicant may ask again', async () => {
    const alice = await user('fx-alice');
    const bob = await user('fx-bob');
    await alice.addFriend({ to: 'fx-bob', source: WEB });
    const goneForAlice = applicationsWhere(alice, lacksApplication('fx-bob'));
    expect((await bob.refuseFriendApplication({ userID: 'fx-alice' })).data).toEqual({ userID: 'fx-alice', code: 0 });
    await goneForAlice;
    expect((await bob.getFriendApplicationList()).data.friendApplicationList).toEqual([]);
    expect(await errorCode(bob.refuseFriendApplication({ userID: 'fx-alice' }))).toBe(ErrorCode.RELATION_INVALID);
    expect((await alice.addFriend({ to: 'fx-bob', source: WEB })).data.code).toBe(ErrorCode.FRIEND_APPLICATION_PENDING);
  });

  it('withdrawn by the applicant or deleted by the recipient, each tells the other', async () => {
    const alice = await user('fw-alice');
    const bob = await user('fw-bob');
    await alice.addFriend({ to: 'fw-bob', source: WEB });
    const goneForBob = applicationsWhere(bob, lacksApplication('fw-alice'));
    await alice.deleteFriendApplication({ userID: 'fw-bob', type: TYPES.SNS_APPLICATION_SENT_BY_ME });
    await goneForBob;

    await alice.addFriend({ to: 'fw-bob', source: WEB });
    const goneForAlice = applicationsWhere(alice, lacksApplication('fw-bob'));
    await bob.deleteFriendApplication({ userID: 'fw-alice', type: TYPES.SNS_APPLICATION_SENT_TO_ME });
    await goneForAlice;
    expect(
      await errorCode(bob.deleteFriendApplication({ userID: 'fw-alice', type: TYPES.SNS_APPLICATION_SENT_TO_ME })),
    ).toBe(ErrorCode.RELATION_INVALID);
  });

  it('marked read: the unread count is 0 on my other tab too, until a new request comes', async () => {
    const alice = await user('fu-alice');
    const carol = await user('fu-carol');
    const bob = await user('fu-bob');
    const bobTab = await user('fu-bob');
    await alice.addFriend({ to: 'fu-bob', source: WEB });
    await carol.addFriend({ to: 'fu-bob', source: WEB });
    expect((await bob.getFriendApplicationList()).data.unreadCount).toBe(2);

    const readElsewhere = applicationsWhere(bobTab, (d) => d.unreadCount === 0 && d.friendApplicationList.length === 2);
    await bob.setFriendApplicationRead();
    await readElsewhere;
    const anotherOne = applicationsWhere(bobTab, (d) => d.unreadCount === 1);
    await (await user('fu-dave')).addFriend({ to: 'fu-bob', source: WEB });
    expect((await anotherOne).friendApplicationList.map((a) => a.userID)).toEqual(['fu-dave', 'fu-carol', 'fu-alice']);
  });

  it('crossing requests make friends at once: asking someone who asked me first needs no confirmation', async () => {
    const alice = await user('fc-alice');
    const bob = await user('fc-bob');
    await bob.addFriend({ to: 'fc-alice', source: WEB, remark: 'Al' });
    const atBob = friendListWhere(bob, hasFriend('fc-alice'));
    expect((await alice.addFriend({ to: 'fc-bob', source: WEB })).data.code).toBe(0);
    expect((await atBob).find((f) => f.userID === 'fc-alice')?.remark).toBe('Al');
    expect(await relationOf(alice, 'fc-bob')).toBe(TYPES.SNS_TYPE_BOTH_WAY);
    expect((await alice.getFriendApplicationList()).data.friendApplicationList).toEqual([]);
    expect((await bob.getFriendApplicationList()).data.friendApplicationList).toEqual([]);
  });
});

describe('the add-friend permission (allowType)', () => {
  it('anyone may add a user who allows any: friends at once, both ways or one way as asked', async () => {
    const alice = await user('fp-alice');
    const bob = await user('fp-bob');
    const carol = await user('fp-carol');
    const profile = nextEvent(alice, EVENT.PROFILE_UPDATED, (list: Array<{ userID: string; allowType?: string }>) =>
      list.some((p) => p.allowType === TYPES.ALLOW_TYPE_ALLOW_ANY),
    );
    await (await user('fp-alice')).updateMyProfile({ allowType: TYPES.ALLOW_TYPE_ALLOW_ANY });
    await profile;
    expect((await bob.getUserProfile({ userIDList: ['fp-alice'] })).data[0]?.allowType).toBe(
      TYPES.ALLOW_TYPE_ALLOW_ANY,
    );

    const atAlice = friendListWhere(alice, hasFriend('fp-bob'));
    expect((await bob.addFriend({ to: 'fp-alice', source: WEB, type: TYPES.SNS_ADD_TYPE_BOTH })).data).toEqual({
      userID: 'fp-alice',
      code: 0,
    });
    await atAlice;
    expect(await relationOf(bob, 'fp-alice')).toBe(TYPES.SNS_TYPE_BOTH_WAY);
    expect((await bob.getFriendList()).data.map((f) => f.userID)).toEqual(['fp-alice']);

    expect((await carol.addFriend({ to: 'fp-alice', source: WEB, type: TYPES.SNS_ADD_TYPE_SINGLE })).data.code).toBe(0);
    expect(await relationOf(carol, 'fp-alice')).toBe(TYPES.SNS_TYPE_A_WITH_B);
    expect((await alice.getFriendApplicationList()).data.friendApplicationList).toEqual([]);
  });

  it('nobody may add a user who refuses all: 30516, and nothing is stored', async () => {
    const alice = await user('fd-alice');
    const bob = await user('fd-bob');
    await alice.updateMyProfile({ allowType: TYPES.ALLOW_TYPE_DENY_ANY });
    expect(await errorCode(bob.addFriend({ to: 'fd-alice', source: WEB }))).toBe(ErrorCode.FRIEND_ADD_DENIED);
    expect((await alice.getFriendApplicationList()).data.friendApplicationList).toEqual([]);
    expect(await relationOf(bob, 'fd-alice')).toBe(TYPES.SNS_TYPE_NO_RELATION);
  });

  it('a user whose adminForbidType is SEND_OUT may ask nobody (60071), even someone who allows anyone; nothing is stored', async () => {
    const alice = await user('ff-alice');
    const bob = await user('ff-bob');
    await bob.updateMyProfile({ allowType: TYPES.ALLOW_TYPE_ALLOW_ANY });
    await alice.updateMyProfile({ adminForbidType: TYPES.FORBID_TYPE_SEND_OUT });
    expect(await errorCode(alice.addFriend({ to: 'ff-bob', source: WEB }))).toBe(ErrorCode.FRIEND_ADD_FORBIDDEN);
    expect(await relationOf(alice, 'ff-bob')).toBe(TYPES.SNS_TYPE_NO_RELATION);
    // Others may still ask them.
    expect((await bob.addFriend({ to: 'ff-alice', source: WEB })).data.code).toBe(ErrorCode.FRIEND_APPLICATION_PENDING);
  });

  it('refuses an allowType that is not one of the three, with Tencent’s 2721', async () => {
    const alice = await user('fv-alice');
    const bad = alice.updateMyProfile({ allowType: 'AllowType_Type_Maybe' as typeof TYPES.ALLOW_TYPE_DENY_ANY });
    expect(await errorCode(bad)).toBe(ErrorCode.UPDATE_PROFILE_INVALID_PARAM);
    expect((await alice.getMyProfile()).data.allowType).toBe(TYPES.ALLOW_TYPE_NEED_CONFIRM);
  });
});

describe('the friend list', () => {
  it('updateFriend sets the remark and custom fields, seen on my other tab; a remark over 96 bytes is refused', async () => {
    const alice = await user('fl-alice');
    const aliceTab = await user('fl-alice');
    const bob = await user('fl-bob');
    await befriend(alice, bob);

    const atTab = friendListWhere(aliceTab, (list) => list.some((f) => f.remark === '老朋友 Bob'));
    const updated = await alice.updateFriend({
      userID: 'fl-bob',
      remark: '老朋友 Bob',
      friendCustomField: [{ key: 'Tag_SNS_Custom_city', value: 'Hangzhou' }],
    });
    expect(updated.data).toMatchObject({
      userID: 'fl-bob',
      remark: '老朋友 Bob',
      friendCustomField: [{ key: 'Tag_SNS_Custom_city', value: 'Hangzhou' }],
    });
    await atTab;
    // 48 Chinese characters are 96 bytes as the spec counts; one Latin letter more is too many.
    const longest = '张'.repeat(48);
    expect((await alice.updateFriend({ userID: 'fl-bob', remark: longest })).data.remark).toBe(longest);
    expect(await errorCode(alice.updateFriend({ userID: 'fl-bob', remark: `${longest}a` }))).toBe(
      ErrorCode.FRIEND_REMARK_TOO_LONG,
    );
    const [friend] = (await alice.getFriendProfile({ userIDList: ['fl-bob'] })).data.friendList;
    expect(friend).toMatchObject({
      remark: longest,
      friendCustomField: [{ key: 'Tag_SNS_Custom_city', value: 'Hangzhou' }],
    });
    // Bob's side is his own.
    expect((await bob.getFriendList()).data.find((f) => f.userID === 'fl-alice')?.remark).toBe('');
  });

  it('getFriendProfile answers friends and lists everyone else as a failure with 30001', async () => {
    const alice = await user('fg-alice');
    const bob = await user('fg-bob');
    await user('fg-stranger');
    await befriend(alice, bob);
    const { data } = await alice.getFriendProfile({ userIDList: ['fg-bob', 'fg-stranger'] });
    expect(data.friendList.map((f) => f.userID)).toEqual(['fg-bob']);
    expect(data.failureUserIDList).toEqual([
      { userID: 'fg-stranger', code: ErrorCode.RELATION_INVALID, message: 'Not in your friend list' },
    ]);
  });

  it('deleteFriend single takes them off my list only; both takes me off theirs too, on their tabs', async () => {
    const alice = await user('fz-alice');
    const bob = await user('fz-bob');
    const carol = await user('fz-carol');
    await befriend(alice, bob);
    await befriend(alice, carol);

    const single = await alice.deleteFriend({ userIDList: ['fz-bob'], type: TYPES.SNS_DELETE_TYPE_SINGLE });
    expect(single.data).toEqual({ successUserIDList: [{ userID: 'fz-bob', code: 0 }], failureUserIDList: [] });
    expect(await relationOf(alice, 'fz-bob')).toBe(TYPES.SNS_TYPE_B_WITH_A);
    expect(await relationOf(bob, 'fz-alice')).toBe(TYPES.SNS_TYPE_A_WITH_B);

    const carolLosesAlice = friendListWhere(carol, lacksFriend('fz-alice'));
    const both = await alice.deleteFriend({ userIDList: ['fz-carol', 'fz-bob'], type: TYPES.SNS_DELETE_TYPE_BOTH });
    expect(both.data).toEqual({
      successUserIDList: [{ userID: 'fz-carol', code: 0 }],
      failureUserIDList: [{ userID: 'fz-bob', code: ErrorCode.RELATION_INVALID, message: 'Not in your friend list' }],
    });
    await carolLosesAlice;
    expect(await relationOf(carol, 'fz-alice')).toBe(TYPES.SNS_TYPE_NO_RELATION);
    // Bob was not in Alice's list any more: his side stayed as it was.
    expect(await relationOf(bob, 'fz-alice')).toBe(TYPES.SNS_TYPE_A_WITH_B);
    expect((await alice.getFriendList()).data).toEqual([]);
  });

  it('refuses adding oneself, a friend again, or a user who does not exist', async () => {
    const alice = await user('fe-alice');
    const bob = await user('fe-bob');
    await befriend(alice, bob);
    expect(await errorCode(alice.addFriend({ to: 'fe-alice', source: WEB }))).toBe(ErrorCode.RELATION_INVALID);
    expect(await errorCode(alice.addFriend({ to: 'fe-bob', source: WEB }))).toBe(ErrorCode.RELATION_INVALID);
    expect(await errorCode(alice.addFriend({ to: 'fe-nobody', source: WEB }))).toBe(ErrorCode.USER_NOT_FOUND);
    expect(await errorCode(alice.addFriend({ to: 'fe-bob', source: 'Web' }))).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('a tab that was offline shows the friends and requests that changed meanwhile once it is back', async () => {
    const alice = await user('fn-alice');
    const bob = await user('fn-bob');
    const away = await tabThatCanGoOffline('fn-bob');
    await away.chat.getFriendList();
    const back = nextEvent<{ state: string }>(
      away.chat,
      EVENT.NET_STATE_CHANGE,
      (d) => d.state === 'connected',
      15_000,
    );
    const friendsAfter = friendListWhere(away.chat, hasFriend('fn-alice'));
    const requestsAfter = applicationsWhere(away.chat, hasApplication('fn-carol', TYPES.SNS_APPLICATION_SENT_TO_ME));
    away.goOffline();
    await befriend(alice, bob);
    await (await user('fn-carol')).addFriend({ to: 'fn-bob', source: WEB });
    await back;
    await friendsAfter;
    expect((await requestsAfter).unreadCount).toBe(1);
  });
});

describe('IM_C2C_REQUIRES_FRIENDSHIP', () => {
  const strict = serverWithTabs(() => startServer(undefined, { c2c: { requiresFriendship: true } }));

  it('refuses one-to-one messages between users who are not friends both ways with 20009, storing nothing', async () => {
    const alice = await strict.user('sf-alice');
    const bob = await strict.user('sf-bob');
    expect(await errorCode(sendText(alice, 'sf-bob', 'strangers'))).toBe(ErrorCode.C2C_NOT_FRIENDS);

    // One way is not enough.
    await alice.addFriend({ to: 'sf-bob', source: WEB });
    await bob.acceptFriendApplication({ userID: 'sf-alice', type: TYPES.SNS_APPLICATION_AGREE });
    expect(await errorCode(sendText(alice, 'sf-bob', 'one way'))).toBe(ErrorCode.C2C_NOT_FRIENDS);
    expect(await errorCode(sendText(bob, 'sf-alice', 'one way back'))).toBe(ErrorCode.C2C_NOT_FRIENDS);
    expect((await bob.getMessageList({ conversationID: 'C2Csf-alice' })).data.messageList).toEqual([]);

    await bob.addFriend({ to: 'sf-alice', source: WEB });
    const arrived = nextEvent(bob, EVENT.MESSAGE_RECEIVED);
    expect((await sendText(alice, 'sf-bob', 'friends now')).payload).toEqual({ text: 'friends now' });
    await arrived;
    // Messages to oneself need no friend.
    expect((await sendText(alice, 'sf-alice', 'note to self')).payload).toEqual({ text: 'note to self' });
  });

  it('is off by default: strangers may message each other', async () => {
    const alice = await user('so-alice');
    await user('so-bob');
    expect((await sendText(alice, 'so-bob', 'hello stranger')).payload).toEqual({ text: 'hello stranger' });
  });
});
