import { ErrorCode, Limits } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { genUserSig } from '../auth/usersig';
import { type Chat, connect, errorCode, RawClient, startServer } from './harness';

const { TYPES } = LiaisonChat;
let server: LiaisonServer;
const chats: Chat[] = [];
const raws: RawClient[] = [];

async function messageCount(): Promise<number> {
  return Number((await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM messages'))[0]?.n);
}

async function raw(userID?: string): Promise<RawClient> {
  const client = await RawClient.open(server);
  raws.push(client);
  if (userID) expect((await client.login(server, userID)).ok).toBe(true);
  return client;
}

const text = (ID: string, to: string, body = 'hello') => ({
  ID,
  conversationType: 'C2C',
  to,
  type: 'TIMTextElem',
  payload: { text: body },
  clientTime: 1,
  random: 1,
});

beforeAll(async () => {
  server = await startServer();
  chats.push(await connect(server, 'bad-alice'), await connect(server, 'bad-bob'));
});

afterAll(async () => {
  for (const r of raws) r.close();
  await Promise.all(chats.map((c) => c.logout().catch(() => undefined)));
  await server.close();
});

describe('bad input gets a catalogue error and changes nothing', () => {
  it('refuses a message over 12 KB with 8001, in the SDK and on the server', async () => {
    const [alice] = chats as [Chat];
    const before = await messageCount();
    const big = 'x'.repeat(Limits.MESSAGE_MAX_BYTES + 1);
    const message = alice.createTextMessage({
      to: 'bad-bob',
      conversationType: TYPES.CONV_C2C,
      payload: { text: big },
    });
    expect(await errorCode(alice.sendMessage(message))).toBe(ErrorCode.MESSAGE_TOO_LONG);
    const client = await raw('bad-alice');
    const reply = await client.request('sendMessage', text('raw-big-1', 'bad-bob', big));
    expect(reply.error?.code).toBe(ErrorCode.MESSAGE_TOO_LONG);
    // 12 KB counts bytes: 4,100 three-byte characters are over it.
    const wide = await client.request('sendMessage', text('raw-big-2', 'bad-bob', '中'.repeat(4100)));
    expect(wide.error?.code).toBe(ErrorCode.MESSAGE_TOO_LONG);
    expect(await messageCount()).toBe(before);
  });

  it('answers malformed JSON, unknown ops and schema violations with their codes', async () => {
    const client = await raw('bad-alice');
    client.sendRaw('{not json');
    client.sendRaw(JSON.stringify({ op: 'sendMessage' }));
    expect((await client.request('fly', {})).error?.code).toBe(ErrorCode.UNKNOWN_OP);
    const missingText = await client.request('sendMessage', { ...text('schema-1', 'bad-bob'), payload: {} });
    expect(missingText.error?.code).toBe(ErrorCode.INVALID_PARAMS);
    const badTarget = await client.request('sendMessage', text('schema-2', 'not a user!'));
    expect(badTarget.error?.code).toBe(ErrorCode.INVALID_PARAMS);
    const badConversation = await client.request('getMessageList', { conversationID: 'XYZ' });
    expect(badConversation.error?.code).toBe(ErrorCode.INVALID_PARAMS);
    const empty = await client.request('sendMessage', text('schema-3', 'bad-bob', ''));
    expect(empty.error?.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(client.orphans).toEqual([
      expect.objectContaining({ ok: false, error: expect.objectContaining({ code: ErrorCode.MALFORMED_FRAME }) }),
      expect.objectContaining({ ok: false, error: expect.objectContaining({ code: ErrorCode.MALFORMED_FRAME }) }),
    ]);
    const stored = await server.db.query("SELECT 1 FROM messages WHERE id LIKE 'schema-%'");
    expect(stored).toEqual([]);
  });

  it('requires login before anything else and refuses a second login', async () => {
    const client = await raw();
    expect((await client.request('getConversationList', {})).error?.code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await client.login(server, 'bad-carol')).ok).toBe(true);
    expect((await client.login(server, 'bad-carol')).error?.code).toBe(ErrorCode.ALREADY_LOGGED_IN);
  });

  it('rejects logins with expired, forged or foreign signatures through the SDK', async () => {
    const login = (userSig: string, SDKAppID = server.app.sdkAppID) => {
      const chat = LiaisonChat.create({ SDKAppID, server: server.url });
      return chat.login({ userID: 'bad-dave', userSig });
    };
    const expired = genUserSig(server.app, 'bad-dave', 10, Date.now() - 60_000);
    expect(await errorCode(login(expired))).toBe(ErrorCode.USERSIG_EXPIRED);
    const forged = genUserSig({ ...server.app, secretKey: 'guess' }, 'bad-dave', 600);
    expect(await errorCode(login(forged))).toBe(ErrorCode.USERSIG_INVALID);
    const foreign = genUserSig({ ...server.app, sdkAppID: 1400000999 }, 'bad-dave', 600);
    expect(await errorCode(login(foreign))).toBe(ErrorCode.USERSIG_APP_MISMATCH);
    expect(await errorCode(login(genUserSig(server.app, 'bad-dave', 600), 1400000999))).toBe(
      ErrorCode.USERSIG_APP_MISMATCH,
    );
    const users = await server.db.query("SELECT 1 FROM users WHERE user_id = 'bad-dave'");
    expect(users).toEqual([]);
  });

  it('refuses a message to a user who does not exist', async () => {
    const [alice] = chats as [Chat];
    const before = await messageCount();
    const message = alice.createTextMessage({
      to: 'nobody',
      conversationType: TYPES.CONV_C2C,
      payload: { text: 'hi' },
    });
    expect(await errorCode(alice.sendMessage(message))).toBe(ErrorCode.USER_NOT_FOUND);
    expect(message.status).toBe('fail');
    expect(await messageCount()).toBe(before);
  });

  it('returns the first stored message for a repeated ID and delivers it once', async () => {
    const sender = await raw('bad-alice');
    const receiver = await raw('bad-bob');
    const first = await sender.request('sendMessage', text('dup-1', 'bad-bob', 'once'));
    const again = await sender.request('sendMessage', text('dup-1', 'bad-bob', 'a different body'));
    expect(first.ok).toBe(true);
    expect(again.data).toEqual(first.data);
    await new Promise((r) => setTimeout(r, 200));
    const deliveries = receiver.pushes.filter(
      (p) => p.event === 'message' && (p.data as { message: { ID: string } }).message.ID === 'dup-1',
    );
    expect(deliveries).toHaveLength(1);
    const stored = await server.db.query("SELECT 1 FROM messages WHERE id = 'dup-1'");
    expect(stored).toHaveLength(1);
    // Another user cannot claim that ID in the same conversation.
    const thief = await raw('bad-bob');
    const stolen = await thief.request('sendMessage', text('dup-1', 'bad-alice', 'mine now'));
    expect(stolen.error?.code).toBe(ErrorCode.MESSAGE_ID_CONFLICT);
  });

  it('closes the connection on a frame over 1 MB', async () => {
    const client = await raw('bad-alice');
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    client.sendRaw(
      JSON.stringify({ id: 1, op: 'getConversationList', body: { pad: 'x'.repeat(Limits.FRAME_MAX_BYTES) } }),
    );
    expect(await closed).toBe(1009);
  });

  it('ends a session when its userSig expires, with KICKED_OUT and no reconnect', async () => {
    const chat = LiaisonChat.create({ SDKAppID: server.app.sdkAppID, server: server.url });
    const kicked = new Promise<{ type: string }>((resolve) =>
      chat.on(LiaisonChat.EVENT.KICKED_OUT, (event: { data: { type: string } }) => resolve(event.data)),
    );
    const states: string[] = [];
    await chat.login({ userID: 'bad-short', userSig: genUserSig(server.app, 'bad-short', 2) });
    chat.on(LiaisonChat.EVENT.NET_STATE_CHANGE, (event: { data: { state: string } }) => states.push(event.data.state));
    expect(await kicked).toEqual({ type: TYPES.KICKED_OUT_USERSIG_EXPIRED });
    expect(chat.isReady()).toBe(false);
    await new Promise((r) => setTimeout(r, 1000));
    expect(states).not.toContain(TYPES.NET_STATE_CONNECTED);
    expect(await errorCode(chat.getConversationList())).toBe(ErrorCode.SDK_NOT_READY);
  });
});
