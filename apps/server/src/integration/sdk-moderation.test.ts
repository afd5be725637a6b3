import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { MODERATION_CALLBACK_PATH } from '../moderation/callback-route';
import { type Chat, connect, errorCode, nextEvent, startServer } from './harness';
import { type ModerationService, startModerationService } from './moderation-service';

/** Moderation as an SDK user meets it: refusals as send errors, late verdicts as MESSAGE_MODIFIED. */

const { EVENT, TYPES } = LiaisonChat;
const TOKEN = 'sdk-moderation-callback-token-0123456789';
let server: LiaisonServer;
let provider: ModerationService;
const chats: Chat[] = [];

beforeAll(async () => {
  provider = await startModerationService();
  server = await startServer(undefined, { moderation: { file: null, url: provider.url, callbackToken: TOKEN } });
});

afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
  await provider?.close();
});

async function user(userID: string): Promise<Chat> {
  const chat = await connect(server, userID);
  chats.push(chat);
  return chat;
}

const text = (chat: Chat, to: string, value: string) =>
  chat.createTextMessage({ to, conversationType: TYPES.CONV_C2C, payload: { text: value } });

describe('moderation through the SDK', () => {
  it('rejects a send the service blocks with 80001 and marks the message failed', async () => {
    const ann = await user('smod-ann');
    await user('smod-ben');
    const message = text(ann, 'smod-ben', 'cheap spam here');
    expect(await errorCode(ann.sendMessage(message))).toBe(ErrorCode.TEXT_SENSITIVE);
    expect(message.status).toBe('fail');
  });

  it('tells both sides with MESSAGE_MODIFIED when a delivered message is flagged later', async () => {
    const cat = await user('smod-cat');
    const dan = await user('smod-dan');
    const arrived = nextEvent<Message[]>(dan, EVENT.MESSAGE_RECEIVED);
    const message = text(cat, 'smod-dan', 'maybe risky');
    await cat.sendMessage(message);
    expect((await arrived)[0]).toMatchObject({ ID: message.ID, hasRiskContent: false });

    const flagged = (chat: Chat) =>
      nextEvent<Message[]>(chat, EVENT.MESSAGE_MODIFIED, (list) => list.some((m) => m.ID === message.ID));
    const seen = [flagged(dan), flagged(cat)];
    const question = provider.asked.find((q) => q.messageID === message.ID);
    const answer = await fetch(`${server.url}${MODERATION_CALLBACK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ messageID: message.ID, conversationKey: question?.conversationKey }),
    });
    expect(answer.status).toBe(200);
    for (const list of await Promise.all(seen)) {
      expect(list.find((m) => m.ID === message.ID)).toMatchObject({
        type: TYPES.MSG_TEXT,
        hasRiskContent: true,
        payload: { text: 'maybe risky' },
      });
    }
    const history = (await dan.getMessageList({ conversationID: 'C2Csmod-cat' })).data.messageList;
    expect(history.find((m) => m.ID === message.ID)?.hasRiskContent).toBe(true);
  });
});
