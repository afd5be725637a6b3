import { ErrorCode, FriendLimits } from '@liaison/protocol';
import LiaisonChat, { type FriendGroup } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { errorCode, nextEvent } from '../../integration/harness';
import { befriend, friendListWhere, WEB } from '../../integration/relation-helpers';
import { serverWithTabs } from '../../integration/tabs';

/** Friend groups and friend remarks through the SDK against a real server, as Tencent's answer. */

const { EVENT, TYPES } = LiaisonChat;
const { user } = serverWithTabs();

const groupsWhere = (chat: Awaited<ReturnType<typeof user>>, check: (list: FriendGroup[]) => boolean) =>
  nextEvent<FriendGroup[]>(chat, EVENT.FRIEND_GROUP_LIST_UPDATED, check);

describe('friend groups', () => {
  it('are created with my friends, listed with Friend.groupList, and reach my other tab', async () => {
    const alice = await user('fg-alice');
    const aliceTab = await user('fg-alice');
    const bob = await user('fg-bob');
    const carol = await user('fg-carol');
    await befriend(alice, bob);
    const onTab = groupsWhere(aliceTab, (list) => list.some((g) => g.name === 'Work'));

    const created = await alice.createFriendGroup({ name: 'Work', userIDList: ['fg-bob', 'fg-carol'] });
    expect(created).toEqual({
      code: 0,
      data: {
        friendGroup: { name: 'Work', userIDList: ['fg-bob'], count: 1 },
        failureUserIDList: [{ userID: 'fg-carol', code: ErrorCode.RELATION_INVALID, message: expect.any(String) }],
      },
    });
    expect(await onTab).toEqual([{ name: 'Work', userIDList: ['fg-bob'], count: 1 }]);
    expect((await alice.getFriendGroupList()).data).toEqual([{ name: 'Work', userIDList: ['fg-bob'], count: 1 }]);
    expect((await alice.getFriendList()).data.find((f) => f.userID === 'fg-bob')?.groupList).toEqual(['Work']);
    // Bob's own lists are his: nothing of Alice's groups shows there.
    expect((await bob.getFriendGroupList()).data).toEqual([]);
    expect(carol.getLoginUser()).toBe('fg-carol');
  });

  it('refuse a second group of a name with 2710 and an unknown one with 2711, changing nothing', async () => {
    const alice = await user('fg2-alice');
    await alice.createFriendGroup({ name: 'Family', userIDList: [] });
    expect(await errorCode(alice.createFriendGroup({ name: 'Family', userIDList: [] }))).toBe(
      ErrorCode.FRIEND_GROUP_EXISTS,
    );
    expect(await errorCode(alice.deleteFriendGroup({ name: 'Nope' }))).toBe(ErrorCode.FRIEND_GROUP_NOT_FOUND);
    expect(await errorCode(alice.addToFriendGroup({ name: 'Nope', userIDList: ['x'] }))).toBe(
      ErrorCode.FRIEND_GROUP_NOT_FOUND,
    );
    expect(await errorCode(alice.renameFriendGroup({ oldName: 'Nope', newName: 'New' }))).toBe(
      ErrorCode.FRIEND_GROUP_NOT_FOUND,
    );
    await alice.createFriendGroup({ name: 'Other', userIDList: [] });
    expect(await errorCode(alice.renameFriendGroup({ oldName: 'Other', newName: 'Family' }))).toBe(
      ErrorCode.FRIEND_GROUP_EXISTS,
    );
    // Names over 30 bytes are refused as Tencent's limit says; 10 three-byte characters fit.
    expect(await errorCode(alice.createFriendGroup({ name: '组'.repeat(11), userIDList: [] }))).toBe(
      ErrorCode.INVALID_PARAMS,
    );
    await alice.createFriendGroup({ name: '组'.repeat(10), userIDList: [] });
    expect((await alice.getFriendGroupList()).data.map((g) => g.name)).toEqual(['Family', 'Other', '组'.repeat(10)]);
  });

  it('rename, add, remove and delete answer as Tencent’s and keep the friends', async () => {
    const alice = await user('fg3-alice');
    const bob = await user('fg3-bob');
    const dave = await user('fg3-dave');
    await befriend(alice, bob);
    await befriend(alice, dave);
    await alice.createFriendGroup({ name: 'A', userIDList: ['fg3-bob'] });

    expect((await alice.renameFriendGroup({ oldName: 'A', newName: 'B' })).data).toEqual({
      name: 'B',
      userIDList: ['fg3-bob'],
      count: 1,
    });
    expect((await alice.addToFriendGroup({ name: 'B', userIDList: ['fg3-dave'] })).data).toEqual({
      friendGroup: { name: 'B', userIDList: ['fg3-bob', 'fg3-dave'], count: 2 },
      failureUserIDList: [],
    });
    expect((await alice.removeFromFriendGroup({ name: 'B', userIDList: ['fg3-bob'] })).data).toEqual({
      friendGroup: { name: 'B', userIDList: ['fg3-dave'], count: 1 },
      failureUserIDList: [],
    });
    const friendsSeen = friendListWhere(alice, (list) => list.every((f) => f.groupList.length === 0));
    expect((await alice.deleteFriendGroup({ name: 'B' })).data).toEqual({ name: 'B', userIDList: [], count: 1 });
    await friendsSeen;
    expect((await alice.getFriendGroupList()).data).toEqual([]);
    expect((await alice.getFriendList()).data.map((f) => f.userID).sort()).toEqual(['fg3-bob', 'fg3-dave']);
  });

  it('lose a friend who is deleted or blocked', async () => {
    const alice = await user('fg4-alice');
    const bob = await user('fg4-bob');
    const erin = await user('fg4-erin');
    await befriend(alice, bob);
    await befriend(alice, erin);
    await alice.createFriendGroup({ name: 'G', userIDList: ['fg4-bob', 'fg4-erin'] });
    await alice.deleteFriend({ userIDList: ['fg4-bob'] });
    await erin.addToBlacklist({ userIDList: ['fg4-alice'] });
    expect((await alice.getFriendGroupList()).data).toEqual([{ name: 'G', userIDList: [], count: 0 }]);
    // Friends again later, they are in no group until put in one.
    await befriend(alice, bob);
    expect((await alice.getFriendList()).data.find((f) => f.userID === 'fg4-bob')?.groupList).toEqual([]);
  });

  it('addFriend({groupName}) puts the friend in that group once accepted, making the group', async () => {
    const alice = await user('fg5-alice');
    const bob = await user('fg5-bob');
    const pending = await alice.addFriend({ to: 'fg5-bob', source: WEB, groupName: 'Met online' });
    expect(pending.data.code).toBe(ErrorCode.FRIEND_APPLICATION_PENDING);
    expect((await alice.getFriendGroupList()).data).toEqual([]);
    const grouped = groupsWhere(alice, (list) => list.some((g) => g.userIDList.includes('fg5-bob')));
    await bob.acceptFriendApplication({ userID: 'fg5-alice', type: TYPES.SNS_APPLICATION_AGREE_AND_ADD });
    expect(await grouped).toEqual([{ name: 'Met online', userIDList: ['fg5-bob'], count: 1 }]);
    expect((await alice.getFriendList()).data[0]?.groupList).toEqual(['Met online']);
    expect((await bob.getFriendList()).data[0]?.groupList).toEqual([]);
  });
});

describe('the friend remark (Tencent: at most 96 bytes)', () => {
  it('refuses 98 bytes of UTF-8 with 60070 wherever a remark is set, and takes 96', async () => {
    const alice = await user('fr96-alice');
    const bob = await user('fr96-bob');
    const tooLong = 'é'.repeat(49);
    expect(await errorCode(alice.addFriend({ to: 'fr96-bob', source: WEB, remark: tooLong }))).toBe(
      ErrorCode.FRIEND_REMARK_TOO_LONG,
    );
    await alice.addFriend({ to: 'fr96-bob', source: WEB });
    expect(await errorCode(bob.acceptFriendApplication({ userID: 'fr96-alice', remark: tooLong }))).toBe(
      ErrorCode.FRIEND_REMARK_TOO_LONG,
    );
    await bob.acceptFriendApplication({ userID: 'fr96-alice' });
    expect(await errorCode(alice.updateFriend({ userID: 'fr96-bob', remark: tooLong }))).toBe(
      ErrorCode.FRIEND_REMARK_TOO_LONG,
    );
    expect((await alice.getFriendList()).data[0]?.remark).toBe('');
    const fits = 'é'.repeat(FriendLimits.REMARK_MAX_BYTES / 2);
    expect((await alice.updateFriend({ userID: 'fr96-bob', remark: fits })).data.remark).toBe(fits);
  });
});

describe('SNS_APPLICATION_TYPE_BOTH', () => {
  it('deletes a request sent to me, as Tencent’s SDK reads it', async () => {
    const alice = await user('fb-alice');
    const bob = await user('fb-bob');
    await alice.addFriend({ to: 'fb-bob', source: WEB });
    await bob.deleteFriendApplication({ userID: 'fb-alice', type: TYPES.SNS_APPLICATION_TYPE_BOTH });
    expect((await bob.getFriendApplicationList()).data.friendApplicationList).toEqual([]);
    expect((await alice.getFriendApplicationList()).data.friendApplicationList).toEqual([]);
  });
});
