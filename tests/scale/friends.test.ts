import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message, type Profile } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, nextEvent, sendText, wholeHistory } from '../../apps/server/src/integration/harness';
import {
  applicationsWhere,
  befriend,
  blacklistWhere,
  friendListWhere,
  hasApplication,
  hasFriend,
  lacksFriend,
  relationOf,
  WEB,
} from '../../apps/server/src/integration/relation-helpers';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Friends and the blocklist across two server processes on PostgreSQL + NATS, with
 * IM_C2C_REQUIRES_FRIENDSHIP=1: a request made on one process reaches the target on the other,
 * and a block made on one refuses a send arriving on the other.
 */
const { EVENT, TYPES } = LiaisonChat;

let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;
const userOn = (server: ServerProcess, userID: string) => tabs.directOn(server, userID);

beforeAll(async () => {
  ({
    p1,
    p2,
    stop: stopPair,
  } = await startProcessPair('liaison_friends', 1_400_777_031, { IM_C2C_REQUIRES_FRIENDSHIP: '1' }));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

describe('friends and blocklist on two processes', () => {
  it('a friend request made on process A reaches the target’s tab on process B, and the answer comes back', async () => {
    const alice = await userOn(p1, 'sf-alice');
    const bob = await userOn(p2, 'sf-bob');
    const bobOnA = await userOn(p1, 'sf-bob');

    const arrives = applicationsWhere(bob, hasApplication('sf-alice', TYPES.SNS_APPLICATION_SENT_TO_ME));
    const arrivesOnA = applicationsWhere(bobOnA, hasApplication('sf-alice', TYPES.SNS_APPLICATION_SENT_TO_ME));
    expect((await alice.addFriend({ to: 'sf-bob', source: WEB, wording: 'from A' })).data.code).toBe(
      ErrorCode.FRIEND_APPLICATION_PENDING,
    );
    expect((await arrives).friendApplicationList[0]).toMatchObject({ userID: 'sf-alice', wording: 'from A' });
    await arrivesOnA;

    const friendsOnA = friendListWhere(alice, hasFriend('sf-bob'));
    await bob.acceptFriendApplication({ userID: 'sf-alice', type: TYPES.SNS_APPLICATION_AGREE_AND_ADD });
    await friendsOnA;
    expect(await relationOf(alice, 'sf-bob')).toBe(TYPES.SNS_TYPE_BOTH_WAY);
  });

  it('only friends message each other (IM_C2C_REQUIRES_FRIENDSHIP), and a block made on A refuses a send arriving on B', async () => {
    const alice = await userOn(p1, 'sb-alice');
    const aliceOnB = await userOn(p2, 'sb-alice');
    const mallory = await userOn(p2, 'sb-mallory');
    expect(await errorCode(sendText(mallory, 'sb-alice', 'stranger'))).toBe(ErrorCode.C2C_NOT_FRIENDS);

    await mallory.addFriend({ to: 'sb-alice', source: WEB });
    await alice.acceptFriendApplication({ userID: 'sb-mallory' });
    await sendText(mallory, 'sb-alice', 'friends now');

    const malloryUnfriended = friendListWhere(mallory, lacksFriend('sb-alice'));
    const blockedOnB = blacklistWhere(aliceOnB, (list) => list.includes('sb-mallory'));
    await alice.addToBlacklist({ userIDList: ['sb-mallory'] });
    await Promise.all([malloryUnfriended, blockedOnB]);
    expect(await errorCode(sendText(mallory, 'sb-alice', 'after the block'))).toBe(ErrorCode.C2C_SENDER_BLOCKED);

    const texts = async (chat: typeof alice, conversationID: string) =>
      (await wholeHistory(chat, conversationID)).map((m) => (m.type === 'TIMTextElem' ? m.payload.text : m.type));
    expect(await texts(alice, 'C2Csb-mallory')).toEqual(['friends now']);
    expect(await texts(aliceOnB, 'C2Csb-mallory')).toEqual(['friends now']);
    expect(await texts(mallory, 'C2Csb-alice')).toEqual(['friends now']);
  });

  it('a profile change made on A reaches a friend on B (PROFILE_UPDATED, the friend list), who still sends as themself', async () => {
    const alice = await userOn(p1, 'sp-alice');
    const bob = await userOn(p2, 'sp-bob');
    await bob.updateMyProfile({ nick: 'Bob' });
    await befriend(alice, bob);

    const pushed = nextEvent<Profile[]>(bob, EVENT.PROFILE_UPDATED, (list) => list[0]?.userID === 'sp-alice');
    const listed = friendListWhere(bob, (list) => list.some((f) => f.profile.nick === 'Alice'));
    await alice.updateMyProfile({ nick: 'Alice', gender: TYPES.GENDER_FEMALE });
    expect((await pushed)[0]).toMatchObject({ nick: 'Alice', gender: TYPES.GENDER_FEMALE });
    await listed;

    const arrives = nextEvent<Message[]>(alice, EVENT.MESSAGE_RECEIVED);
    await sendText(bob, 'sp-alice', 'still Bob');
    expect((await arrives)[0]?.nick).toBe('Bob');
  });
});
