import { ErrorCode, FollowLimits } from '@liaison/protocol';
import LiaisonChat, { type FollowListChange } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, errorCode, nextEvent } from '../../integration/harness';
import { serverWithTabs } from '../../integration/tabs';

/** Follows through the SDK against a real server, in Tencent's call forms and answers. */

const { EVENT } = LiaisonChat;
const { user, server } = serverWithTabs();

const followEvent = (
  chat: Chat,
  name:
    | typeof EVENT.MY_FOLLOWERS_LIST_UPDATED
    | typeof EVENT.MY_FOLLOWING_LIST_UPDATED
    | typeof EVENT.MUTUAL_FOLLOWERS_LIST_UPDATED,
) => nextEvent<FollowListChange>(chat, name);

describe('following', () => {
  it('tells the followed user live, lists both sides and makes a mutual pair when both follow', async () => {
    const alice = await user('fo-alice');
    const aliceTab = await user('fo-alice');
    const bob = await user('fo-bob');
    await alice.updateMyProfile({ nick: 'Alice' });

    const bobSees = followEvent(bob, EVENT.MY_FOLLOWERS_LIST_UPDATED);
    const tabSees = followEvent(aliceTab, EVENT.MY_FOLLOWING_LIST_UPDATED);
    expect(await alice.followUser(['fo-bob'])).toEqual({
      code: 0,
      data: [{ userID: 'fo-bob', resultCode: 0, resultInfo: '' }],
    });
    expect(await bobSees).toEqual({
      userInfoList: [expect.objectContaining({ userID: 'fo-alice', nick: 'Alice' })],
      isAdd: true,
    });
    expect(await tabSees).toEqual({ userInfoList: [expect.objectContaining({ userID: 'fo-bob' })], isAdd: true });

    const following = await alice.getMyFollowingList();
    expect(following.data).toEqual({
      resultList: [expect.objectContaining({ userID: 'fo-bob', followTime: expect.any(Number) })],
      nextCursor: '',
    });
    expect((await bob.getMyFollowersList()).data.resultList.map((u) => u.userID)).toEqual(['fo-alice']);
    expect((await alice.checkFollowType(['fo-bob'])).data).toEqual([{ userID: 'fo-bob', followType: 2 }]);
    expect((await bob.checkFollowType(['fo-alice'])).data).toEqual([{ userID: 'fo-alice', followType: 1 }]);

    const aliceMutual = followEvent(alice, EVENT.MUTUAL_FOLLOWERS_LIST_UPDATED);
    await bob.followUser(['fo-alice']);
    expect(await aliceMutual).toEqual({ userInfoList: [expect.objectContaining({ userID: 'fo-bob' })], isAdd: true });
    expect((await alice.getMutualFollowersList()).data.resultList.map((u) => u.userID)).toEqual(['fo-bob']);
    expect((await alice.checkFollowType(['fo-bob'])).data).toEqual([{ userID: 'fo-bob', followType: 3 }]);
    expect((await alice.getUserFollowInfo()).data).toEqual([
      { userID: 'fo-alice', followersCount: 1, followingCount: 1, mutualFollowersCount: 1 },
    ]);

    const bobLoses = followEvent(bob, EVENT.MY_FOLLOWERS_LIST_UPDATED);
    const bobMutualLoses = followEvent(bob, EVENT.MUTUAL_FOLLOWERS_LIST_UPDATED);
    await alice.unfollowUser(['fo-alice', 'fo-bob']);
    expect(await bobLoses).toEqual({ userInfoList: ['fo-alice'], isAdd: false });
    expect(await bobMutualLoses).toEqual({ userInfoList: ['fo-alice'], isAdd: false });
    expect((await bob.getUserFollowInfo(['fo-bob', 'fo-alice'])).data).toEqual([
      { userID: 'fo-bob', followersCount: 0, followingCount: 1, mutualFollowersCount: 0 },
      { userID: 'fo-alice', followersCount: 1, followingCount: 0, mutualFollowersCount: 0 },
    ]);
  });

  it('answers per user: oneself 30001, an unknown user 20003, following again 0', async () => {
    const alice = await user('fo2-alice');
    await user('fo2-bob');
    await alice.followUser(['fo2-bob']);
    expect((await alice.followUser(['fo2-alice', 'fo2-nobody', 'fo2-bob'])).data).toEqual([
      { userID: 'fo2-alice', resultCode: ErrorCode.RELATION_INVALID, resultInfo: expect.any(String) },
      { userID: 'fo2-nobody', resultCode: ErrorCode.USER_NOT_FOUND, resultInfo: expect.any(String) },
      { userID: 'fo2-bob', resultCode: 0, resultInfo: '' },
    ]);
    expect((await alice.getUserFollowInfo()).data[0]?.followingCount).toBe(1);
    // Tencent's limit: 20 users a call; a 21st refuses the whole call and follows nobody.
    const many = Array.from({ length: FollowLimits.BATCH_MAX + 1 }, (_, i) => `fo2-u${i}`);
    expect(await errorCode(alice.followUser(many))).toBe(ErrorCode.INVALID_PARAMS);
    expect((await alice.getUserFollowInfo()).data[0]?.followingCount).toBe(1);
  });

  it('pages a follow list by Tencent’s cursor, 500 a page, newest first', async () => {
    const star = await user('fo3-star');
    const now = Date.now();
    const db = server().db;
    await db.query(
      `INSERT INTO users (user_id, created_at, updated_at) SELECT 'fo3-fan' || i, $1::bigint, $1::bigint FROM generate_series(1, 501) AS i`,
      [now],
    );
    await db.query(
      `INSERT INTO follows (user_id, followed_id, created_at) SELECT 'fo3-fan' || i, 'fo3-star', $1::bigint + i FROM generate_series(1, 501) AS i`,
      [now],
    );
    const first = await star.getMyFollowersList();
    expect(first.data.resultList).toHaveLength(FollowLimits.PAGE_SIZE);
    expect(first.data.resultList[0]?.userID).toBe('fo3-fan501');
    expect(first.data.nextCursor).not.toBe('');
    const second = await star.getMyFollowersList(first.data.nextCursor);
    expect(second.data).toEqual({ resultList: [expect.objectContaining({ userID: 'fo3-fan1' })], nextCursor: '' });
  });
});
