import { CLOSE_PORTAL_LOGOUT, ErrorCode, IM_FILES_PATH } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { upload } from '../files/test-uploads';
import { type Chat, errorCode, nextEvent, RawClient, startServer, until, userSigFor } from '../integration/harness';
import { freshMobile, PortalClient } from './test-client';

/** Logging out of the portal ends the chat it opened: open IM sessions and the userSig it issued. */
let server: LiaisonServer;
const chats: Chat[] = [];
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server.close();
});

interface ImCredentials {
  sdkAppID: number;
  userID: string;
  userSig: string;
}

/** A verified portal user (messaging needs userType ≥ 1) logged in on a fresh portal session. */
async function verifiedUser(): Promise<{ mobile: string; client: PortalClient }> {
  const mobile = freshMobile();
  const client = new PortalClient(server);
  await client.register(mobile, 'Secret123');
  await server.db.query('UPDATE portal_accounts SET user_type = 1 WHERE mobile = $1', [mobile]);
  return { mobile, client };
}

async function imCredentials(client: PortalClient): Promise<ImCredentials> {
  const answer = await client.call<ImCredentials>('GET', '/portal/self/center/im/gen/userSig');
  if (!answer.data?.userSig) throw new Error(`no userSig: ${answer.msg}`);
  return answer.data;
}

async function chatWith(credentials: ImCredentials): Promise<Chat> {
  const chat = LiaisonChat.create({ SDKAppID: credentials.sdkAppID, server: server.url });
  chats.push(chat);
  const ready = nextEvent(chat, LiaisonChat.EVENT.SDK_READY);
  await chat.login({ userID: credentials.userID, userSig: credentials.userSig });
  await ready;
  return chat;
}

async function rawLogin(credentials: ImCredentials) {
  const raw = await RawClient.open(server);
  const closed = new Promise<number>((resolve) => raw.socket.once('close', (code) => resolve(code)));
  const answer = await raw.request('login', {
    SDKAppID: credentials.sdkAppID,
    userID: credentials.userID,
    userSig: credentials.userSig,
  });
  return { raw, closed, answer };
}

describe('portal logout', () => {
  it('kicks the IM sessions its userSig opened, which do not reconnect, and revokes that userSig', async () => {
    const { mobile, client } = await verifiedUser();
    const credentials = await imCredentials(client);
    const chat = await chatWith(credentials);
    const raw = await rawLogin(credentials);
    expect(raw.answer.ok).toBe(true);
    const sessionsBefore = server.gateway.sessionCount();

    // The same person on another portal session (another browser) keeps chatting.
    const other = new PortalClient(server);
    expect((await other.login(mobile, 'Secret123')).code).toBe(200);
    const otherChat = await chatWith(await imCredentials(other));

    const kicked = nextEvent<{ type: string }>(chat, LiaisonChat.EVENT.KICKED_OUT);
    expect(await client.call('POST', '/logout')).toEqual({ code: 200, msg: '退出成功' });
    expect(await kicked).toEqual({ type: LiaisonChat.TYPES.KICKED_OUT_REST_API });
    expect(await raw.closed).toBe(CLOSE_PORTAL_LOGOUT);
    expect(raw.raw.pushes).toContainEqual({ event: 'kicked', data: { reason: 'portalLogout' } });

    // Both kicked sessions are gone and stay gone: the SDK does not log in again.
    await until(() => server.gateway.sessionCount() === sessionsBefore - 1, 10_000, 'kicked sessions closed');
    expect(chat.isReady()).toBe(false);
    expect(await errorCode(chat.getMyProfile())).toBe(ErrorCode.SDK_NOT_READY);
    expect((await otherChat.getMyProfile()).data.userID).toBe(credentials.userID);

    // The userSig no longer logs in, through the SDK or a bare socket.
    const again = LiaisonChat.create({ SDKAppID: credentials.sdkAppID, server: server.url });
    chats.push(again);
    expect(await errorCode(again.login({ userID: credentials.userID, userSig: credentials.userSig }))).toBe(
      ErrorCode.USERSIG_REVOKED,
    );
    const refused = await rawLogin(credentials);
    expect(refused.answer).toMatchObject({ ok: false, error: { code: ErrorCode.USERSIG_REVOKED } });
    refused.raw.close();
    expect(server.gateway.sessionCount()).toBe(sessionsBefore - 1);
  });

  it('ends at once the file access token its IM session got, while another portal session’s keeps opening files', async () => {
    const { mobile, client } = await verifiedUser();
    const { raw } = await rawLogin(await imCredentials(client));
    const other = new PortalClient(server);
    expect((await other.login(mobile, 'Secret123')).code).toBe(200);
    const { raw: otherRaw } = await rawLogin(await imCredentials(other));
    const stored = await upload(server, raw, 'file', 'offer.txt', Buffer.from('price list'));
    const fileID = (stored.body.data as { uuid: string }).uuid;
    const tokenOf = async (socket: RawClient) =>
      ((await socket.request('getFileAccessToken', {})) as { data: { token: string } }).data.token;
    const [token, otherToken] = [await tokenOf(raw), await tokenOf(otherRaw)];
    const open = async (fileToken: string) =>
      (await fetch(`${server.url}${IM_FILES_PATH}/${fileID}?token=${encodeURIComponent(fileToken)}`)).status;
    expect(await open(token)).toBe(200);

    await client.call('POST', '/logout');
    expect(await open(token)).toBe(404);
    expect(await open(otherToken)).toBe(200);
    otherRaw.close();
  });

  it('leaves userSigs made without a portal session (npm run usersig) working', async () => {
    const { client } = await verifiedUser();
    const { userID, sdkAppID } = await imCredentials(client);
    await client.call('POST', '/logout');
    const standalone = await rawLogin({ sdkAppID, userID, userSig: userSigFor(server, userID) });
    expect(standalone.answer.ok).toBe(true);
    standalone.raw.close();
  });

  it('ends an SDK that missed the kick (its socket was down) at its next login, without retrying', async () => {
    const { client } = await verifiedUser();
    const credentials = await imCredentials(client);
    const chat = await chatWith(credentials);
    const kicked = nextEvent<{ type: string }>(chat, LiaisonChat.EVENT.KICKED_OUT);
    // The session is revoked with no kick published, and the connection is lost as a network would lose it.
    const sid = JSON.parse(Buffer.from((client.token ?? '').split('.')[1] ?? '', 'base64url').toString()).sid;
    await server.db.query('UPDATE portal_sessions SET revoked = true WHERE session_id = $1', [sid]);
    expect(server.gateway.dropConnections(credentials.userID)).toBe(1);
    expect(await kicked).toEqual({ type: LiaisonChat.TYPES.KICKED_OUT_REST_API });
    expect(chat.isReady()).toBe(false);
  });

  it('refuses a userSig whose portal session ended while it was unused', async () => {
    const { client } = await verifiedUser();
    const credentials = await imCredentials(client);
    await client.call('POST', '/logout');
    const chat = LiaisonChat.create({ SDKAppID: credentials.sdkAppID, server: server.url });
    chats.push(chat);
    expect(await errorCode(chat.login({ userID: credentials.userID, userSig: credentials.userSig }))).toBe(
      ErrorCode.USERSIG_REVOKED,
    );
  });
});
