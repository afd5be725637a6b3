import { ErrorCode, Limits } from '@liaison/protocol';
import type { ReadReceiptUpdate } from '@liaison/sdk';
import LiaisonChat, { type Conversation, isMessagePeerRead, type Message, type MessageReaction } from '@liaison/sdk';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, errorCode, nextEvent, until } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { ADMIN_URL, startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Reactions and read receipts with the actors on one server process and the people who see them on
 * the other (PostgreSQL + NATS), live and after a reconnect, and their refusals on PostgreSQL.
 */
const { EVENT, TYPES } = LiaisonChat;
const SMILE = '[TUIEmoji_Smile]';
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let databaseURL = '';
let tabs: ScaleTabs;
const userOn = (server: ServerProcess, userID: string) => tabs.userOn(server, userID);
const tabThatCanGoOffline = (server: ServerProcess, userID: string) => tabs.tabThatCanGoOffline(server, userID);

async function delivered(from: Chat, to: Chat, toID: string, text: string, type: 'C2C' | 'GROUP' = 'GROUP') {
  const message = from.createTextMessage({
    to: toID,
    conversationType: type,
    payload: { text },
    needReadReceipt: type === 'GROUP',
  });
  const arrived = nextEvent<Message[]>(
    to,
    EVENT.MESSAGE_RECEIVED,
    (list) => list.some((m) => m.ID === message.ID),
    15_000,
  );
  await from.sendMessage(message);
  return { sent: message, copy: (await arrived).find((m) => m.ID === message.ID) as Message };
}

function reactionsUpdated(chat: Chat, messageID: string, check: (list: MessageReaction[]) => boolean = () => true) {
  return nextEvent<{ conversationID: string; reactionList: MessageReaction[] }>(
    chat,
    EVENT.MESSAGE_REACTIONS_UPDATED,
    (d) => (d as { messageID?: string }).messageID === messageID && check(d.reactionList),
    15_000,
  );
}

function receipt(chat: Chat, messageID: string, check: (u: ReadReceiptUpdate) => boolean = () => true) {
  return nextEvent<ReadReceiptUpdate[]>(
    chat,
    EVENT.MESSAGE_READ_RECEIPT_RECEIVED,
    (list) => list.some((u) => u.messageID === messageID && check(u)),
    15_000,
  ).then((list) => list.find((u) => u.messageID === messageID) as ReadReceiptUpdate);
}

function conversationOf(chat: Chat, conversationID: string): Conversation | undefined {
  return chat.conversationStore.getSnapshot().find((c) => c.conversationID === conversationID);
}

async function rowCount(sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseURL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(sql, params);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // A prefix of this run's own, so the scratch database (named `<prefix>_<random>`) can be found to count rows in.
  const prefix = `liaison_rx_${process.pid}`;
  ({ p1, p2, stop: stopPair } = await startProcessPair(prefix, 1_400_777_021));
  tabs = new ScaleTabs();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix}\\_%`,
    ]);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${rows[0]?.datname}`;
    databaseURL = url.toString();
  } finally {
    await admin.end();
  }
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

describe('reactions on two server processes', () => {
  it('shows a reaction made on one process to members and tabs on the other, and after a reconnect', async () => {
    const alice = await userOn(p1, 'xr-alice');
    const aliceTab = await userOn(p2, 'xr-alice');
    const bob = await userOn(p2, 'xr-bob');
    const away = await tabThatCanGoOffline(p1, 'xr-carol');
    await alice.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Across',
      groupID: 'xr-group',
      memberList: [{ userID: 'xr-bob' }, { userID: 'xr-carol' }],
    });
    const { sent, copy } = await delivered(alice, bob, 'xr-group', 'react across');

    const seen = [alice, aliceTab].map((chat) => reactionsUpdated(chat, sent.ID));
    await bob.addMessageReaction(copy, SMILE);
    for (const update of await Promise.all(seen)) {
      expect(update).toMatchObject({
        conversationID: 'GROUPxr-group',
        reactionList: [{ reactionID: SMILE, totalUserCount: 1, reactedByMyself: false }],
      });
    }

    // Ten distinct reactions from both processes; the 11th is refused whichever process is asked.
    for (let i = 1; i < Limits.REACTIONS_PER_MESSAGE_MAX; i++) {
      await (i % 2 ? alice.addMessageReaction(sent, `[x${i}]`) : bob.addMessageReaction(copy, `[x${i}]`));
    }
    expect(await errorCode(aliceTab.addMessageReaction({ ...sent }, '[x10]'))).toBe(ErrorCode.REACTION_LIMIT);
    expect(await errorCode(bob.addMessageReaction(copy, '[x10]'))).toBe(ErrorCode.REACTION_LIMIT);

    const back = nextEvent<{ state: string }>(
      away.chat,
      EVENT.NET_STATE_CHANGE,
      (d) => d.state === 'connected',
      15_000,
    );
    away.goOffline();
    await alice.addMessageReaction(sent, SMILE);
    await back;
    const { data } = await away.chat.getMessageReactions({
      messageList: [{ ...sent, conversationID: 'GROUPxr-group' }],
    });
    const list = data.resultList[0]?.reactionList ?? [];
    expect(list).toHaveLength(Limits.REACTIONS_PER_MESSAGE_MAX);
    expect(list[0]).toMatchObject({ reactionID: SMILE, totalUserCount: 2 });
    expect(await rowCount('SELECT count(*) AS n FROM message_reactions WHERE conv_key = $1', ['g:xr-group'])).toBe(11);
  });
});

describe('read receipts on two server processes', () => {
  it('counts members acknowledging at once on both processes exactly, and tells the sender on each', async () => {
    const alice = await userOn(p1, 'xg-alice');
    const aliceTab = await userOn(p2, 'xg-alice');
    const readerIDs = Array.from({ length: 8 }, (_, i) => `xg-m${i}`);
    const readers = await Promise.all(readerIDs.map((id, i) => userOn(i % 2 ? p2 : p1, id)));
    await alice.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Acks',
      groupID: 'xg-group',
      memberList: readerIDs.map((userID) => ({ userID })),
    });
    // Each reader's session has joined the group's audience once the group is in their list.
    await until(
      () => readers.every((reader) => conversationOf(reader, 'GROUPxg-group') !== undefined),
      15_000,
      'the group at every reader',
    );
    const copies = Promise.all(
      readers.map((reader) =>
        nextEvent<Message[]>(reader, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.needReadReceipt), 15_000),
      ),
    );
    const message = alice.createTextMessage({
      to: 'xg-group',
      conversationType: 'GROUP',
      payload: { text: 'everyone ack' },
      needReadReceipt: true,
    });
    const allReadHere = receipt(alice, message.ID, (u) => u.readCount === readers.length);
    const allReadThere = receipt(aliceTab, message.ID, (u) => u.readCount === readers.length);
    await alice.sendMessage(message);
    const received = (await copies).map((list) => list.find((m) => m.ID === message.ID) as Message);
    expect(await rowCount('SELECT count(*) AS n FROM message_receipts WHERE conv_key = $1', ['g:xg-group'])).toBe(0);

    // All at once, and each twice: the last to commit counts everyone; repeats count nothing.
    await Promise.all(readers.map((reader, i) => reader.sendMessageReadReceipt([received[i] as Message])));
    await Promise.all(readers.map((reader, i) => reader.sendMessageReadReceipt([received[i] as Message])));
    for (const update of [await allReadHere, await allReadThere]) {
      expect(update).toMatchObject({ readCount: readers.length, unreadCount: 0 });
    }
    expect(await rowCount('SELECT count(*) AS n FROM message_receipts WHERE conv_key = $1', ['g:xg-group'])).toBe(
      readers.length,
    );
    const filled = { ...message };
    await aliceTab.getMessageReadReceiptList([filled]);
    expect(filled.readReceiptInfo).toEqual({ readCount: readers.length, unreadCount: 0, isPeerRead: false });
    const { data } = await alice.getGroupMessageReadMemberList({ message, filter: 0 });
    expect(data.readUserInfoList.map((u) => u.userID).sort()).toEqual(readerIDs);
  });

  it('refuses receipts in a Community on either process', async () => {
    const alice = await userOn(p1, 'xc-alice');
    const bob = await userOn(p2, 'xc-bob');
    await alice.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'No acks',
      groupID: 'xc-group',
      memberList: [{ userID: 'xc-bob' }],
    });
    const { copy } = await delivered(alice, bob, 'xc-group', 'community talk');
    expect(await errorCode(bob.sendMessageReadReceipt([copy]))).toBe(ErrorCode.READ_RECEIPT_UNSUPPORTED);
  });

  it('tells the C2C sender on the other process that the peer read, and a reconnect carries it', async () => {
    const alice = await userOn(p1, 'xp-alice');
    const away = await tabThatCanGoOffline(p2, 'xp-alice');
    const bob = await userOn(p2, 'xp-bob');
    const { sent } = await delivered(alice, bob, 'xp-bob', 'did you read it?', 'C2C');
    await until(() => (conversationOf(away.chat, 'C2Cxp-bob')?.maxSequence ?? 0) >= sent.sequence, 10_000, 'the send');
    const news = receipt(alice, sent.ID, (u) => u.isPeerRead);
    const back = nextEvent<{ state: string }>(
      away.chat,
      EVENT.NET_STATE_CHANGE,
      (d) => d.state === 'connected',
      15_000,
    );
    away.goOffline();
    await bob.setMessageRead({ conversationID: 'C2Cxp-alice' });
    expect(await news).toMatchObject({ conversationID: 'C2Cxp-bob', readCount: 1, unreadCount: 0 });
    expect(isMessagePeerRead(sent, conversationOf(alice, 'C2Cxp-bob'))).toBe(true);
    await back;
    await until(() => isMessagePeerRead(sent, conversationOf(away.chat, 'C2Cxp-bob')), 10_000, 'after the reconnect');
  });
});
