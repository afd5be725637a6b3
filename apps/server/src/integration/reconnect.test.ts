import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, connect, nextEvent, recordMessages, sendText, until, useServer } from './harness';
import { startStallingProxy } from './stalling-proxy';

const { EVENT, TYPES } = LiaisonChat;
const { server: getServer, user } = useServer();

function burst(chat: Chat, to: string, prefix: string, n: number, conversationType: 'C2C' | 'GROUP' = 'C2C') {
  return Array.from({ length: n }, (_, i) =>
    chat.sendMessage(chat.createTextMessage({ to, conversationType, payload: { text: `${prefix}${i}` } })),
  );
}

/** Cuts a user's sockets (server side) the moment `chat` has received its nth message. */
function dropWhenReceived(chat: Chat, n: number, userID: string): void {
  let count = 0;
  const handler = (event: { data: unknown[] }) => {
    count += event.data.length;
    if (count < n) return;
    chat.off(EVENT.MESSAGE_RECEIVED, handler);
    getServer().gateway.dropConnections(userID);
  };
  chat.on(EVENT.MESSAGE_RECEIVED, handler);
}

async function historyTexts(chat: Chat, conversationID: string): Promise<string[]> {
  const texts: string[] = [];
  let next: string | undefined;
  for (;;) {
    const page = (await chat.getMessageList({ conversationID, nextReqMessageID: next })).data;
    texts.unshift(...page.messageList.map((m) => (m.payload as { text: string }).text));
    if (page.isCompleted) return texts;
    next = page.nextReqMessageID;
  }
}

describe('reconnect', () => {
  it('fills the gap in order when the receiver’s socket drops in the middle of a burst', async () => {
    const alice = await user('rc-alice');
    const bob = await user('rc-bob');
    const got = recordMessages(bob);
    const states: string[] = [];
    bob.on(EVENT.NET_STATE_CHANGE, (e: { data: { state: string } }) => states.push(e.data.state));
    // Drop exactly when the 30th message arrives, so the cut falls inside the burst.
    dropWhenReceived(bob, 30, 'rc-bob');
    const reconnected = nextEvent<{ state: string }>(bob, EVENT.NET_STATE_CHANGE, (d) => d.state === 'connected');
    const sends = burst(alice, 'rc-bob', 'r', 150);
    await Promise.all(sends);
    await reconnected;
    await until(() => got.length >= 150, 15_000, 'the whole burst');
    await new Promise((r) => setTimeout(r, 200));
    expect(got.map((m) => m.text)).toEqual(Array.from({ length: 150 }, (_, i) => `r${i}`));
    expect(got.map((m) => m.sequence)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(states).toEqual([TYPES.NET_STATE_CONNECTING, TYPES.NET_STATE_CONNECTED]);
  });

  it('loses and duplicates nothing when the sender’s socket drops while sends are in flight', async () => {
    const alice = await user('rs-alice');
    const bob = await user('rs-bob');
    const got = recordMessages(bob);
    dropWhenReceived(bob, 20, 'rs-alice');
    dropWhenReceived(bob, 90, 'rs-alice');
    const sends = burst(alice, 'rs-bob', 's', 200);
    const results = await Promise.all(sends);
    expect(results.every((r) => r.code === 0 && r.data.message.status === 'success')).toBe(true);
    await until(() => got.length >= 200, 15_000, 'the whole burst');
    await new Promise((r) => setTimeout(r, 300));
    const expected = Array.from({ length: 200 }, (_, i) => `s${i}`);
    expect(got.map((m) => m.text)).toEqual(expected);
    expect(new Set(results.map((r) => r.data.message.sequence)).size).toBe(200);
    expect(await historyTexts(bob, 'C2Crs-alice')).toEqual(expected);
  });

  it('delivers what was sent to a group while a member was away, once each, after reconnect', async () => {
    const owner = await user('rg-owner');
    const member = await user('rg-member');
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Reconnect',
      groupID: 'rg-group',
      memberList: [{ userID: 'rg-member' }],
    });
    const got = recordMessages(member);
    const connecting = nextEvent<{ state: string }>(member, EVENT.NET_STATE_CHANGE, (d) => d.state === 'connecting');
    getServer().gateway.dropConnections('rg-member');
    await connecting;
    await Promise.all(burst(owner, 'rg-group', 'g', 40, 'GROUP'));
    // The tip that the member was added may arrive before or after the drop; it is not text.
    const texts = () => got.filter((m) => m.text !== undefined);
    await until(() => texts().length >= 40, 15_000, 'group messages after reconnect');
    await new Promise((r) => setTimeout(r, 200));
    expect(texts().map((m) => m.text)).toEqual(Array.from({ length: 40 }, (_, i) => `g${i}`));
    // The 40 messages; the tip that the member was added is read for them.
    expect(member.getTotalUnreadMessageCount()).toBe(40);
  });

  it('notices a connection that went silent through its heartbeat, reconnects and catches up', async () => {
    const { hostname, port } = new URL(getServer().url);
    const proxy = await startStallingProxy({ host: hostname, port: Number(port) });
    const alice = await connect({ app: getServer().app, url: proxy.url }, 'hb-alice', {
      heartbeatInterval: 300,
      requestTimeout: 1_000,
    });
    const bob = await user('hb-bob');
    const got = recordMessages(alice);
    const reconnected = nextEvent<{ state: string }>(alice, EVENT.NET_STATE_CHANGE, (d) => d.state === 'connected');
    proxy.stall();
    for (let i = 0; i < 5; i++) await sendText(bob, 'hb-alice', `while silent ${i}`);
    await reconnected;
    await until(() => got.length >= 5, 10_000, 'messages sent while the line was dead');
    expect(got.map((m) => m.text)).toEqual(Array.from({ length: 5 }, (_, i) => `while silent ${i}`));
    await alice.logout();
    await proxy.close();
  });
});
