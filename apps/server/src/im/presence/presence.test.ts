import { Limits } from '@liaison/protocol';
import LiaisonChat, { ErrorCode, type UserStatus } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import {
  type Chat,
  connect,
  errorCode,
  nextEvent,
  RawClient,
  sendText,
  startServer,
  until,
} from '../../integration/harness';

const { EVENT, TYPES } = LiaisonChat;

interface Typing {
  conversationID: string;
  userID: string;
  isTyping: boolean;
}

/** Short, so that "offline after the grace" is quick to see; long enough for a reconnect to beat it. */
const GRACE_MS = 1_000;
// These users are strangers to each other; who may see whom is presence-visibility.test.ts.
const PRESENCE = { offlineGraceMs: GRACE_MS, isVisibleToStrangers: true };

let server: LiaisonServer;
const chats: Chat[] = [];
const raws: RawClient[] = [];

beforeAll(async () => {
  server = await startServer(undefined, { presence: PRESENCE });
});

afterAll(async () => {
  await Promise.all(chats.map((c) => c.logout().catch(() => undefined)));
  for (const raw of raws) raw.close();
  await server?.close();
});

async function user(userID: string): Promise<Chat> {
  const chat = await connect(server, userID);
  chats.push(chat);
  return chat;
}

async function rawUser(userID: string): Promise<RawClient> {
  const raw = await RawClient.open(server);
  raws.push(raw);
  await raw.login(server, userID);
  return raw;
}

function recordTyping(chat: Chat): Typing[] {
  const seen: Typing[] = [];
  chat.on(EVENT.TYPING_STATUS_CHANGED, (event) => seen.push(event.data));
  return seen;
}

function recordStatus(chat: Chat): UserStatus[] {
  const seen: UserStatus[] = [];
  chat.on(EVENT.USER_STATUS_UPDATED, (event) => seen.push(...event.data));
  return seen;
}

const statusOf = (userID: string) => (list: UserStatus[]) => list.some((s) => s.userID === userID);

async function statusType(chat: Chat, userID: string): Promise<number | undefined> {
  const { data } = await chat.getUserStatus({ userIDList: [userID] });
  return data.successUserList.find((s) => s.userID === userID)?.statusType;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('typing', () => {
  it('shows on both of the peer’s tabs as the peer’s C2C conversation, and clears by itself after the timeout', async () => {
    const alice = await user('ty-alice');
    const bobTab1 = await user('ty-bob');
    const bobTab2 = await user('ty-bob');
    const expected = { conversationID: 'C2Cty-alice', userID: 'ty-alice', isTyping: true };
    const started = [bobTab1, bobTab2].map((tab) => nextEvent<Typing>(tab, EVENT.TYPING_STATUS_CHANGED));
    await alice.enterTypingState({ conversationID: 'C2Cty-bob' });
    expect(await Promise.all(started)).toEqual([expected, expected]);

    const cleared = [bobTab1, bobTab2].map((tab) =>
      nextEvent<Typing>(tab, EVENT.TYPING_STATUS_CHANGED, () => true, Limits.TYPING_TIMEOUT_MS + 5_000),
    );
    expect(await Promise.all(cleared)).toEqual([
      { ...expected, isTyping: false },
      { ...expected, isTyping: false },
    ]);
  }, 30_000);

  it('clears on the peer’s side when a message from the typist arrives', async () => {
    const alice = await user('tm-alice');
    const bob = await user('tm-bob');
    const typing = recordTyping(bob);
    const started = nextEvent<Typing>(bob, EVENT.TYPING_STATUS_CHANGED);
    await alice.enterTypingState({ conversationID: 'C2Ctm-bob' });
    await started;
    const received = nextEvent(bob, EVENT.MESSAGE_RECEIVED);
    await sendText(alice, 'tm-bob', 'done typing');
    await received;
    // Cleared by the message itself, before any timeout could have.
    expect(typing).toEqual([
      { conversationID: 'C2Ctm-alice', userID: 'tm-alice', isTyping: true },
      { conversationID: 'C2Ctm-alice', userID: 'tm-alice', isTyping: false },
    ]);
  });

  it('is not relayed at all when it comes together with a message to the same peer, which ends it anyway', async () => {
    const alice = await rawUser('tx-alice');
    const bob = await rawUser('tx-bob');
    const carol = await rawUser('tx-carol');
    const text = (to: string, ID: string) => ({
      op: 'sendMessage',
      body: { ID, conversationType: 'C2C', to, type: 'TIMTextElem', payload: { text: 'hi' }, clientTime: 1, random: 1 },
    });
    const answers = await alice.requestTogether([
      { op: 'setTypingStatus', body: { conversationID: 'C2Ctx-bob', isTyping: false } },
      text('tx-bob', 'tx-1'),
      { op: 'setTypingStatus', body: { conversationID: 'C2Ctx-carol', isTyping: true } },
    ]);
    expect(answers.map((a) => a.ok)).toEqual([true, true, true]);
    await until(() => bob.pushes.some((p) => p.event === 'message'), 5_000, 'the message');
    await until(() => carol.pushes.some((p) => p.event === 'typing'), 5_000, 'carol’s typing');
    await bob.request('heartbeat', {});
    expect(bob.pushes.filter((p) => p.event === 'typing')).toEqual([]);
  });

  it('reaches the peer once however often enterTypingState is called, and leaveTypingState clears it at once', async () => {
    const alice = await user('tr-alice');
    const bob = await rawUser('tr-bob');
    for (let i = 0; i < 20; i++) await alice.enterTypingState({ conversationID: 'C2Ctr-bob' });
    await alice.leaveTypingState({ conversationID: 'C2Ctr-bob' });
    await alice.leaveTypingState({ conversationID: 'C2Ctr-bob' });
    const typingPushes = () => bob.pushes.filter((p) => p.event === 'typing');
    await until(() => typingPushes().length >= 2, 5_000, 'typing and its end');
    // A round trip on bob's socket: anything else on its way would have arrived before the answer.
    await bob.request('heartbeat', {});
    expect(typingPushes().map((p) => p.data)).toEqual([
      { conversationID: 'C2Ctr-alice', userID: 'tr-alice', isTyping: true },
      { conversationID: 'C2Ctr-alice', userID: 'tr-alice', isTyping: false },
    ]);
  });

  it('is refused in groups and towards oneself (60003), in the SDK and on the server', async () => {
    const alice = await user('tg-alice');
    expect(await errorCode(alice.enterTypingState({ conversationID: 'GROUPsome-group' }))).toBe(
      ErrorCode.INVALID_PARAMS,
    );
    const raw = await rawUser('tg-raw');
    const group = await raw.request('setTypingStatus', { conversationID: 'GROUPsome-group', isTyping: true });
    expect(group.error?.code).toBe(ErrorCode.INVALID_PARAMS);
    const self = await raw.request('setTypingStatus', { conversationID: 'C2Ctg-raw', isTyping: true });
    expect(self.error?.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('is limited per connection apart from the send budget: a flood is refused with 10006 while messages still go', async () => {
    const flooder = await rawUser('tf-flooder');
    await user('tf-peer');
    const answers = [];
    for (let i = 0; i < 60; i++) {
      answers.push(await flooder.request('setTypingStatus', { conversationID: 'C2Ctf-peer', isTyping: i % 2 === 0 }));
    }
    expect(answers.filter((a) => a.error?.code === ErrorCode.OPERATION_RATE_LIMITED).length).toBeGreaterThan(0);
    const sent = await flooder.request('sendMessage', {
      ID: 'tf-after-flood',
      conversationType: 'C2C',
      to: 'tf-peer',
      type: 'TIMTextElem',
      payload: { text: 'still here' },
      clientTime: Math.floor(Date.now() / 1000),
      random: 1,
    });
    expect(sent.ok).toBe(true);
  });
});

describe('online status', () => {
  it('stays online while one of two tabs is open, and goes offline within the grace after the last one closes', async () => {
    const watcher = await user('os-watcher');
    const bobTab1 = await user('os-bob');
    const bobTab2 = await rawUser('os-bob');
    const seen = recordStatus(watcher);
    const current = nextEvent<UserStatus[]>(watcher, EVENT.USER_STATUS_UPDATED, statusOf('os-bob'));
    const { data } = await watcher.subscribeUserStatus({ userIDList: ['os-bob'] });
    expect(data.failureUserList).toEqual([]);
    expect(await current).toEqual([{ userID: 'os-bob', statusType: TYPES.USER_STATUS_ONLINE, customStatus: '' }]);

    await bobTab1.logout();
    await sleep(GRACE_MS * 2);
    expect(await statusType(watcher, 'os-bob')).toBe(TYPES.USER_STATUS_ONLINE);
    expect(seen.map((s) => s.statusType)).toEqual([TYPES.USER_STATUS_ONLINE]);

    const offline = nextEvent<UserStatus[]>(watcher, EVENT.USER_STATUS_UPDATED, statusOf('os-bob'));
    bobTab2.close();
    expect(await offline).toEqual([{ userID: 'os-bob', statusType: TYPES.USER_STATUS_OFFLINE, customStatus: '' }]);
    expect(await statusType(watcher, 'os-bob')).toBe(TYPES.USER_STATUS_OFFLINE);

    const online = nextEvent<UserStatus[]>(watcher, EVENT.USER_STATUS_UPDATED, statusOf('os-bob'));
    await user('os-bob');
    expect((await online)[0]?.statusType).toBe(TYPES.USER_STATUS_ONLINE);
  });

  it('does not blink offline when a tab reconnects within the grace', async () => {
    const watcher = await user('ob-watcher');
    const bob = await user('ob-bob');
    const seen = recordStatus(watcher);
    const current = nextEvent(watcher, EVENT.USER_STATUS_UPDATED, statusOf('ob-bob'));
    await watcher.subscribeUserStatus({ userIDList: ['ob-bob'] });
    await current;
    const back = nextEvent(
      bob,
      EVENT.NET_STATE_CHANGE,
      (d: { state: string }) => d.state === TYPES.NET_STATE_CONNECTED,
    );
    server.gateway.dropConnections('ob-bob');
    await back;
    await sleep(GRACE_MS * 2);
    expect(await statusType(watcher, 'ob-bob')).toBe(TYPES.USER_STATUS_ONLINE);
    expect(seen.map((s) => s.statusType)).toEqual([TYPES.USER_STATUS_ONLINE]);
  });

  it('reports users that do not exist in failureUserList with 20003', async () => {
    const alice = await user('ou-alice');
    await user('ou-bob');
    const { data } = await alice.getUserStatus({ userIDList: ['ou-bob', 'ou-nobody'] });
    expect(data.successUserList).toEqual([
      { userID: 'ou-bob', statusType: TYPES.USER_STATUS_ONLINE, customStatus: '' },
    ]);
    expect(data.failureUserList).toEqual([
      { userID: 'ou-nobody', code: ErrorCode.USER_NOT_FOUND, message: expect.any(String) },
    ]);
    const subscribed = await alice.subscribeUserStatus({ userIDList: ['ou-nobody'] });
    expect(subscribed.data.failureUserList.map((f) => f.code)).toEqual([ErrorCode.USER_NOT_FOUND]);
  });

  it('pushes a custom status to subscribers and to my other tabs, and keeps it', async () => {
    const watcher = await user('oc-watcher');
    const bobTab1 = await user('oc-bob');
    const bobTab2 = await user('oc-bob');
    const current = nextEvent(watcher, EVENT.USER_STATUS_UPDATED, statusOf('oc-bob'));
    await watcher.subscribeUserStatus({ userIDList: ['oc-bob'] });
    await current;

    const expected = [{ userID: 'oc-bob', statusType: TYPES.USER_STATUS_ONLINE, customStatus: 'in a meeting' }];
    const updates = [watcher, bobTab1, bobTab2].map((chat) =>
      nextEvent<UserStatus[]>(chat, EVENT.USER_STATUS_UPDATED, statusOf('oc-bob')),
    );
    await bobTab1.setSelfStatus({ customStatus: 'in a meeting' });
    expect(await Promise.all(updates)).toEqual([expected, expected, expected]);

    const later = await user('oc-later');
    expect((await later.getUserStatus({ userIDList: ['oc-bob'] })).data.successUserList).toEqual(expected);

    const tooLong = 'x'.repeat(Limits.CUSTOM_STATUS_MAX_BYTES + 1);
    expect(await errorCode(bobTab1.setSelfStatus({ customStatus: tooLong }))).toBe(ErrorCode.INVALID_PARAMS);
    expect((await later.getUserStatus({ userIDList: ['oc-bob'] })).data.successUserList).toEqual(expected);
  });

  it('subscribes again after the subscriber reconnects, and keeps telling it', async () => {
    const watcher = await user('or-watcher');
    const bob = await user('or-bob');
    const current = nextEvent(watcher, EVENT.USER_STATUS_UPDATED, statusOf('or-bob'));
    await watcher.subscribeUserStatus({ userIDList: ['or-bob'] });
    await current;

    // The new connection's subscription brings the current status first.
    const resubscribed = nextEvent<UserStatus[]>(watcher, EVENT.USER_STATUS_UPDATED, statusOf('or-bob'));
    server.gateway.dropConnections('or-watcher');
    expect(await resubscribed).toEqual([{ userID: 'or-bob', statusType: TYPES.USER_STATUS_ONLINE, customStatus: '' }]);

    const custom = nextEvent<UserStatus[]>(watcher, EVENT.USER_STATUS_UPDATED, statusOf('or-bob'));
    await bob.setSelfStatus({ customStatus: 'back soon' });
    expect((await custom)[0]?.customStatus).toBe('back soon');
    const offline = nextEvent<UserStatus[]>(watcher, EVENT.USER_STATUS_UPDATED, statusOf('or-bob'));
    await bob.logout();
    expect(await offline).toEqual([
      { userID: 'or-bob', statusType: TYPES.USER_STATUS_OFFLINE, customStatus: 'back soon' },
    ]);
  });

  it('stops telling a subscriber after it unsubscribes', async () => {
    const watcher = await user('on-watcher');
    const other = await user('on-other');
    const bob = await user('on-bob');
    const current = nextEvent(watcher, EVENT.USER_STATUS_UPDATED, statusOf('on-bob'));
    await watcher.subscribeUserStatus({ userIDList: ['on-bob'] });
    await other.subscribeUserStatus({ userIDList: ['on-bob'] });
    await current;
    await watcher.unsubscribeUserStatus();
    const seen = recordStatus(watcher);
    const toOther = nextEvent(other, EVENT.USER_STATUS_UPDATED, (list: UserStatus[]) =>
      list.some((s) => s.customStatus === 'quiet'),
    );
    await bob.setSelfStatus({ customStatus: 'quiet' });
    await toOther;
    // A round trip: a push to the watcher would have come before this answer.
    await watcher.getUserStatus({ userIDList: ['on-bob'] });
    expect(seen).toEqual([]);
  });
});
