// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../../../../../apps/server/src/app';
import { connect, startServer } from '../../../../../apps/server/src/integration/harness';
import {
  type ModerationService,
  startModerationService,
} from '../../../../../apps/server/src/integration/moderation-service';
import { MODERATION_CALLBACK_PATH } from '../../../../../apps/server/src/moderation/callback-route';
import { renderInKit } from '../../test-support/render-in-kit';
import { MessageList } from './MessageList';

/** A message flagged after delivery turns into the risk placeholder in the open list (MESSAGE_MODIFIED). */
const TOKEN = 'kit-moderation-callback-token-0123456789';
let server: LiaisonServer;
let provider: ModerationService;
const chats: ChatSDK[] = [];

beforeAll(async () => {
  provider = await startModerationService();
  server = await startServer(undefined, { moderation: { file: null, url: provider.url, callbackToken: TOKEN } });
});
afterEach(cleanup);
afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
  await provider?.close();
});

async function user(userID: string): Promise<ChatSDK> {
  const chat = await connect(server, userID, { WebSocket });
  chats.push(chat);
  return chat;
}

describe('risk content flagged after delivery', () => {
  it('replaces the shown message with "cannot view" for the receiver', async () => {
    const cat = await user('krisk-cat');
    const dan = await user('krisk-dan');
    const message = cat.createTextMessage({
      to: 'krisk-dan',
      conversationType: 'C2C',
      payload: { text: 'maybe risky' },
    });
    await cat.sendMessage(message);
    renderInKit(dan, <MessageList conversationID="C2Ckrisk-cat" />);
    await screen.findByText('maybe risky');

    const question = provider.asked.find((q) => q.messageID === message.ID);
    await act(async () => {
      const answer = await fetch(`${server.url}${MODERATION_CALLBACK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ messageID: message.ID, conversationKey: question?.conversationKey }),
      });
      expect(answer.status).toBe(200);
    });
    expect(await screen.findByText('Cannot view: involves sensitive content')).toBeTruthy();
    expect(screen.queryByText('maybe risky')).toBeNull();
  });
});
