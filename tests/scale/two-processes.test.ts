import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Chat,
  connect,
  errorCode,
  nextEvent,
  recordMessages,
  sendText,
  until,
} from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startFailoverProxy } from './failover-proxy';
import { startProcessPair } from './shared-services';

/**
 * Two server processes sharing one PostgreSQL and one NATS behave as one service.
 * PostgreSQL and NATS come from SCALE_PG_URL / SCALE_NATS_URL (defaults: this machine's).
 */
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
const proxies: Array<{ close(): Promise<void> }> = [];
const chats: Chat[] = [];

function backend(server: ServerProcess) {
  const { hostname, port } = new URL(server.url);
  return { host: hostname, port: Number(port) };
}

/** A user reaching the service through a balancer that prefers the given processes in order. */
async function userVia(prefer: ServerProcess[], userID: string): Promise<Chat> {
  const proxy = await startFailoverProxy(prefer.map(backend));
  proxies.push(proxy);
  const chat = await connect({ url: proxy.url, app: p1.app }, userID);
  chats.push(chat);
  return chat;
}

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair('liaison_scale', 1_400_777_001));
});

afterAll(async () => {
  for (const chat of chats) await chat.logout().catch(() => undefined);
  for (const proxy of proxies) await proxy.close();
  await stopPair?.();
});

/** A user connected straight to one process. */
async function userOn(server: ServerProcess, userID: string): Promise<Chat> {
  const chat = await connect({ url: server.url, app: p1.app }, userID);
  chats.push(chat);
  return chat;
}

describe('two server processes on PostgreSQL + NATS', () => {
  it('a block made on one process refuses the blocked user’s very next send on the other, and drops their typing', async () => {
    const alice = await userOn(p1, 'scale-blocker');
    const mallory = await userOn(p2, 'scale-blocked');
    const bob = await userOn(p2, 'scale-bystander');
    await sendText(mallory, 'scale-blocker', 'before the block');
    await alice.addToBlacklist({ userIDList: ['scale-blocked'] });
    expect(await errorCode(sendText(mallory, 'scale-blocker', 'after the block'))).toBe(ErrorCode.C2C_SENDER_BLOCKED);

    const typists: string[] = [];
    alice.on(LiaisonChat.EVENT.TYPING_STATUS_CHANGED, (event) => typists.push(event.data.userID));
    const bobTyping = nextEvent(alice, LiaisonChat.EVENT.TYPING_STATUS_CHANGED);
    await mallory.enterTypingState({ conversationID: 'C2Cscale-blocker' });
    await bob.enterTypingState({ conversationID: 'C2Cscale-blocker' });
    await bobTyping;
    expect(typists).toEqual(['scale-bystander']);

    await alice.removeFromBlacklist({ userIDList: ['scale-blocked'] });
    await sendText(mallory, 'scale-blocker', 'after the unblock');
  });

  it('a targeted group message sent on one process reaches its receiver on the other, and no other member', async () => {
    const alice = await userOn(p1, 'scale-tg-alice');
    const bob = await userOn(p2, 'scale-tg-bob');
    const carol = await userOn(p2, 'scale-tg-carol');
    await alice.createGroup({
      type: 'Private',
      name: 'Targeted',
      groupID: 'scale-tg-group',
      memberList: [{ userID: 'scale-tg-bob' }, { userID: 'scale-tg-carol' }],
    });
    const bobGot = recordMessages(bob);
    const carolGot = recordMessages(carol);
    const targeted = alice.createTextMessage({
      to: 'scale-tg-group',
      conversationType: 'GROUP',
      payload: { text: 'only bob' },
      receiverList: ['scale-tg-bob'],
    });
    await alice.sendMessage(targeted);
    await sendText(alice, 'scale-tg-group', 'everyone', 'GROUP');
    await until(() => bobGot.length === 2 && carolGot.length === 1, 10_000, 'the group messages on p2');
    expect(bobGot.map((m) => m.text)).toEqual(['only bob', 'everyone']);
    expect(carolGot.map((m) => m.text)).toEqual(['everyone']);
  });

  it('lets users on different processes chat one-to-one and in a group, and survives losing a process', async () => {
    const alice = await userVia([p1, p2], 'scale-alice');
    const bob = await userVia([p2, p1], 'scale-bob');
    const carol = await userVia([p2, p1], 'scale-carol');
    const bobGot = recordMessages(bob);
    const aliceGot = recordMessages(alice);
    const carolGot = recordMessages(carol);

    await sendText(alice, 'scale-bob', 'hello from p1');
    await sendText(bob, 'scale-alice', 'hello from p2');
    await until(() => bobGot.length === 1 && aliceGot.length === 1, 10_000, 'C2C across processes');
    expect(bobGot[0]).toMatchObject({ text: 'hello from p1', from: 'scale-alice' });
    expect(aliceGot[0]).toMatchObject({ text: 'hello from p2', from: 'scale-bob' });

    await alice.createGroup({
      type: 'Community',
      name: 'Across',
      groupID: 'scale-group',
      memberList: [{ userID: 'scale-bob' }, { userID: 'scale-carol' }],
    });
    await sendText(carol, 'scale-group', 'group from p2', 'GROUP');
    await until(
      () => aliceGot.some((m) => m.text === 'group from p2') && bobGot.some((m) => m.text === 'group from p2'),
      10_000,
      'group message on both processes',
    );

    // p2 dies while alice sends a burst to bob and bob is sending to alice; p2's users move to p1.
    const toBob = Array.from({ length: 100 }, (_, i) =>
      alice.sendMessage(
        alice.createTextMessage({ to: 'scale-bob', conversationType: 'C2C', payload: { text: `a${i}` } }),
      ),
    );
    const toAlice = Array.from({ length: 50 }, (_, i) =>
      bob.sendMessage(
        bob.createTextMessage({ to: 'scale-alice', conversationType: 'C2C', payload: { text: `b${i}` } }),
      ),
    );
    await until(() => bobGot.length >= 20, 10_000, 'part of the burst before the kill');
    p2.child.kill('SIGKILL');
    await p2.exited;
    const results = await Promise.all([...toBob, ...toAlice]);
    expect(results.every((r) => r.code === 0)).toBe(true);

    const expectedAtBob = Array.from({ length: 100 }, (_, i) => `a${i}`);
    const expectedAtAlice = Array.from({ length: 50 }, (_, i) => `b${i}`);
    await until(() => bobGot.filter((m) => m.text.startsWith('a')).length >= 100, 30_000, 'bob has the burst');
    await until(() => aliceGot.filter((m) => m.text.startsWith('b')).length >= 50, 30_000, 'alice has bob’s burst');
    await sendText(carol, 'scale-group', 'carol is back', 'GROUP');
    await until(() => aliceGot.some((m) => m.text === 'carol is back'), 10_000, 'group after failover');
    await new Promise((r) => setTimeout(r, 300));
    expect(bobGot.filter((m) => m.text.startsWith('a')).map((m) => m.text)).toEqual(expectedAtBob);
    expect(aliceGot.filter((m) => /^b\d/.test(m.text)).map((m) => m.text)).toEqual(expectedAtAlice);
    expect(carolGot.map((m) => m.text)).toEqual([]);

    const history: string[] = [];
    let next: string | undefined;
    for (;;) {
      const page = (await bob.getMessageList({ conversationID: 'C2Cscale-alice', nextReqMessageID: next })).data;
      history.unshift(...page.messageList.map((m) => (m.payload as { text: string }).text));
      if (page.isCompleted) break;
      next = page.nextReqMessageID;
    }
    expect(history.filter((t) => t.startsWith('a'))).toEqual(expectedAtBob);
    expect(history.filter((t) => /^b\d/.test(t))).toEqual(expectedAtAlice);
    expect(history).toHaveLength(152);
  });
});
