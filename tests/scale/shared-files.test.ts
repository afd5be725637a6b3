import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, upload } from '../../apps/server/src/files/test-uploads';
import type { RawClient } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';

/** Two processes keep their files in one S3-compatible store: what one stored, the other serves. */
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
const clients: RawClient[] = [];

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair('liaison_files', 1_400_777_004));
});

afterAll(async () => {
  for (const client of clients) client.close();
  await stopPair?.();
});

async function tokenOf(client: RawClient): Promise<string> {
  return ((await client.request('getFileAccessToken', {})).data as { token: string }).token;
}

describe('files across two server processes', () => {
  it('serves through process 2 an image uploaded through process 1, to its uploader only', async () => {
    const aliceOnP1 = await loggedIn(p1, 'files-alice');
    const aliceOnP2 = await loggedIn(p2, 'files-alice');
    const bobOnP2 = await loggedIn(p2, 'files-bob');
    clients.push(aliceOnP1, aliceOnP2, bobOnP2);
    const picture = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: 'orange' } })
      .png()
      .toBuffer();
    const answer = await upload(p1, aliceOnP1, 'image', 'sun.png', picture);
    expect(answer.body.data).toMatchObject({ contentType: 'image/png', width: 1000, height: 1000 });
    const fileID = String(answer.body.data?.uuid);

    const original = await fetch(`${p2.url}/im/files/${fileID}?token=${encodeURIComponent(await tokenOf(aliceOnP2))}`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(picture)).toBe(true);
    const large = await fetch(
      `${p2.url}/im/files/${fileID}/large?token=${encodeURIComponent(await tokenOf(aliceOnP2))}`,
    );
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(720);
    // A token made by process 1 works on process 2: they share the app secret.
    const crossToken = await fetch(
      `${p2.url}/im/files/${fileID}?token=${encodeURIComponent(await tokenOf(aliceOnP1))}`,
    );
    expect(crossToken.status).toBe(200);

    const stranger = await fetch(`${p2.url}/im/files/${fileID}?token=${encodeURIComponent(await tokenOf(bobOnP2))}`);
    expect(stranger.status).toBe(404);
  });
});
