import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import LiaisonChat, { ErrorCode, type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import {
  type Chat,
  connect,
  nextEvent,
  recordMessages,
  startServer,
  until,
  wholeHistory,
} from '../../integration/harness';
import { startStallingProxy } from '../../integration/stalling-proxy';

const { EVENT, TYPES } = LiaisonChat;

/**
 * Sending while the server is unreachable, through the SDK against a real server that is stopped
 * and started again on the same port and data: the message fails after the send timeout (instead
 * of spinning), and whether it goes again by itself after the reconnect or the user resends it,
 * the server stores it exactly once.
 */
let dataDir: string;
let server: LiaisonServer | null = null;
let port = 0;
const chats: Chat[] = [];
/** Short, so that the tests do not sit out the 15 s default. */
const SEND_TIMEOUT = 1_500;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liaison-offline-send-'));
  server = await startServer(undefined, { dataDir });
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function running(): LiaisonServer {
  if (!server) throw new Error('the server is stopped');
  return server;
}

async function user(userID: string, options: Parameters<typeof connect>[2] = {}): Promise<Chat> {
  const chat = await connect(running(), userID, { sendTimeout: SEND_TIMEOUT, ...options });
  chats.push(chat);
  return chat;
}

async function stopServer(chat: Chat): Promise<void> {
  const lost = nextEvent<{ state: string }>(chat, EVENT.NET_STATE_CHANGE, (d) => d.state !== 'connected');
  await running().close();
  server = null;
  await lost;
}

async function restartServer(chat: Chat): Promise<void> {
  const back = nextEvent<{ state: string }>(chat, EVENT.NET_STATE_CHANGE, (d) => d.state === 'connected', 30_000);
  server = await startServer(undefined, { dataDir, port });
  await back;
}

/** Every message ID in the conversation's stored history, oldest first. */
async function storedIDs(chat: Chat, conversationID: string): Promise<string[]> {
  return (await wholeHistory(chat, conversationID)).map((m) => m.ID);
}

/** Resolves when the SDK reports (MESSAGE_MODIFIED) that a message it sent again by itself reached `status`. */
function retried(chat: Chat, messageID: string, status: Message['status']): Promise<Message[]> {
  return nextEvent<Message[]>(chat, EVENT.MESSAGE_MODIFIED, (list) =>
    list.some((m) => m.ID === messageID && m.status === status),
  );
}

function text(chat: Chat, to: string, words: string): Message {
  return chat.createTextMessage({ to, conversationType: TYPES.CONV_C2C, payload: { text: words } });
}

describe('sending while the server is down', () => {
  it('fails after the send timeout, then goes by itself once the server is back, stored once', async () => {
    const alice = await user('off-alice');
    await user('off-bob');
    await stopServer(alice);

    const message = text(alice, 'off-bob', 'sent while the server was down');
    const failure = await alice.sendMessage(message).catch((error: { code: number }) => error);
    expect(failure).toMatchObject({ code: ErrorCode.NETWORK_ERROR });
    expect(message.status).toBe('fail');

    const delivered = retried(alice, message.ID, 'success');
    await restartServer(alice);
    await delivered;
    expect(message.status).toBe('success');
    const bob = await user('off-bob');
    expect((await storedIDs(bob, 'C2Coff-alice')).filter((id) => id === message.ID)).toHaveLength(1);
  });

  it('stores a message once when the user resends it as the connection comes back', async () => {
    const alice = await user('offr-alice');
    await user('offr-bob');
    await stopServer(alice);
    const message = text(alice, 'offr-bob', 'resent by hand');
    await alice.sendMessage(message).catch(() => undefined);
    expect(message.status).toBe('fail');

    // The user confirms the resend as the connection comes back, while the SDK sends it again too.
    await restartServer(alice);
    const result = await alice.sendMessage(message);
    expect(result.data.message.status).toBe('success');

    const bob = await user('offr-bob');
    expect((await storedIDs(bob, 'C2Coffr-alice')).filter((id) => id === message.ID)).toHaveLength(1);
  });
});

describe('a send whose answer was lost', () => {
  it('is stored once, and delivered once, when the SDK sends it again after the reconnect', async () => {
    const proxy = await startStallingProxy({ host: '127.0.0.1', port });
    try {
      const alice = await connect({ app: running().app, url: proxy.url }, 'lost-alice', {
        sendTimeout: SEND_TIMEOUT,
        // No heartbeat: the unanswered send itself is what tells the SDK the line is dead.
        heartbeatInterval: 0,
      });
      chats.push(alice);
      const bob = await user('lost-bob');
      const received = recordMessages(bob);

      proxy.muteAnswers();
      const message = text(alice, 'lost-bob', 'the answer to this one is lost');
      const failure = await alice.sendMessage(message).catch((error: { code: number }) => error);
      // It reached the server (bob has it), but alice never heard back.
      expect(failure).toMatchObject({ code: ErrorCode.REQUEST_TIMEOUT });
      await until(() => received.some((m) => m.ID === message.ID), 10_000, 'bob receiving it');

      await until(() => message.status === 'success', 20_000, 'the send again after the reconnect');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.filter((m) => m.ID === message.ID)).toHaveLength(1);
      expect((await storedIDs(bob, 'C2Clost-alice')).filter((id) => id === message.ID)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});
