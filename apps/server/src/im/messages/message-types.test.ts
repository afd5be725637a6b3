import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, SYSTEM_SENDER, type WireMessage, wireMessageSchema } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { MessageClient, PHOTO, storedFile } from '../../integration/message-client';
import { snapshot } from '../../integration/state-snapshot';
import { c2cKey } from './keys';

/**
 * Every sendable message type, C2C and in a group, through raw frames against a real server:
 * the delivered shapes, the refusals (which store nothing), and forwarding of files.
 */
let server: LiaisonServer;
let dir: string;
let ann: MessageClient;
let ben: MessageClient;
const clients: MessageClient[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liaison-types-'));
  const moderationFile = join(dir, 'moderation.json');
  await writeFile(moderationFile, JSON.stringify({ words: [], imageSha256: [] }));
  server = await startServer(undefined, { moderation: { file: moderationFile, url: null, callbackToken: null } });
  [ann, ben] = await Promise.all([login('t-ann'), login('t-ben')]);
  await ann.ok('createGroup', {
    type: 'Public',
    name: 'types',
    groupID: 'grp-types',
    memberList: [{ userID: 't-ben' }],
  });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function login(userID: string): Promise<MessageClient> {
  const client = await MessageClient.login(server, userID);
  clients.push(client);
  return client;
}

/** Sends from ann to `to`; ben receives it as pushed, and finds it the same in history. */
async function roundTrip(to: string, type: string, payload: unknown): Promise<WireMessage> {
  const sent = await ann.sent(to, type, payload);
  const got = await ben.received(sent.ID);
  expect(wireMessageSchema.parse(got)).toEqual(got);
  expect(got).toEqual(sent);
  const history = await ben.history(to.startsWith('grp-') ? `GROUP${to}` : 'C2Ct-ann');
  expect(history.find((m) => m.ID === sent.ID)).toEqual(sent);
  return got;
}

const where = [
  ['C2C', 't-ben'],
  ['a group', 'grp-types'],
] as const;

describe.each(where)('every message type, %s', (_label, to) => {
  it('delivers an image with its three sizes, original first, URLs from our records', async () => {
    const uuid = await storedFile(server.db, 't-ann', PHOTO);
    const got = await roundTrip(to, 'TIMImageElem', { uuid });
    expect(got).toMatchObject({ type: 'TIMImageElem', hasRiskContent: false, from: 't-ann' });
    expect(got.payload).toEqual({
      uuid,
      imageFormat: 3,
      imageInfoArray: [
        { type: 1, size: 250_000, width: 1600, height: 1200, url: `/im/files/${uuid}` },
        { type: 2, size: 60_000, width: 720, height: 540, url: `/im/files/${uuid}/large` },
        { type: 3, size: 9_000, width: 198, height: 149, url: `/im/files/${uuid}/small` },
      ],
    });
  });

  it('ignores sizes and URLs a client adds: they come from our records', async () => {
    const uuid = await storedFile(server.db, 't-ann', PHOTO);
    const evil = { type: 1, size: 1, width: 1, height: 1, url: 'https://evil.example/x.png' };
    const got = await roundTrip(to, 'TIMImageElem', { uuid, imageFormat: 2, imageInfoArray: [evil] });
    expect(JSON.stringify(got.payload)).not.toContain('evil.example');
    expect(got.payload).toMatchObject({ imageFormat: 3 });
  });

  it('delivers a small image without extra sizes as the original at every index', async () => {
    const uuid = await storedFile(server.db, 't-ann', { ...PHOTO, width: 100, height: 80, size: 3000, variants: {} });
    const got = await roundTrip(to, 'TIMImageElem', { uuid });
    const sizes = (got.payload as { imageInfoArray: Array<{ type: number; url: string; width: number }> })
      .imageInfoArray;
    expect(sizes.map((s) => [s.type, s.width, s.url])).toEqual([
      [1, 100, `/im/files/${uuid}`],
      [2, 100, `/im/files/${uuid}`],
      [3, 100, `/im/files/${uuid}`],
    ]);
  });

  it('delivers a voice message with its URL, size and duration', async () => {
    const uuid = await storedFile(server.db, 't-ann', { kind: 'audio', contentType: 'audio/webm', size: 12_345 });
    const got = await roundTrip(to, 'TIMSoundElem', { uuid, second: 7 });
    expect(got.payload).toEqual({
      uuid,
      url: `/im/files/${uuid}`,
      remoteAudioUrl: `/im/files/${uuid}`,
      size: 12_345,
      second: 7,
      downloadFlag: 2,
    });
  });

  it('delivers a video with its snapshot, and one without', async () => {
    const videoUUID = await storedFile(server.db, 't-ann', {
      kind: 'video',
      contentType: 'video/mp4',
      size: 2_000_000,
    });
    const snapshotUUID = await storedFile(server.db, 't-ann', {
      kind: 'snapshot',
      contentType: 'image/jpeg',
      size: 20_000,
      width: 640,
      height: 360,
      imageFormat: 1,
      variants: { small: { width: 198, height: 111, size: 4000 } },
    });
    const got = await roundTrip(to, 'TIMVideoFileElem', { videoUUID, snapshotUUID, videoSecond: 12 });
    expect(got.payload).toEqual({
      videoUUID,
      videoUrl: `/im/files/${videoUUID}`,
      remoteVideoUrl: `/im/files/${videoUUID}`,
      videoSize: 2_000_000,
      videoSecond: 12,
      videoFormat: 'mp4',
      videoDownloadFlag: 2,
      snapshotUUID,
      snapshotUrl: `/im/files/${snapshotUUID}`,
      snapshotWidth: 640,
      snapshotHeight: 360,
      snapshotSize: 20_000,
      thumbUrl: `/im/files/${snapshotUUID}/small`,
    });
    const bare = await roundTrip(to, 'TIMVideoFileElem', { videoUUID, videoSecond: 3 });
    expect(bare.payload).toMatchObject({
      videoUUID,
      snapshotUUID: '',
      snapshotUrl: '',
      thumbUrl: '',
      snapshotWidth: 0,
    });
  });

  it('delivers a file with the name and size of the upload', async () => {
    const uuid = await storedFile(server.db, 't-ann', { kind: 'file', fileName: 'Q3 报价.xlsx', size: 48_000 });
    const got = await roundTrip(to, 'TIMFileElem', { uuid });
    expect(got.payload).toEqual({
      uuid,
      fileName: 'Q3 报价.xlsx',
      fileSize: 48_000,
      fileUrl: `/im/files/${uuid}`,
      downloadFlag: 2,
    });
  });

  it('delivers location, face and custom messages as given', async () => {
    const location = { description: '深圳市南山区', longitude: 113.93, latitude: 22.54 };
    expect((await roundTrip(to, 'TIMLocationElem', location)).payload).toEqual(location);
    const face = { index: 3, data: 'yz01' };
    expect((await roundTrip(to, 'TIMFaceElem', face)).payload).toEqual(face);
    const custom = { data: '{"businessID":"order","price":"¥99"}', description: 'order', extension: '' };
    expect((await roundTrip(to, 'TIMCustomElem', custom)).payload).toEqual(custom);
  });

  it('delivers text as typed', async () => {
    const got = await roundTrip(to, 'TIMTextElem', { text: '*A1* `code` ~~删~~' });
    expect(got).toMatchObject({ type: 'TIMTextElem', payload: { text: '*A1* `code` ~~删~~' }, hasRiskContent: false });
  });
});

describe('refused sends store nothing', () => {
  const tables = ['users', 'conversations', 'messages', 'user_conversations', 'files', 'file_grants', 'merged_records'];

  async function expectRefused(code: number, to: string, type: string, payload: unknown, extra = {}) {
    const before = await snapshot(server.db, tables);
    const answer = await ann.send(to, type, payload, extra);
    expect(answer.ok, JSON.stringify(answer)).toBe(false);
    expect(answer.error?.code).toBe(code);
    expect(await snapshot(server.db, tables)).toEqual(before);
  }

  it('refuses unknown types and malformed payloads with 60003', async () => {
    const uuid = await storedFile(server.db, 't-ann', PHOTO);
    await expectRefused(ErrorCode.INVALID_PARAMS, 't-ben', 'TIMMagicElem', { text: 'x' });
    await expectRefused(ErrorCode.INVALID_PARAMS, 't-ben', 'TIMGroupTipElem', { operatorID: 't-ann' });
    await expectRefused(ErrorCode.INVALID_PARAMS, 't-ben', 'TIMImageElem', { url: 'https://evil.example/x.png' });
    await expectRefused(ErrorCode.INVALID_PARAMS, 't-ben', 'TIMLocationElem', {
      description: 'x',
      longitude: 200,
      latitude: 0,
    });
    await expectRefused(ErrorCode.INVALID_PARAMS, 't-ben', 'TIMSoundElem', { uuid, second: -1 });
  });

  it('refuses a file that is missing, not finished, of the wrong kind or someone else’s with 7004', async () => {
    const bens = await storedFile(server.db, 't-ben', PHOTO);
    const audio = await storedFile(server.db, 't-ann', { kind: 'audio' });
    const unfinished = await storedFile(server.db, 't-ann', PHOTO);
    await server.db.query(`UPDATE files SET status = 'uploading' WHERE file_id = $1`, [unfinished]);
    await expectRefused(ErrorCode.FILE_NOT_FOUND, 't-ben', 'TIMImageElem', { uuid: 'no-such-file-000000' });
    await expectRefused(ErrorCode.FILE_NOT_FOUND, 't-ben', 'TIMImageElem', { uuid: bens });
    await expectRefused(ErrorCode.FILE_NOT_FOUND, 't-ben', 'TIMImageElem', { uuid: audio });
    await expectRefused(ErrorCode.FILE_NOT_FOUND, 't-ben', 'TIMImageElem', { uuid: unfinished });
    await expectRefused(ErrorCode.FILE_NOT_FOUND, 'grp-types', 'TIMFileElem', { uuid: audio });
  });

  it('refuses a message to a user who does not exist with 20003, its file left unused', async () => {
    const uuid = await storedFile(server.db, 't-ann', PHOTO);
    await expectRefused(ErrorCode.USER_NOT_FOUND, 't-nobody', 'TIMImageElem', { uuid });
    await expectRefused(ErrorCode.USER_NOT_FOUND, 't-nobody', 'TIMTextElem', { text: 'hello?' });
  });

  it('refuses a body over 12 KB with 8001, cloudCustomData counted', async () => {
    const big = 'x'.repeat(12 * 1024);
    await expectRefused(ErrorCode.MESSAGE_TOO_LONG, 't-ben', 'TIMCustomElem', {
      data: big,
      description: '',
      extension: '',
    });
    await expectRefused(
      ErrorCode.MESSAGE_TOO_LONG,
      't-ben',
      'TIMTextElem',
      { text: 'short' },
      { cloudCustomData: 'y'.repeat(12 * 1024) },
    );
  });

  it('refuses a group message from a non-member with 10007 and grants nothing', async () => {
    const cat = await login('t-cat');
    const uuid = await storedFile(server.db, 't-cat', PHOTO);
    const before = await snapshot(server.db, tables);
    const answer = await cat.send('grp-types', 'TIMImageElem', { uuid });
    expect(answer.error?.code).toBe(ErrorCode.GROUP_NOT_MEMBER);
    expect(await snapshot(server.db, tables)).toEqual(before);
  });
});

describe('files and forwarding', () => {
  const grantedTo = async (fileID: string) =>
    (
      await server.db.query<{ conv_key: string }>('SELECT conv_key FROM file_grants WHERE file_id = $1 ORDER BY 1', [
        fileID,
      ])
    ).map((r) => r.conv_key);

  it('grants a sent file to its conversation and marks it used', async () => {
    const uuid = await storedFile(server.db, 't-ann', PHOTO);
    await ann.sent('t-ben', 'TIMImageElem', { uuid });
    expect(await grantedTo(uuid)).toEqual([c2cKey('t-ann', 't-ben')]);
    const [row] = await server.db.query<{ used_at: unknown }>('SELECT used_at FROM files WHERE file_id = $1', [uuid]);
    expect(row?.used_at).not.toBeNull();
  });

  it('lets a receiver forward a file to someone who could not use it before', async () => {
    const fwA = await login('fw-a');
    const fwB = await login('fw-b');
    const fwC = await login('fw-c');
    const uuid = await storedFile(server.db, 'fw-a', PHOTO);
    await fwA.sent('fw-c', 'TIMImageElem', { uuid });
    // B is in no conversation the image was sent in: the uuid is as good as unknown.
    expect((await fwB.send('fw-c', 'TIMImageElem', { uuid })).error?.code).toBe(ErrorCode.FILE_NOT_FOUND);
    expect(await grantedTo(uuid)).toEqual([c2cKey('fw-a', 'fw-c')]);
    const forwarded = await fwC.sent('fw-b', 'TIMImageElem', { uuid });
    expect((await fwB.received(forwarded.ID)).payload).toMatchObject({ uuid });
    expect(await grantedTo(uuid)).toEqual([c2cKey('fw-a', 'fw-c'), c2cKey('fw-b', 'fw-c')].sort());
    // Now B may pass it on as well.
    await fwB.sent('fw-a', 'TIMImageElem', { uuid });
  });

  it('grants a file sent in a group to the group', async () => {
    const uuid = await storedFile(server.db, 't-ann', { kind: 'file', fileName: 'plan.pdf' });
    const sent = await ann.sent('grp-types', 'TIMFileElem', { uuid });
    expect(await grantedTo(uuid)).toEqual(['g:grp-types']);
    // Ben, a member, forwards it to someone outside the group.
    const cat = await login('t-cat2');
    await ben.sent('t-cat2', 'TIMFileElem', { uuid });
    expect((await cat.history('C2Ct-ben')).map((m) => m.type)).toEqual(['TIMFileElem']);
    expect(sent.payload).toMatchObject({ fileName: 'plan.pdf' });
  });

  it('stores a retried send once and grants once', async () => {
    const uuid = await storedFile(server.db, 't-ann', PHOTO);
    const body = { ID: `retry-${Date.now()}` };
    const first = await ann.sent('t-ben', 'TIMImageElem', { uuid }, body);
    const again = await ann.sent('t-ben', 'TIMImageElem', { uuid }, body);
    expect(again).toEqual(first);
    expect(await grantedTo(uuid)).toEqual([c2cKey('t-ann', 't-ben')]);
  });
});

describe('group tips', () => {
  it('tells members who joined and who quit, in history and after a reconnect', async () => {
    const owner = await login('tip-owner');
    const one = await login('tip-one');
    await owner.ok('updateMyProfile', { nick: 'Owner' });
    await one.ok('updateMyProfile', { nick: '一号' });
    await owner.ok('createGroup', {
      type: 'Public',
      joinOption: 'FreeAccess',
      name: 'tips',
      groupID: 'grp-tips',
      memberList: [{ userID: 'tip-one' }],
    });
    const two = await login('tip-two');
    await two.ok('updateMyProfile', { nick: 'Two' });
    await two.ok('joinGroup', { groupID: 'grp-tips' });
    const joinTip = await one.push<{ message: WireMessage }>(
      'message',
      (d) =>
        d.message.type === 'TIMGroupTipElem' &&
        (d.message.payload as { operationType: number }).operationType === 1 &&
        (d.message.payload as { userIDList: string[] }).userIDList.includes('tip-two'),
    );
    expect(joinTip.message).toMatchObject({
      from: SYSTEM_SENDER,
      conversationType: 'GROUP',
      to: 'grp-tips',
      payload: { operatorID: 'tip-two', operationType: 1, userIDList: ['tip-two'], nickList: ['Two'], memberNum: 3 },
    });
    await one.ok('quitGroup', { groupID: 'grp-tips' });
    const history = await owner.history('GROUPgrp-tips');
    // 'Owner created the group' (im/groups/group-tips.ts) opens it.
    expect(history.map((m) => [m.type, m.from, (m.payload as { operationType?: number }).operationType])).toEqual([
      ['TIMCustomElem', 'tip-owner', undefined],
      ['TIMGroupTipElem', SYSTEM_SENDER, 1],
      ['TIMGroupTipElem', SYSTEM_SENDER, 1],
      ['TIMGroupTipElem', SYSTEM_SENDER, 2],
    ]);
    expect(history[1]?.payload).toMatchObject({ operatorID: 'tip-owner', userIDList: ['tip-one'], nickList: ['一号'] });
    expect(history[3]?.payload).toMatchObject({ operatorID: 'tip-one', userIDList: ['tip-one'], memberNum: 2 });
    // The joiner sees their own join and what came after; a reconnecting client syncs the tips.
    expect(
      (await two.history('GROUPgrp-tips')).map((m) => (m.payload as { operationType: number }).operationType),
    ).toEqual([1, 2]);
    const synced = await two.ok<{ messageList: WireMessage[] }>('syncMessages', {
      conversationID: 'GROUPgrp-tips',
      afterSequence: 0,
    });
    expect(synced.messageList.map((m) => m.type)).toEqual(['TIMGroupTipElem', 'TIMGroupTipElem']);
    // The one who quit reads what was said until they left, and no longer sends.
    expect((await one.history('GROUPgrp-tips')).map((m) => m.type)).toEqual([
      'TIMCustomElem',
      'TIMGroupTipElem',
      'TIMGroupTipElem',
    ]);
    expect(
      (
        await one.request('sendMessage', {
          ID: 'tip-after-quit',
          conversationType: 'GROUP',
          to: 'grp-tips',
          type: 'TIMTextElem',
          payload: { text: 'still here?' },
          clientTime: 1,
          random: 1,
        })
      ).error?.code,
    ).toBe(ErrorCode.GROUP_NOT_MEMBER);
  });

  it('sends no tip for a group created without other members: it opens with the created message alone', async () => {
    const owner = await login('tip-alone');
    await owner.ok('createGroup', { type: 'Public', name: 'alone', groupID: 'grp-alone' });
    expect((await owner.history('GROUPgrp-alone')).map((m) => [m.type, m.from])).toEqual([
      ['TIMCustomElem', 'tip-alone'],
    ]);
  });
});
