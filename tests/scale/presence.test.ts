import LiaisonChat, { type UserStatus } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, nextEvent } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Typing and online status across two server processes on PostgreSQL + NATS: whoever is
 * connected to either process is online for everyone, and a process that dies takes its users
 * offline within the grace.
 */
const { EVENT, TYPES } = LiaisonChat;
const GRACE_MS = 1_500;

let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;
/** A user connected straight to one process: when it dies, they are gone. */
const userOn = (server: ServerProcess, userID: string) => tabs.directOn(server, userID);
/** A user behind a balancer that prefers the given processes in order. */
const userVia = (prefer: ServerProcess[], userID: string) => tabs.userVia(prefer, userID);

function statusOf(userID: string, statusType?: number, customStatus?: string) {
  return (list: UserStatus[]) =>
    list.some(
      (s) =>
        s.userID === userID &&
        (statusType === undefined || s.statusType === statusType) &&
        (customStatus === undefined || s.customStatus === customStatus),
    );
}

async function statusType(chat: Chat, userID: string): Promise<number | undefined> {
  const { data } = await chat.getUserStatus({ userIDList: [userID] });
  return data.successUserList.find((s) => s.userID === userID)?.statusType;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ({
    p1,
    p2,
    stop: stopPair,
  } = await startProcessPair('liaison_presence', 1_400_777_011, {
    PRESENCE_OFFLINE_GRACE_MS: String(GRACE_MS),
    // These users are strangers to each other: who may see whom is the integration tests'.
    PRESENCE_VISIBLE_TO_STRANGERS: '1',
  }));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

describe('typing and status on two processes', () => {
  it('relays typing from a user on one process to the peer’s tab on the other', async () => {
    const alice = await userOn(p1, 'sp-type-alice');
    const bob = await userOn(p2, 'sp-type-bob');
    const typing = nextEvent(bob, EVENT.TYPING_STATUS_CHANGED);
    await alice.enterTypingState({ conversationID: 'C2Csp-type-bob' });
    expect(await typing).toEqual({ conversationID: 'C2Csp-type-alice', userID: 'sp-type-alice', isTyping: true });
  });

  it('reaches each of the peer’s tabs once, on the typist’s process and on the other', async () => {
    const alice = await userOn(p1, 'sp-both-alice');
    const bobOnB = await userOn(p2, 'sp-both-bob');
    // Process A must know of the tab on B before its own tab makes bob online there anyway.
    for (let i = 0; i < 100 && (await statusType(alice, 'sp-both-bob')) !== TYPES.USER_STATUS_ONLINE; i++) {
      await sleep(50);
    }
    const bobOnA = await userOn(p1, 'sp-both-bob');
    const seen = [bobOnA, bobOnB].map((chat) => {
      const states: boolean[] = [];
      chat.on(EVENT.TYPING_STATUS_CHANGED, (event: { data: { isTyping: boolean } }) =>
        states.push(event.data.isTyping),
      );
      return states;
    });
    await alice.enterTypingState({ conversationID: 'C2Csp-both-bob' });
    await alice.leaveTypingState({ conversationID: 'C2Csp-both-bob' });
    for (let i = 0; i < 100 && seen.some((states) => states.length < 2); i++) await sleep(20);
    await sleep(200);
    expect(seen).toEqual([
      [true, false],
      [true, false],
    ]);
  });

  it('shows a user on process A online to a subscriber on process B, custom status included, until their last tab on either goes', async () => {
    const watcher = await userOn(p2, 'sp-watcher');
    const aliceOnA = await userOn(p1, 'sp-alice');
    const current = nextEvent<UserStatus[]>(watcher, EVENT.USER_STATUS_UPDATED, statusOf('sp-alice'));
    await watcher.subscribeUserStatus({ userIDList: ['sp-alice'] });
    expect(await current).toEqual([{ userID: 'sp-alice', statusType: TYPES.USER_STATUS_ONLINE, customStatus: '' }]);

    // Her second tab is on B: it and the watcher hear about the custom status she sets on A.
    const aliceOnB = await userOn(p2, 'sp-alice');
    const told = [watcher, aliceOnB].map((chat) =>
      nextEvent<UserStatus[]>(chat, EVENT.USER_STATUS_UPDATED, statusOf('sp-alice', undefined, 'on site')),
    );
    await aliceOnA.setSelfStatus({ customStatus: 'on site' });
    const expected = [{ userID: 'sp-alice', statusType: TYPES.USER_STATUS_ONLINE, customStatus: 'on site' }];
    expect(await Promise.all(told)).toEqual([expected, expected]);

    // Her tab on A goes: the one on B keeps her online.
    await aliceOnA.logout();
    await sleep(GRACE_MS * 2);
    expect(await statusType(watcher, 'sp-alice')).toBe(TYPES.USER_STATUS_ONLINE);

    const offline = nextEvent<UserStatus[]>(watcher, EVENT.USER_STATUS_UPDATED, statusOf('sp-alice'));
    await aliceOnB.logout();
    expect(await offline).toEqual([
      { userID: 'sp-alice', statusType: TYPES.USER_STATUS_OFFLINE, customStatus: 'on site' },
    ]);
    const fromA = await userOn(p1, 'sp-asker');
    expect(await statusType(fromA, 'sp-alice')).toBe(TYPES.USER_STATUS_OFFLINE);
  });

  it('shows a subscriber on process B the user on process A offline at once when the user blocks them there', async () => {
    const bob = await userOn(p1, 'sp-block-bob');
    const mallory = await userOn(p2, 'sp-block-mallory');
    for (let i = 0; i < 100 && (await statusType(mallory, 'sp-block-bob')) !== TYPES.USER_STATUS_ONLINE; i++) {
      await sleep(50);
    }
    const current = nextEvent(mallory, EVENT.USER_STATUS_UPDATED, statusOf('sp-block-bob', TYPES.USER_STATUS_ONLINE));
    await mallory.subscribeUserStatus({ userIDList: ['sp-block-bob'] });
    await current;
    const hidden = nextEvent(
      mallory,
      EVENT.USER_STATUS_UPDATED,
      statusOf('sp-block-bob', TYPES.USER_STATUS_OFFLINE, ''),
    );
    await bob.addToBlacklist({ userIDList: ['sp-block-mallory'] });
    await hidden;
    expect(await statusType(mallory, 'sp-block-bob')).toBe(TYPES.USER_STATUS_OFFLINE);
  });

  it('takes the users of a process that dies offline within the grace, and a subscriber that moves keeps being told', async () => {
    const carolOnA = await userOn(p1, 'sp-carol');
    const dave = await userOn(p2, 'sp-dave');
    const observerOnB = await userOn(p2, 'sp-observer');
    const movingWatcher = await userVia([p1, p2], 'sp-mover');
    for (const chat of [observerOnB, movingWatcher]) {
      const current = nextEvent<UserStatus[]>(chat, EVENT.USER_STATUS_UPDATED, statusOf('sp-carol'));
      await chat.subscribeUserStatus({ userIDList: ['sp-carol', 'sp-dave'] });
      expect((await current).find((s) => s.userID === 'sp-carol')?.statusType).toBe(TYPES.USER_STATUS_ONLINE);
    }
    expect(await statusType(dave, 'sp-carol')).toBe(TYPES.USER_STATUS_ONLINE);

    const carolGone = nextEvent<UserStatus[]>(
      observerOnB,
      EVENT.USER_STATUS_UPDATED,
      statusOf('sp-carol', TYPES.USER_STATUS_OFFLINE),
      GRACE_MS + 10_000,
    );
    const moverReconnected = nextEvent(
      movingWatcher,
      EVENT.NET_STATE_CHANGE,
      (d: { state: string }) => d.state === TYPES.NET_STATE_CONNECTED,
      20_000,
    );
    p1.child.kill('SIGKILL');
    await p1.exited;
    await carolGone;
    await moverReconnected;
    // The watcher now on B subscribed again: it hears about dave, and carol is offline for it too.
    const daveStatus = nextEvent<UserStatus[]>(
      movingWatcher,
      EVENT.USER_STATUS_UPDATED,
      statusOf('sp-dave', undefined, 'after the outage'),
    );
    await dave.setSelfStatus({ customStatus: 'after the outage' });
    await daveStatus;
    expect(await statusType(movingWatcher, 'sp-carol')).toBe(TYPES.USER_STATUS_OFFLINE);
    void carolOnA.logout().catch(() => undefined);
  });
});
