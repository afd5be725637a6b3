import LiaisonChat, { type FollowListChange, type FriendGroup } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent } from '../../apps/server/src/integration/harness';
import { befriend } from '../../apps/server/src/integration/relation-helpers';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Follows and friend groups across two server processes on PostgreSQL + NATS: a follow made on
 * one process reaches the followed user's tab on the other, live, and a friend group made on one
 * reaches the same user's tab on the other.
 */
const { EVENT } = LiaisonChat;

let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;
const userOn = (server: ServerProcess, userID: string) => tabs.directOn(server, userID);

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair('liaison_follows', 1_400_777_061));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

describe('follows and friend groups on two processes', () => {
  it('a follow on process A reaches the followed user on B, and a follow back makes both mutual', async () => {
    const alice = await userOn(p1, 'sfo-alice');
    const bob = await userOn(p2, 'sfo-bob');
    const aliceOnB = await userOn(p2, 'sfo-alice');

    const bobSees = nextEvent<FollowListChange>(bob, EVENT.MY_FOLLOWERS_LIST_UPDATED);
    const aliceTabSees = nextEvent<FollowListChange>(aliceOnB, EVENT.MY_FOLLOWING_LIST_UPDATED);
    await alice.followUser(['sfo-bob']);
    expect(await bobSees).toEqual({ userInfoList: [expect.objectContaining({ userID: 'sfo-alice' })], isAdd: true });
    expect((await aliceTabSees).isAdd).toBe(true);

    const aliceMutual = nextEvent<FollowListChange>(alice, EVENT.MUTUAL_FOLLOWERS_LIST_UPDATED);
    await bob.followUser(['sfo-alice']);
    expect(await aliceMutual).toEqual({ userInfoList: [expect.objectContaining({ userID: 'sfo-bob' })], isAdd: true });

    const bobLoses = nextEvent<FollowListChange>(bob, EVENT.MY_FOLLOWERS_LIST_UPDATED);
    await alice.unfollowUser(['sfo-bob']);
    expect(await bobLoses).toEqual({ userInfoList: ['sfo-alice'], isAdd: false });
  });

  it('a friend group made on A reaches the same user’s tab on B', async () => {
    const carol = await userOn(p1, 'sfg-carol');
    const carolOnB = await userOn(p2, 'sfg-carol');
    const dan = await userOn(p2, 'sfg-dan');
    await befriend(carol, dan);
    const seen = nextEvent<FriendGroup[]>(carolOnB, EVENT.FRIEND_GROUP_LIST_UPDATED, (list) => list.length > 0);
    await carol.createFriendGroup({ name: 'Team', userIDList: ['sfg-dan'] });
    expect(await seen).toEqual([{ name: 'Team', userIDList: ['sfg-dan'], count: 1 }]);
  });
});
