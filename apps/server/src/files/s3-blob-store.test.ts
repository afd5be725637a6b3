import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ErrorCode, Limits } from '@liaison/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { type RawClient, startServer } from '../integration/harness';
import { S3BlobStore } from './s3-blob-store';
import { startS3rver } from './test-s3';
import { loggedIn, upload } from './test-uploads';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let store: S3BlobStore;

beforeAll(async () => {
  s3 = await startS3rver();
  store = new S3BlobStore(s3.settings);
});

afterAll(async () => {
  await store?.close();
  await s3?.close();
});

async function keysInBucket(): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.settings.endpoint,
    region: s3.settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.settings.accessKey, secretAccessKey: s3.settings.secretKey },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  client.destroy();
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function text(stream: NodeJS.ReadableStream | null): Promise<Buffer> {
  if (!stream) throw new Error('no blob');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Bytes in chunks, as a request body arrives. */
function chunked(bytes: Buffer, chunk = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
    })(),
  );
}

describe('the S3 store against a real S3-compatible server', () => {
  it('keeps, reads, ranges, sizes and deletes a blob that takes several multipart parts', async () => {
    const bytes = Buffer.from(Array.from({ length: 12 * 1024 * 1024 }, (_, i) => (i * 31) % 251));
    const size = await store.put('s3-round-trip', chunked(bytes), {
      maxBytes: Limits.FILE_MAX_BYTES,
      contentType: 'application/octet-stream',
    });
    expect(size).toBe(bytes.length);
    expect(await store.stat('s3-round-trip')).toEqual({ size: bytes.length });
    expect((await text(await store.get('s3-round-trip'))).equals(bytes)).toBe(true);
    const range = await text(await store.get('s3-round-trip', { start: 5_242_870, end: 5_242_889 }));
    expect(range).toEqual(bytes.subarray(5_242_870, 5_242_890));
    await store.delete('s3-round-trip');
    expect(await store.stat('s3-round-trip')).toBeNull();
    expect(await store.get('s3-round-trip')).toBeNull();
    await store.delete('s3-round-trip');
  });

  it('refuses more bytes than allowed with 7005 and keeps nothing', async () => {
    const put = store.put('s3-too-big', chunked(Buffer.alloc(6 * 1024 * 1024)), {
      maxBytes: 1024 * 1024,
      contentType: 'application/octet-stream',
    });
    await expect(put).rejects.toMatchObject({ code: ErrorCode.FILE_TOO_LARGE });
    expect(await store.stat('s3-too-big')).toBeNull();
  });

  it('keeps nothing when the source fails midway (a client that went away)', async () => {
    const source = new Readable({ read() {} });
    const put = store.put('s3-cut', source, { maxBytes: Limits.FILE_MAX_BYTES, contentType: 'text/plain' });
    source.push(Buffer.alloc(100_000));
    setTimeout(() => source.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })), 50);
    await expect(put).rejects.toThrow();
    expect(await store.stat('s3-cut')).toBeNull();
  });
});

describe('a server storing its files in S3', () => {
  let server: LiaisonServer;
  let alice: RawClient;

  beforeAll(async () => {
    server = await startServer(undefined, { files: { s3: s3.settings } });
    alice = await loggedIn(server, 's3-alice');
  });

  afterAll(async () => {
    alice?.close();
    await server?.close();
  });

  it('uploads an image, makes its sizes and serves them back from the bucket', async () => {
    const picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: 'green' } })
      .jpeg()
      .toBuffer();
    const answer = await upload(server, alice, 'image', 'field.jpg', picture);
    expect(answer.body.data).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 400 });
    const fileID = String(answer.body.data?.uuid);
    expect((await store.stat(fileID))?.size).toBe(picture.length);
    const token = ((await alice.request('getFileAccessToken', {})).data as { token: string }).token;
    const small = await fetch(`${server.url}/im/files/${fileID}/small?token=${encodeURIComponent(token)}`);
    expect(small.status).toBe(200);
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([198, 99]);
    const range = await fetch(`${server.url}/im/files/${fileID}?token=${encodeURIComponent(token)}`, {
      headers: { range: 'bytes=0-1' },
    });
    expect(range.status).toBe(206);
    expect([...new Uint8Array(await range.arrayBuffer())]).toEqual([0xff, 0xd8]);
  });

  it('answers HEAD with the length and type from the bucket, and 404 once the object is gone', async () => {
    const bytes = Buffer.from('%PDF-1.4 head check');
    const answer = await upload(server, alice, 'file', 'head.pdf', bytes);
    const fileID = String(answer.body.data?.uuid);
    const token = ((await alice.request('getFileAccessToken', {})).data as { token: string }).token;
    const url = `${server.url}/im/files/${fileID}?token=${encodeURIComponent(token)}`;
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.headers.get('content-type')).toBe('application/pdf');
    await store.delete(fileID);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(404);
  });

  it('removes a refused upload from the bucket', async () => {
    const before = await keysInBucket();
    const answer = await upload(server, alice, 'image', 'page.jpg', Buffer.from('<html>not a picture</html>'));
    expect(answer.body.error?.code).toBe(ErrorCode.IMAGE_INVALID_FORMAT);
    expect(await keysInBucket()).toEqual(before);
    const [row] = await server.db.query<{ n: unknown }>("SELECT count(*) AS n FROM files WHERE kind = 'image'");
    expect(Number(row?.n)).toBe(1);
  });
});
