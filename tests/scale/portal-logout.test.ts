import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { type Chat, errorCode, nextEvent, startServer } from '../../apps/server/src/integration/harness';
import { freshMobile, PortalClient } from '../../apps/server/src/portal/test-client';
import { createScratchDatabase, NATS_URL, scaleApp } from './shared-services';

/**
 * A portal logout on one server ends the chat its userSig opened on another: the kick crosses
 * NATS, the revocation is in the shared PostgreSQL. (Two servers in this process, each with its
 * own database pool and NATS connection.)
 */
const app = scaleApp(1_400_777_004);

let portalServer: LiaisonServer;
let chatServer: LiaisonServer;
const chats: Chat[] = [];
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createScratchDatabase('liaison_logout');
  dropDatabase = database.drop;
  const options = { databaseUrl: database.url, natsUrl: NATS_URL, app };
  const portal = { testHooks: true, devOutboxEndpoint: false };
  // One after the other, so that one of them applies the migrations.
  portalServer = await startServer(portal, options);
  chatServer = await startServer(portal, options);
});

afterAll(async () => {
  for (const chat of chats) await chat.logout().catch(() => undefined);
  await chatServer?.close();
  await portalServer?.close();
  await dropDatabase?.();
});

describe('portal logout across server processes', () => {
  it('kicks the IM session on the other server and the userSig is refused there', async () => {
    const mobile = freshMobile();
    const client = new PortalClient(portalServer);
    expect((await client.register(mobile, 'Secret123')).code).toBe(200);
    await portalServer.db.query('UPDATE portal_accounts SET user_type = 1 WHERE mobile = $1', [mobile]);
    const answer = await client.call<{ userID: string; userSig: string }>('GET', '/portal/self/center/im/gen/userSig');
    const credentials = { userID: answer.data?.userID ?? '', userSig: answer.data?.userSig ?? '' };

    const chat = LiaisonChat.create({ SDKAppID: app.sdkAppID, server: chatServer.url });
    chats.push(chat);
    const ready = nextEvent(chat, LiaisonChat.EVENT.SDK_READY);
    await chat.login(credentials);
    await ready;

    const kicked = nextEvent<{ type: string }>(chat, LiaisonChat.EVENT.KICKED_OUT);
    await client.call('POST', '/logout');
    expect(await kicked).toEqual({ type: LiaisonChat.TYPES.KICKED_OUT_REST_API });

    const again = LiaisonChat.create({ SDKAppID: app.sdkAppID, server: chatServer.url });
    chats.push(again);
    expect(await errorCode(again.login(credentials))).toBe(ErrorCode.USERSIG_REVOKED);
  });
});
