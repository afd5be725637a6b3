import LiaisonChat, { type UserStatus } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, nextEvent, startServer } from '../../integration/harness';
import { befriend } from '../../integration/relation-helpers';

/**
 * Who may see whose online status (im/presence/visibility.ts): by default friends and people
 * sharing a group; never someone the user blocked. A change of either after subscribing is
 * pushed to the watcher at once.
 */

const { EVENT, TYPES } = LiaisonChat;
const ONLINE = TYPES.USER_STATUS_ONLINE;
const OFFLINE = TYPES.USER_STATUS_OFFLINE;

let server: LiaisonServer;
let openToStrangers: LiaisonServer;
const chats: Chat[] = [];

beforeAll(async () => {
  [server, openToStrangers] = await Promise.all([
    startServer(),
    startServer(undefined, { presence: { isVisibleToStrangers: true } }),
  ]);
});

afterAll(async () => {
  await Promise.all(chats.map((c) => c.logout().catch(() => undefined)));
  await Promise.all([server?.close(), openToStrangers?.close()]);
});

async function user(userID: string, on = server): Promise<Chat> {
  const chat = await connect(on, userID);
  chats.push(chat);
  return chat;
}

async function statusSeen(chat: Chat, userID: string): Promise<UserStatus | undefined> {
  const { data } = await chat.getUserStatus({ userIDList: [userID] });
  return data.successUserList.find((s) => s.userID === userID);
}

/** Subscribes and answers the status the subscription brought. */
async function subscribe(chat: Chat, userID: string): Promise<UserStatus | undefined> {
  const current = nextEvent<UserStatus[]>(chat, EVENT.USER_STATUS_UPDATED, (list) =>
    list.some((s) => s.userID === userID),
  );
  await chat.subscribeUserStatus({ userIDList: [userID] });
  return (await current).find((s) => s.userID === userID);
}

function nextStatusOf(chat: Chat, userID: string): Promise<UserStatus | undefined> {
  return nextEvent<UserStatus[]>(chat, EVENT.USER_STATUS_UPDATED, (list) => list.some((s) => s.userID === userID)).then(
    (list) => list.find((s) => s.userID === userID),
  );
}

async function sharedGroup(owner: Chat, groupID: string, members: string[]): Promise<void> {
  await owner.createGroup({
    type: TYPES.GRP_WORK,
    name: groupID,
    groupID,
    memberList: members.map((userID) => ({ userID })),
  });
}

describe('online status visibility', () => {
  it('shows a stranger the user offline with no custom status, while friends and group members see them online', async () => {
    const bob = await user('pv-bob');
    await bob.setSelfStatus({ customStatus: 'at the fair' });
    const stranger = await user('pv-stranger');
    const friend = await user('pv-friend');
    const member = await user('pv-member');
    await befriend(friend, bob);
    await sharedGroup(bob, 'pv-group', ['pv-member']);

    expect(await statusSeen(stranger, 'pv-bob')).toEqual({ userID: 'pv-bob', statusType: OFFLINE, customStatus: '' });
    expect(await subscribe(stranger, 'pv-bob')).toEqual({ userID: 'pv-bob', statusType: OFFLINE, customStatus: '' });
    const shown = { userID: 'pv-bob', statusType: ONLINE, customStatus: 'at the fair' };
    expect(await statusSeen(friend, 'pv-bob')).toEqual(shown);
    expect(await subscribe(member, 'pv-bob')).toEqual(shown);
  });

  it('tells a stranger nothing of the user’s later changes', async () => {
    const bob = await user('pw-bob');
    const stranger = await user('pw-stranger');
    const friend = await user('pw-friend');
    await befriend(friend, bob);
    await subscribe(stranger, 'pw-bob');
    await subscribe(friend, 'pw-bob');
    const seen: UserStatus[] = [];
    stranger.on(EVENT.USER_STATUS_UPDATED, (event) => seen.push(...event.data));
    const toFriend = nextStatusOf(friend, 'pw-bob');
    await bob.setSelfStatus({ customStatus: 'busy' });
    expect((await toFriend)?.customStatus).toBe('busy');
    await stranger.getUserStatus({ userIDList: ['pw-bob'] });
    expect(seen).toEqual([]);
  });

  it('shows strangers the user online when the deployment sets PRESENCE_VISIBLE_TO_STRANGERS, but never someone the user blocked', async () => {
    const bob = await user('ps-bob', openToStrangers);
    const stranger = await user('ps-stranger', openToStrangers);
    const blocked = await user('ps-blocked', openToStrangers);
    await bob.addToBlacklist({ userIDList: ['ps-blocked'] });
    expect((await statusSeen(stranger, 'ps-bob'))?.statusType).toBe(ONLINE);
    expect((await statusSeen(blocked, 'ps-bob'))?.statusType).toBe(OFFLINE);
  });

  it('shows a group member the user offline at once when the user blocks them, and online again at the unblock', async () => {
    const bob = await user('pb-bob');
    const mallory = await user('pb-mallory');
    await bob.setSelfStatus({ customStatus: 'here' });
    await sharedGroup(bob, 'pb-group', ['pb-mallory']);
    expect(await subscribe(mallory, 'pb-bob')).toEqual({ userID: 'pb-bob', statusType: ONLINE, customStatus: 'here' });

    const hidden = nextStatusOf(mallory, 'pb-bob');
    await bob.addToBlacklist({ userIDList: ['pb-mallory'] });
    expect(await hidden).toEqual({ userID: 'pb-bob', statusType: OFFLINE, customStatus: '' });
    expect((await statusSeen(mallory, 'pb-bob'))?.statusType).toBe(OFFLINE);

    const seen: UserStatus[] = [];
    mallory.on(EVENT.USER_STATUS_UPDATED, (event) => seen.push(...event.data));
    await bob.setSelfStatus({ customStatus: 'still here' });
    await mallory.getUserStatus({ userIDList: ['pb-bob'] });
    expect(seen).toEqual([]);

    const shown = nextStatusOf(mallory, 'pb-bob');
    await bob.removeFromBlacklist({ userIDList: ['pb-mallory'] });
    expect(await shown).toEqual({ userID: 'pb-bob', statusType: ONLINE, customStatus: 'still here' });
  });

  it('shows a former friend the user offline at once after the unfriending, and a former group member after they leave', async () => {
    const bob = await user('pu-bob');
    const friend = await user('pu-friend');
    const member = await user('pu-member');
    await befriend(friend, bob);
    await sharedGroup(bob, 'pu-group', ['pu-member']);
    expect((await subscribe(friend, 'pu-bob'))?.statusType).toBe(ONLINE);
    expect((await subscribe(member, 'pu-bob'))?.statusType).toBe(ONLINE);

    const unfriended = nextStatusOf(friend, 'pu-bob');
    await bob.deleteFriend({ userIDList: ['pu-friend'] });
    expect((await unfriended)?.statusType).toBe(OFFLINE);

    const left = nextStatusOf(member, 'pu-bob');
    await member.quitGroup('pu-group');
    expect((await left)?.statusType).toBe(OFFLINE);
  });
});
