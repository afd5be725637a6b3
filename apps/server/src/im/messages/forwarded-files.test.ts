import { ErrorCode, type ImagePayload, type MergerPayload } from '@liaison/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { migrate } from '../../db/migrate';
import { upload } from '../../files/test-uploads';
import { startServer } from '../../integration/harness';
import { MessageClient } from '../../integration/message-client';

/**
 * Real uploads, real file URLs: who can load a file follows the conversations it was sent in,
 * also when it is forwarded alone or inside a merged record.
 */
let server: LiaisonServer;
const clients: MessageClient[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  for (const c of clients) c.close();
  await server?.close();
});

async function login(userID: string): Promise<MessageClient> {
  const client = await MessageClient.login(server, userID);
  clients.push(client);
  return client;
}

/** GET a file URL of a payload as `client` would load it: with its file access token. */
async function load(client: MessageClient, url: string): Promise<number> {
  const { token } = await client.ok<{ token: string }>('getFileAccessToken', {});
  const response = await fetch(`${server.url}${url}?token=${encodeURIComponent(token)}`);
  await response.arrayBuffer();
  return response.status;
}

async function uploadPhoto(client: MessageClient): Promise<string> {
  const bytes = await sharp({ create: { width: 1000, height: 500, channels: 3, background: { r: 9, g: 99, b: 199 } } })
    .png()
    .toBuffer();
  const answer = await upload(server, client.raw, 'image', 'photo.png', bytes);
  if (!answer.body.ok) throw new Error(`upload failed: ${JSON.stringify(answer.body)}`);
  return (answer.body.data as { uuid: string }).uuid;
}

describe('files follow the conversations they are sent in', () => {
  it('keeps an image from someone outside the chat until a member forwards it to them', async () => {
    const a = await login('ff-a');
    const b = await login('ff-b');
    const c = await login('ff-c');
    const uuid = await uploadPhoto(a);
    const sent = await a.sent('ff-c', 'TIMImageElem', { uuid });
    const payload = sent.payload as ImagePayload;
    expect(payload.imageFormat).toBe(3);
    expect(payload.imageInfoArray.map((i) => [i.type, i.width, i.height])).toEqual([
      [1, 1000, 500],
      [2, 720, 360],
      [3, 198, 99],
    ]);
    for (const info of payload.imageInfoArray) expect(await load(c, info.url)).toBe(200);
    // B is in no conversation it was sent in: not loadable, not sendable.
    expect(await load(b, payload.imageInfoArray[0]?.url as string)).toBe(404);
    expect((await b.send('ff-a', 'TIMImageElem', { uuid })).error?.code).toBe(ErrorCode.FILE_NOT_FOUND);

    const forwarded = await c.sent('ff-b', 'TIMImageElem', { uuid });
    const got = await b.received(forwarded.ID);
    expect(got.payload).toEqual(payload);
    for (const info of payload.imageInfoArray) expect(await load(b, info.url)).toBe(200);
  });

  it('lets the receiver of a merged record load the files inside it', async () => {
    const a = await login('fr-a');
    await login('fr-b');
    const d = await login('fr-d');
    const uuid = await uploadPhoto(a);
    const photo = await a.sent('fr-b', 'TIMImageElem', { uuid });
    const url = (photo.payload as ImagePayload).imageInfoArray[2]?.url as string;
    expect(await load(d, url)).toBe(404);
    const record = await a.sent('fr-d', 'TIMRelayElem', {
      title: 'photos',
      abstractList: ['a: [image]'],
      compatibleText: 'photos',
      messageList: [{ conversationID: 'C2Cfr-b', ID: photo.ID }],
    });
    const inside = (await d.received(record.ID)).payload as MergerPayload;
    expect(inside.messageList[0]?.messageBody[0]?.payload).toEqual(photo.payload);
    expect(await load(d, url)).toBe(200);
  });

  it('keeps a file sent in a group before a member joined from that member, as its message is, and lets them load what is sent after', async () => {
    const owner = await login('fj-owner');
    const late = await login('fj-late');
    const meeting = await login('fj-meeting');
    await owner.ok('createGroup', { type: 'Private', name: 'Drawings', groupID: 'grp-fj-work' });
    await owner.ok('createGroup', { type: 'ChatRoom', name: 'Review', groupID: 'grp-fj-meeting' });
    const uuid = await uploadPhoto(owner);
    const before = await owner.sent('grp-fj-work', 'TIMImageElem', { uuid });
    const shown = await owner.sent('grp-fj-meeting', 'TIMImageElem', { uuid: await uploadPhoto(owner) });
    await owner.ok('addGroupMember', { groupID: 'grp-fj-work', userIDList: ['fj-late'] });
    await owner.ok('addGroupMember', { groupID: 'grp-fj-meeting', userIDList: ['fj-meeting'] });

    const urls = (message: typeof before) => (message.payload as ImagePayload).imageInfoArray.map((i) => i.url);
    expect((await late.history('GROUPgrp-fj-work')).map((m) => m.ID)).not.toContain(before.ID);
    for (const url of urls(before)) expect(await load(late, url)).toBe(404);
    expect((await late.send('grp-fj-work', 'TIMImageElem', { uuid })).error?.code).toBe(ErrorCode.FILE_NOT_FOUND);

    // A Meeting group (ChatRoom) shows history from before the join, and its files with it.
    expect((await meeting.history('GROUPgrp-fj-meeting')).map((m) => m.ID)).toContain(shown.ID);
    for (const url of urls(shown)) expect(await load(meeting, url)).toBe(200);

    const again = await owner.sent('grp-fj-work', 'TIMImageElem', { uuid });
    await late.received(again.ID);
    for (const url of urls(again)) expect(await load(late, url)).toBe(200);
  });

  it('fills in the newest message carrying each file for grants made before access followed it (migration), the first message when none names it', async () => {
    const owner = await login('fm-owner');
    await owner.ok('createGroup', { type: 'Private', name: 'Old', groupID: 'grp-fm' });
    const uuid = await uploadPhoto(owner);
    await owner.sent('grp-fm', 'TIMTextElem', { text: 'first' });
    const sent = await owner.sent('grp-fm', 'TIMImageElem', { uuid });
    await owner.sent('grp-fm', 'TIMTextElem', { text: 'after' });
    // The database as it was before: grants without the column, the migration not yet applied.
    await server.db.query('ALTER TABLE file_grants DROP COLUMN last_seq');
    await server.db.query("DELETE FROM schema_migrations WHERE version LIKE '%\\_file\\_grant\\_seq.sql'");
    await server.db.query("INSERT INTO file_grants (file_id, conv_key) VALUES ('fm-unnamed', 'g:grp-fm')");
    expect(await migrate(server.db)).toEqual([expect.stringMatching(/_file_grant_seq\.sql$/)]);
    const rows = await server.db.query<{ file_id: string; last_seq: unknown }>(
      "SELECT file_id, last_seq FROM file_grants WHERE conv_key = 'g:grp-fm'",
    );
    expect(Object.fromEntries(rows.map((r) => [r.file_id, Number(r.last_seq)]))).toEqual({
      [uuid]: sent.sequence,
      'fm-unnamed': 1,
    });
  });
});
