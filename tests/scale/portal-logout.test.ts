import { ErrorCode, IM_FILES_PATH } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { upload } from '../../apps/server/src/files/test-uploads';
import { type Chat, errorCode, nextEvent, RawClient, startServer } from '../../apps/server/src/integration/harness';
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

/** A verified user (messaging needs userType ≥ 1) logged in to the portal on the first server, with the userSig it issued. */
async function portalUser(): Promise<{ client: PortalClient; credentials: { userID: string; userSig: string } }> {
  const mobile = freshMobile();
  const client = new PortalClient(portalServer);
  expect((await client.register(mobile, 'Secret123')).code).toBe(200);
  await portalServer.db.query('UPDATE portal_accounts SET user_type = 1 WHERE mobile = $1', [mobile]);
  const answer = await client.call<{ userID: string; userSig: string }>('GET', '/portal/self/center/im/gen/userSig');
  return { client, credentials: { userID: answer.data?.userID ?? '', userSig: answer.data?.userSig ?? '' } };
}

describe('portal logout across server processes', () => {
  it('kicks the IM session on the other server and the userSig is refused there', async () => {
    const { client, credentials } = await portalUser();

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

  it('ends at once, on the other server, the file access token the IM session got there', async () => {
    const { client, credentials } = await portalUser();
    const raw = await RawClient.open(chatServer);
    expect(
      (
        await raw.request('login', {
          SDKAppID: app.sdkAppID,
          userID: credentials.userID,
          userSig: credentials.userSig,
        })
      ).ok,
    ).toBe(true);
    const stored = await upload(chatServer, raw, 'file', 'offer.txt', Buffer.from('price list'));
    const fileID = (stored.body.data as { uuid: string }).uuid;
    const { token } = ((await raw.request('getFileAccessToken', {})) as { data: { token: string } }).data;
    const open = async () =>
      (await fetch(`${chatServer.url}${IM_FILES_PATH}/${fileID}?token=${encodeURIComponent(token)}`)).status;
    expect(await open()).toBe(200);

    await client.call('POST', '/logout');
    expect(await open()).toBe(404);
    raw.close();
  });
});
