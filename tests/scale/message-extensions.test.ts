import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, nextEvent } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Tencent's message extensions and online-only messages with the actors on one server process and
 * the people who see them on the other (PostgreSQL + NATS): pushes cross, and two users changing
 * one key at once on different processes get one success and one 23001.
 */
const { EVENT, TYPES } = LiaisonChat;
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;
const userOn = (server: ServerProcess, userID: string) => tabs.userOn(server, userID);

const received = (chat: Chat, messageID: string) =>
  nextEvent<Message[]>(chat, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.ID === messageID), 15_000).then(
    (list) => list.find((m) => m.ID === messageID) as Message,
  );

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair(`liaison_mx_${process.pid}`, 1_400_777_027));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

describe('message extensions on two server processes', () => {
  it('a key set on one process reaches members on the other; the same key set at once on both: one wins, the other gets 23001', async () => {
    const alice = await userOn(p1, 'xm-alice');
    const bob = await userOn(p2, 'xm-bob');
    const carol = await userOn(p1, 'xm-carol');
    await alice.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Poll',
      groupID: 'xm-group',
      memberList: [{ userID: 'xm-bob' }, { userID: 'xm-carol' }],
    });
    const poll = alice.createCustomMessage({
      to: 'xm-group',
      conversationType: 'GROUP',
      payload: { data: 'poll', description: 'Lunch?', extension: '' },
      isSupportExtension: true,
    });
    const atBob = received(bob, poll.ID);
    const atCarol = received(carol, poll.ID);
    await alice.sendMessage(poll);
    const [bobCopy, carolCopy] = await Promise.all([atBob, atCarol]);

    const seenOnP2 = nextEvent<{ messageID: string; extensions: Array<{ key: string; value: string }> }>(
      bob,
      EVENT.MESSAGE_EXTENSIONS_UPDATED,
      (d) => d.messageID === poll.ID,
      15_000,
    );
    await alice.setMessageExtensions(poll, [{ key: 'title', value: 'Lunch at noon' }]);
    expect((await seenOnP2).extensions).toEqual([{ key: 'title', value: 'Lunch at noon' }]);

    const [fromBob, fromCarol] = await Promise.all([
      bob.setMessageExtensions(bobCopy, [{ key: 'seat', value: 'bob' }]),
      carol.setMessageExtensions(carolCopy, [{ key: 'seat', value: 'carol' }]),
    ]);
    const codes = [fromBob.data.extensions[0]?.code, fromCarol.data.extensions[0]?.code].sort();
    expect(codes).toEqual([0, ErrorCode.MESSAGE_EXTENSION_CONFLICT]);
    const winner = fromBob.data.extensions[0]?.code === 0 ? 'bob' : 'carol';
    const { data } = await alice.getMessageExtensions(poll);
    expect(data.extensions).toContainEqual({ key: 'seat', value: winner });
  });

  it('an onlineUserOnly message sent on one process reaches the peer online on the other, and is not stored', async () => {
    const alice = await userOn(p1, 'xo-alice');
    const bob = await userOn(p2, 'xo-bob');
    const ping = alice.createTextMessage({ to: 'xo-bob', conversationType: 'C2C', payload: { text: 'ping' } });
    const arrived = received(bob, ping.ID);
    await alice.sendMessage(ping, { onlineUserOnly: true });
    expect((await arrived).sequence).toBe(0);
    const { data } = await bob.getMessageList({ conversationID: 'C2Cxo-alice' });
    expect(data.messageList).toEqual([]);
  });
});
