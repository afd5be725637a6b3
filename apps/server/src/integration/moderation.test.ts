import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, type WireMessage } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { MODERATION_CALLBACK_PATH } from '../moderation/callback-route';
import { startServer } from './harness';
import { MessageClient, PHOTO, storedFile } from './message-client';
import { type ModerationService, startModerationService } from './moderation-service';
import { snapshot } from './state-snapshot';

const TABLES = ['messages', 'conversations', 'user_conversations', 'file_grants', 'merged_records'];
const clients: MessageClient[] = [];

async function login(server: LiaisonServer, userID: string): Promise<MessageClient> {
  const client = await MessageClient.login(server, userID);
  clients.push(client);
  return client;
}

afterAll(() => {
  for (const c of clients) c.close();
});

async function expectRefused(
  server: LiaisonServer,
  send: Promise<{ ok: boolean; error?: { code: number } }>,
  code: number,
) {
  const before = await snapshot(server.db, TABLES);
  const answer = await send;
  expect(answer.error?.code).toBe(code);
  expect(await snapshot(server.db, TABLES)).toEqual(before);
}

describe('moderation with a local word list and image-hash list (MODERATION_FILE)', () => {
  let server: LiaisonServer;
  let dir: string;
  let file: string;
  const bannedSha = createHash('sha256').update('a banned picture').digest('hex');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'liaison-moderation-'));
    file = join(dir, 'moderation.json');
    await writeFile(file, JSON.stringify({ words: ['Forbidden', '违禁'], imageSha256: [bannedSha] }));
    server = await startServer(undefined, { moderation: { file, url: null, callbackToken: null } });
  });

  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses text with a listed word (any case) with 80001 and stores nothing', async () => {
    const ann = await login(server, 'md-ann');
    await login(server, 'md-ben');
    await expectRefused(
      server,
      ann.send('md-ben', 'TIMTextElem', { text: 'this is FORBIDDEN talk' }),
      ErrorCode.TEXT_SENSITIVE,
    );
    await expectRefused(server, ann.send('md-ben', 'TIMTextElem', { text: '这是违禁内容' }), ErrorCode.TEXT_SENSITIVE);
    await expectRefused(
      server,
      ann.send('md-ben', 'TIMCustomElem', { data: '{"x":"forbidden"}', description: '', extension: '' }),
      ErrorCode.TEXT_SENSITIVE,
    );
    await expectRefused(
      server,
      ann.send('md-ben', 'TIMCustomElem', { data: '{}', description: 'forbidden offer', extension: '' }),
      ErrorCode.TEXT_SENSITIVE,
    );
    const ok = await ann.sent('md-ben', 'TIMTextElem', { text: 'perfectly fine' });
    await expectRefused(
      server,
      ann.send('md-ben', 'TIMRelayElem', {
        title: 'forbidden record',
        abstractList: [],
        compatibleText: 'x',
        messageList: [{ conversationID: 'C2Cmd-ben', ID: ok.ID }],
      }),
      ErrorCode.TEXT_SENSITIVE,
    );
    await expectRefused(
      server,
      ann.send('md-ben', 'TIMRelayElem', {
        title: 'record',
        abstractList: ['ann: 违禁'],
        compatibleText: 'x',
        messageList: [{ conversationID: 'C2Cmd-ben', ID: ok.ID }],
      }),
      ErrorCode.TEXT_SENSITIVE,
    );
  });

  it('refuses an image whose sha256 is listed with 80004, and a video snapshot too', async () => {
    const ann = await login(server, 'md-img');
    const banned = await storedFile(server.db, 'md-img', { ...PHOTO, sha256: bannedSha });
    await expectRefused(server, ann.send('md-ben', 'TIMImageElem', { uuid: banned }), ErrorCode.IMAGE_SENSITIVE);
    const video = await storedFile(server.db, 'md-img', { kind: 'video', contentType: 'video/mp4' });
    const snapshotUUID = await storedFile(server.db, 'md-img', { ...PHOTO, kind: 'snapshot', sha256: bannedSha });
    await expectRefused(
      server,
      ann.send('md-ben', 'TIMVideoFileElem', { videoUUID: video, snapshotUUID, videoSecond: 1 }),
      ErrorCode.IMAGE_SENSITIVE,
    );
    const fine = await storedFile(server.db, 'md-img', PHOTO);
    await ann.sent('md-ben', 'TIMImageElem', { uuid: fine });
  });

  it('reloads the list when the file changes', async () => {
    const ann = await login(server, 'md-reload');
    await ann.sent('md-ben', 'TIMTextElem', { text: 'brand new word' });
    await writeFile(file, JSON.stringify({ words: ['forbidden', 'brand new'], imageSha256: [] }));
    let code: number | undefined;
    const deadline = Date.now() + 8_000;
    while (code !== ErrorCode.TEXT_SENSITIVE && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      code = (await ann.send('md-ben', 'TIMTextElem', { text: 'brand new word' })).error?.code;
    }
    expect(code).toBe(ErrorCode.TEXT_SENSITIVE);
    // A broken edit keeps the lists in force.
    await writeFile(file, '{not json');
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await ann.send('md-ben', 'TIMTextElem', { text: 'brand new word' })).error?.code).toBe(
      ErrorCode.TEXT_SENSITIVE,
    );
  });
});

describe('moderation by a remote HTTP service (MODERATION_URL), with late verdicts', () => {
  const TOKEN = 'callback-token-for-tests-0123456789';
  let server: LiaisonServer;
  let provider: ModerationService;
  let asked: ModerationService['asked'];

  beforeAll(async () => {
    provider = await startModerationService();
    asked = provider.asked;
    server = await startServer(undefined, { moderation: { file: null, url: provider.url, callbackToken: TOKEN } });
  });

  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  const report = (body: unknown, token = TOKEN) =>
    fetch(`${server.url}${MODERATION_CALLBACK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });

  it('refuses what the service blocks with 80001', async () => {
    const ann = await login(server, 'hp-ann');
    await login(server, 'hp-ben');
    await expectRefused(server, ann.send('hp-ben', 'TIMTextElem', { text: 'buy spam now' }), ErrorCode.TEXT_SENSITIVE);
    expect(asked.at(-1)).toMatchObject({ type: 'text', text: 'buy spam now' });
  });

  it('delivers what is under review, then flags it where it was delivered when the service reports it', async () => {
    const ann = await login(server, 'hp-sender');
    const ben = await login(server, 'hp-reader');
    const sent = await ann.sent('hp-reader', 'TIMTextElem', { text: 'maybe risky' });
    expect((await ben.received(sent.ID)).hasRiskContent).toBe(false);
    expect(asked.at(-1)).toMatchObject({ type: 'text', messageID: sent.ID });
    const conversationKey = asked.at(-1)?.conversationKey;

    expect((await report({ messageID: sent.ID }, 'wrong-token-wrong-token-wrong')).status).toBe(401);
    expect((await report({ nothing: true })).status).toBe(400);
    expect((await report({ messageID: 'never-stored' })).status).toBe(404);
    expect((await report({ messageID: sent.ID, conversationKey })).status).toBe(200);

    for (const client of [ben, ann]) {
      const { message } = await client.push<{ message: WireMessage }>(
        'messageUpdated',
        (d) => d.message.ID === sent.ID,
      );
      expect(message).toMatchObject({ ID: sent.ID, hasRiskContent: true, type: 'TIMTextElem' });
    }
    expect((await ben.history('C2Chp-sender')).find((m) => m.ID === sent.ID)?.hasRiskContent).toBe(true);
    const list = await ben.ok<{ conversationList: Array<{ lastMessage: WireMessage | null }> }>(
      'getConversationList',
      {},
    );
    expect(list.conversationList.find((c) => c.lastMessage?.ID === sent.ID)?.lastMessage?.hasRiskContent).toBe(true);
    // A flagged message cannot be copied into a merged record, where it would show in full.
    const merged = await ben.send('hp-sender', 'TIMRelayElem', {
      title: 'record',
      abstractList: [],
      compatibleText: 'record',
      messageList: [{ conversationID: 'C2Chp-sender', ID: sent.ID }],
    });
    expect(merged.error?.code).toBe(ErrorCode.TEXT_SENSITIVE);
  });

  it('asks about images by their sha256', async () => {
    const ann = await login(server, 'hp-image');
    const uuid = await storedFile(server.db, 'hp-image', { ...PHOTO, sha256: 'ab'.repeat(32) });
    await ann.sent('hp-ben', 'TIMImageElem', { uuid });
    expect(asked.at(-1)).toMatchObject({ type: 'image', sha256: 'ab'.repeat(32) });
  });
});
