import LiaisonChat, { type Message } from '@liaison/sdk';
import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../app';
import { genUserSig } from '../auth/usersig';
import { startServer } from './start-server';

export { startServer };

/** Integration tests talk to a real server (in-memory PGlite) through the real SDK. */
export type Chat = ReturnType<typeof LiaisonChat.create>;

/**
 * One server for a test file, started before its tests and closed after them, with every SDK
 * instance made through `user` logged out first.
 */
export function useServer(): { server(): LiaisonServer; user(userID: string): Promise<Chat> } {
  let server: LiaisonServer | null = null;
  const chats: Chat[] = [];
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await Promise.all(chats.map((c) => c.logout().catch(() => undefined)));
    await server?.close();
  });
  const current = () => {
    if (!server) throw new Error('useServer: the server is not started yet');
    return server;
  };
  return {
    server: current,
    async user(userID) {
      const chat = await connect(current(), userID);
      chats.push(chat);
      return chat;
    },
  };
}

export function userSigFor(server: Pick<LiaisonServer, 'app'>, userID: string, expireSeconds = 3600): string {
  return genUserSig(server.app, userID, expireSeconds);
}

/** A logged-in SDK instance that has reached SDK_READY. */
export async function connect(
  server: Pick<LiaisonServer, 'app' | 'url'>,
  userID: string,
  options: Partial<Parameters<typeof LiaisonChat.create>[0]> = {},
): Promise<Chat> {
  // Signalling only, also under jsdom (a window without WebRTC would be a browser that has none).
  const chat = LiaisonChat.create({ SDKAppID: server.app.sdkAppID, server: server.url, webRTC: null, ...options });
  const ready = nextEvent(chat, LiaisonChat.EVENT.SDK_READY);
  await chat.login({ userID, userSig: userSigFor(server, userID) });
  await ready;
  return chat;
}

type EventName = (typeof LiaisonChat.EVENT)[keyof typeof LiaisonChat.EVENT];

/** Resolves with the data of the next event that satisfies the predicate. */
export function nextEvent<T = unknown>(
  chat: Chat,
  name: EventName,
  predicate: (data: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      chat.off(name, handler);
      reject(new Error(`timed out waiting for ${name}`));
    }, timeoutMs);
    const handler = (event: { data: unknown }) => {
      const data = event.data as T;
      if (!predicate(data)) return;
      clearTimeout(timer);
      chat.off(name, handler);
      resolve(data);
    };
    chat.on(name, handler);
  });
}

export interface ReceivedText {
  ID: string;
  text: string;
  from: string;
  conversationID: string;
  sequence: number;
  flow: string;
}

/** Every message of the conversation's stored history the user can see, oldest first, page by page. */
export async function wholeHistory(chat: Chat, conversationID: string): Promise<Message[]> {
  const messages: Message[] = [];
  let next: string | undefined;
  for (;;) {
    const page = (await chat.getMessageList({ conversationID, nextReqMessageID: next })).data;
    messages.unshift(...page.messageList);
    if (page.isCompleted) return messages;
    next = page.nextReqMessageID;
  }
}

/** Every text message MESSAGE_RECEIVED brings a chat, in order, as plain records. */
export function recordMessages(chat: Chat): ReceivedText[] {
  const received: ReceivedText[] = [];
  chat.on(LiaisonChat.EVENT.MESSAGE_RECEIVED, (event) => {
    for (const m of event.data) {
      // Group tips (joins, quits) arrive as messages too; these tests count text.
      if (m.type !== 'TIMTextElem') continue;
      received.push({
        ID: m.ID,
        text: m.payload.text,
        from: m.from,
        conversationID: m.conversationID,
        sequence: m.sequence,
        flow: m.flow,
      });
    }
  });
  return received;
}

export async function until(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function sendText(chat: Chat, to: string, text: string, conversationType: 'C2C' | 'GROUP' = 'C2C') {
  const message = chat.createTextMessage({ to, conversationType, payload: { text } });
  const result = await chat.sendMessage(message);
  return result.data.message;
}

/** `owner` creates a group (a work group unless told) with its ID as its name and these members. */
export async function createGroupWith(
  owner: Chat,
  groupID: string,
  members: string[],
  type: string = LiaisonChat.TYPES.GRP_WORK,
  extra = {},
): Promise<void> {
  await owner.createGroup({
    type: type as typeof LiaisonChat.TYPES.GRP_WORK,
    name: groupID,
    groupID,
    memberList: members.map((userID) => ({ userID })),
    ...extra,
  });
}

/** Rejections carry {code, message}; returns the code so tests can compare with the catalogue. */
export async function errorCode(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (err) {
    return (err as { code?: number }).code;
  }
  return undefined;
}

/**
 * A bare protocol client, for what the SDK would never send: malformed frames, repeated IDs,
 * oversized frames. It talks to the same endpoint the SDK uses.
 */
export class RawClient {
  private nextID = 0;
  private readonly pending = new Map<number, (frame: unknown) => void>();
  readonly pushes: Array<{ event: string; data: unknown }> = [];
  readonly orphans: unknown[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { id?: number | null; event?: string; data?: unknown };
      if (frame.event) this.pushes.push({ event: frame.event, data: frame.data });
      else if (typeof frame.id === 'number' && this.pending.has(frame.id)) {
        this.pending.get(frame.id)?.(frame);
        this.pending.delete(frame.id);
      } else this.orphans.push(frame);
    });
  }

  static async open(server: Pick<LiaisonServer, 'url'>): Promise<RawClient> {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/im`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new RawClient(socket);
  }

  request(op: string, body: unknown): Promise<{ ok: boolean; data?: unknown; error?: { code: number } }> {
    const id = ++this.nextID;
    return new Promise((resolve) => {
      this.pending.set(id, resolve as (frame: unknown) => void);
      this.socket.send(JSON.stringify({ id, op, body }));
    });
  }

  async login(server: Pick<LiaisonServer, 'app'>, userID: string) {
    return this.request('login', { SDKAppID: server.app.sdkAppID, userID, userSig: userSigFor(server, userID) });
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /**
   * Several requests in one TCP write, so the server reads them in one turn of its event loop, as
   * it does a client's frames sent back to back under load.
   */
  requestTogether(
    requests: Array<{ op: string; body: unknown }>,
  ): Promise<Array<{ ok: boolean; data?: unknown; error?: { code: number } }>> {
    // ws keeps its net.Socket private; corking it is the only way to join the frames.
    const tcp = (this.socket as unknown as { _socket: { cork(): void; uncork(): void } })._socket;
    tcp.cork();
    const answers = requests.map(({ op, body }) => this.request(op, body));
    tcp.uncork();
    return Promise.all(answers);
  }

  close(): void {
    this.socket.close();
  }
}
