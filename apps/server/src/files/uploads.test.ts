import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, Limits } from '@liaison/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { c2cKey } from '../im/messages/keys';
import { type RawClient, startServer } from '../integration/harness';
import { BMP_MAX_PIXELS, IMAGE_MAX_PIXELS } from './images';
import { oneBitBmp } from './test-images';
import { type Answer, fileRows, grant, loggedIn, partialPut, put, storedFiles, upload } from './test-uploads';

let server: LiaisonServer;
let dir: string;
let alice: RawClient;
let bob: RawClient;
let aliceToken: string;
let bobToken: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liaison-uploads-test-'));
  server = await startServer(undefined, {
    files: { dir },
    browser: { publicUrl: null, frameAncestors: ["'none'"], allowedOrigins: ['https://partner.example'] },
  });
  alice = await loggedIn(server, 'up-alice');
  bob = await loggedIn(server, 'up-bob');
  aliceToken = ((await alice.request('getFileAccessToken', {})).data as { token: string }).token;
  bobToken = ((await bob.request('getFileAccessToken', {})).data as { token: string }).token;
});

afterAll(async () => {
  alice?.close();
  bob?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string, token: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}?token=${encodeURIComponent(token)}`, { headers });

/** What is stored now: rows and blobs. A refused upload must leave it as it was. */
async function storedNow() {
  return { rows: await fileRows(server), blobs: await storedFiles(dir) };
}

let before: Awaited<ReturnType<typeof storedNow>>;
beforeEach(async () => {
  before = await storedNow();
});

async function expectNothingStored() {
  expect(await storedNow()).toEqual(before);
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

describe('asking for an upload', () => {
  it('refuses an empty file with 7004 and one over 100 MB with 7005, before any byte is sent', async () => {
    expect((await grant(alice, 'file', 'empty.txt', 0)).error?.code).toBe(ErrorCode.FILE_NOT_FOUND);
    expect((await grant(alice, 'file', 'big.bin', Limits.FILE_MAX_BYTES + 1)).error?.code).toBe(
      ErrorCode.FILE_TOO_LARGE,
    );
    await expectNothingStored();
  });

  it('gives an unguessable single-use address: a second upload to it is refused with 60040', async () => {
    const granted = await grant(alice, 'file', 'once.txt', 5);
    expect(granted.data?.uploadURL).toMatch(/^\/im\/files\/upload\/[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{40,}$/);
    expect(granted.data?.maxBytes).toBe(5);
    const url = granted.data?.uploadURL ?? '';
    expect((await put(server, url, Buffer.from('hello'))).body.ok).toBe(true);
    const again = await put(server, url, Buffer.from('hello'));
    expect(again.status).toBe(403);
    expect(again.body.error?.code).toBe(ErrorCode.UPLOAD_GRANT_INVALID);
    const forged = await put(server, `${url.slice(0, -3)}abc`, Buffer.from('hello'));
    expect(forged.body.error?.code).toBe(ErrorCode.UPLOAD_GRANT_INVALID);
  });
});

describe('uploads refused by size or content leave nothing stored', () => {
  it('refuses a body announced larger than 100 MB with 7005 before reading it', async () => {
    const granted = await grant(alice, 'file', 'huge.bin', 10);
    const answer = await partialPut(
      server,
      granted.data?.uploadURL ?? '',
      Limits.FILE_MAX_BYTES + 1,
      new Uint8Array(),
      false,
    );
    expect(answer?.status).toBe(413);
    expect(answer?.body.error?.code).toBe(ErrorCode.FILE_TOO_LARGE);
    await expectNothingStored();
  });

  it('refuses a body larger than its grant with 7005', async () => {
    const granted = await grant(alice, 'file', 'small.bin', 10);
    const answer = await put(server, granted.data?.uploadURL ?? '', new Uint8Array(11));
    expect(answer.body.error?.code).toBe(ErrorCode.FILE_TOO_LARGE);
    await expectNothingStored();
  });

  it('refuses an empty body with 7004', async () => {
    const granted = await grant(alice, 'file', 'empty.bin', 10);
    const answer = await put(server, granted.data?.uploadURL ?? '', new Uint8Array());
    expect(answer.body.error?.code).toBe(ErrorCode.FILE_NOT_FOUND);
    await expectNothingStored();
  });

  it('refuses a Windows program renamed .png, as an image or as a file, with 4005', async () => {
    const exe = Buffer.alloc(4096);
    exe.write('MZ\x90\x00\x03', 'latin1');
    exe.write('PE\0\0', 0x80, 'latin1');
    exe.writeUInt32LE(0x80, 0x3c);
    for (const kind of ['image', 'file'] as const) {
      const answer = await upload(server, alice, kind, 'cat.png', exe);
      expect(answer.body.error?.code).toBe(ErrorCode.FILE_BANNED);
    }
    await expectNothingStored();
  });

  it('refuses a shell script and a batch file sent as documents with 4005', async () => {
    const script = Buffer.from('#!/bin/sh\nrm -rf ~\n');
    const batch = Buffer.from('@echo off\r\ndel /q C:\\*\r\n');
    expect((await upload(server, alice, 'file', 'notes.txt', script)).body.error?.code).toBe(ErrorCode.FILE_BANNED);
    expect((await upload(server, alice, 'file', 'notes.txt', batch)).body.error?.code).toBe(ErrorCode.FILE_BANNED);
    await expectNothingStored();
  });

  it('refuses an HTML page renamed .jpg as an image with 4004', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const answer = await upload(server, alice, 'image', 'photo.jpg', html);
    expect(answer.status).toBe(415);
    expect(answer.body.error?.code).toBe(ErrorCode.IMAGE_INVALID_FORMAT);
    await expectNothingStored();
  });

  it('refuses a PNG header followed by garbage as an image with 4004', async () => {
    const fake = Buffer.concat([(await png(4, 4)).subarray(0, 40), Buffer.alloc(200, 7)]);
    expect((await upload(server, alice, 'image', 'broken.png', fake)).body.error?.code).toBe(
      ErrorCode.IMAGE_INVALID_FORMAT,
    );
    await expectNothingStored();
  });

  it('refuses an image of more decoded pixels than the bound with 4004, a 1-bit BMP bomb included, keeping nothing', async () => {
    const bomb = oneBitBmp(4097, 4096);
    const refused = await upload(server, alice, 'image', 'scan.bmp', bomb);
    expect(refused.body.error).toEqual({
      code: ErrorCode.IMAGE_INVALID_FORMAT,
      message: `The image has more than ${BMP_MAX_PIXELS} pixels`,
    });
    await expectNothingStored();
    const huge = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const tooBig = await upload(server, alice, 'image', 'poster.png', huge);
    expect(tooBig.body.error).toEqual({
      code: ErrorCode.IMAGE_INVALID_FORMAT,
      message: `The image has more than ${IMAGE_MAX_PIXELS} pixels`,
    });
    await expectNothingStored();
  });

  it('refuses a picture sent as video or audio with 60041', async () => {
    const picture = await png(8, 8);
    expect((await upload(server, alice, 'video', 'clip.mp4', picture)).body.error?.code).toBe(
      ErrorCode.MEDIA_INVALID_FORMAT,
    );
    expect((await upload(server, alice, 'audio', 'voice.mp3', picture)).body.error?.code).toBe(
      ErrorCode.MEDIA_INVALID_FORMAT,
    );
    await expectNothingStored();
  });

  it('removes the row and the bytes of an upload whose client went away mid-body', async () => {
    const granted = await grant(alice, 'file', 'cut.bin', 1_000_000);
    const answer = await partialPut(server, granted.data?.uploadURL ?? '', 1_000_000, new Uint8Array(300_000), true);
    expect(answer).toBeNull();
    for (let i = 0; i < 100 && (await fileRows(server)) > before.rows; i++) await new Promise((r) => setTimeout(r, 50));
    await expectNothingStored();
  });

  it('keeps nothing, and fails nothing, when clients leave at any moment of the PUT', async () => {
    // 0–5 ms after the head: some leave before the route runs, some while the grant is claimed,
    // some mid-body. A grant never used stays 'granted' until the sweep, as any unused grant does.
    const unfinished = () =>
      server.db.query("SELECT file_id FROM files WHERE status <> 'granted'").then((rows) => rows.length);
    const rowsBefore = await unfinished();
    for (let i = 0; i < 36; i++) {
      const granted = await grant(alice, 'file', 'gone.bin', 1_000_000);
      const url = granted.data?.uploadURL ?? '';
      expect(await partialPut(server, url, 1_000_000, new Uint8Array(20_000), AbortSignal.timeout(i % 6))).toBeNull();
    }
    for (let i = 0; i < 100 && (await unfinished()) > rowsBefore; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await unfinished()).toBe(rowsBefore);
    expect(await storedFiles(dir)).toEqual(before.blobs);
  });
});

describe('a stored file', () => {
  let fileID = '';
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));

  beforeAll(async () => {
    const answer = await upload(server, alice, 'file', 'report 2026 年.pdf.bin', bytes);
    expect(answer.body).toMatchObject({
      ok: true,
      data: { kind: 'file', contentType: 'application/octet-stream', size: 1000, width: null, height: null },
    });
    fileID = String(answer.body.data?.uuid);
  });

  it('is served to its uploader, with the headers of an immutable download', async () => {
    const response = await get(`/im/files/${fileID}`, aliceToken);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('report 2026 年.pdf.bin')}`,
    );
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    const etag = response.headers.get('etag') ?? '';
    expect((await get(`/im/files/${fileID}`, aliceToken, { 'if-none-match': etag })).status).toBe(304);
  });

  it('is 404 to someone not in a conversation it was sent to, and without or with a forged token', async () => {
    expect((await get(`/im/files/${fileID}`, bobToken)).status).toBe(404);
    expect((await fetch(`${server.url}/im/files/${fileID}`)).status).toBe(404);
    expect((await get(`/im/files/${fileID}`, `${aliceToken.slice(0, -2)}xx`)).status).toBe(404);
    expect((await get('/im/files/no-such-file', aliceToken)).status).toBe(404);
  });

  it('is served to a member of a conversation it was sent in, token in a Bearer header too', async () => {
    await server.db.query('INSERT INTO file_grants (file_id, conv_key, last_seq) VALUES ($1, $2, 1)', [
      fileID,
      c2cKey('up-alice', 'up-bob'),
    ]);
    const response = await fetch(`${server.url}/im/files/${fileID}`, {
      headers: { authorization: `Bearer ${bobToken}` },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('answers Range requests with 206 and exactly those bytes, and 416 past the end', async () => {
    const middle = await get(`/im/files/${fileID}`, aliceToken, { range: 'bytes=100-199' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await get(`/im/files/${fileID}`, aliceToken, { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(990));
    const open = await get(`/im/files/${fileID}`, aliceToken, { range: 'bytes=995-' });
    expect(open.headers.get('content-range')).toBe('bytes 995-999/1000');
    const past = await get(`/im/files/${fileID}`, aliceToken, { range: 'bytes=1000-1010' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
  });

  it('has no large or small size', async () => {
    expect((await get(`/im/files/${fileID}/large`, aliceToken)).status).toBe(404);
  });
});

describe('audio and video are typed by their content', () => {
  it('keeps a WAV sent as audio under audio/wav, served inline', async () => {
    const wav = Buffer.alloc(44 + 800);
    wav.write('RIFF', 0, 'latin1');
    wav.writeUInt32LE(36 + 800, 4);
    wav.write('WAVEfmt ', 8, 'latin1');
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(8000, 24);
    wav.writeUInt32LE(8000, 28);
    wav.writeUInt16LE(1, 32);
    wav.writeUInt16LE(8, 34);
    wav.write('data', 36, 'latin1');
    wav.writeUInt32LE(800, 40);
    const answer = await upload(server, alice, 'audio', 'voice.bin', wav);
    expect(answer.body.data).toMatchObject({ kind: 'audio', contentType: 'audio/wav', size: wav.length });
    const response = await get(`/im/files/${String(answer.body.data?.uuid)}`, aliceToken);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('content-disposition')).toMatch(/^inline;/);
  });
});

describe('containers', () => {
  const mp4 = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypmp42'),
    Buffer.alloc(4),
    Buffer.from('mp42isom'),
    Buffer.alloc(2000),
  ]);
  const webm = Buffer.concat([
    Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex'),
    Buffer.alloc(2000),
  ]);

  it('keeps an MP4 sent as video under video/mp4, and as a voice message under audio/mp4', async () => {
    expect((await upload(server, alice, 'video', 'clip.bin', mp4)).body.data).toMatchObject({
      contentType: 'video/mp4',
    });
    expect((await upload(server, alice, 'audio', 'voice.m4a', mp4)).body.data).toMatchObject({
      contentType: 'audio/mp4',
    });
  });

  it("keeps a browser's WebM recording sent as audio under audio/webm", async () => {
    expect((await upload(server, alice, 'audio', 'voice.webm', webm)).body.data).toMatchObject({
      contentType: 'audio/webm',
    });
  });
});

describe('images', () => {
  const stored = async (fileID: string, variant = '') => {
    const response = await get(`/im/files/${fileID}${variant}`, aliceToken);
    expect(response.status).toBe(200);
    return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('get a large (≤ 720 px) and a small (≤ 198 px) size with their dimensions recorded', async () => {
    const answer = await upload(server, alice, 'image', 'wide.bin', await png(1000, 500));
    expect(answer.body.data).toMatchObject({ kind: 'image', contentType: 'image/png', width: 1000, height: 500 });
    const fileID = String(answer.body.data?.uuid);
    const [row] = await server.db.query<{ image_format: number; variants: unknown; sha256: string }>(
      'SELECT image_format, variants, sha256 FROM files WHERE file_id = $1',
      [fileID],
    );
    expect(row?.image_format).toBe(3);
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const variants = (typeof row?.variants === 'string' ? JSON.parse(row.variants) : row?.variants) as Record<
      string,
      { width: number; height: number; size: number }
    >;
    expect(variants.large).toMatchObject({ width: 720, height: 360 });
    expect(variants.small).toMatchObject({ width: 198, height: 99 });
    for (const [variant, width, height] of [
      ['', 1000, 500],
      ['/large', 720, 360],
      ['/small', 198, 99],
    ] as const) {
      const { type, bytes } = await stored(fileID, variant);
      expect(type).toBe('image/png');
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
  });

  it('lose the EXIF location in every size, turned the way the camera said', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 300, channels: 3, background: 'blue' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Copyright: 'camera' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '31/1 14/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '121/1 28/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const answer = await upload(server, alice, 'image', 'IMG_0001.JPG', jpeg);
    // Orientation 6: the picture is shown a quarter turn round, so it is taller than wide.
    expect(answer.body.data).toMatchObject({ contentType: 'image/jpeg', width: 300, height: 900 });
    const fileID = String(answer.body.data?.uuid);
    for (const variant of ['', '/large', '/small']) {
      const { bytes } = await stored(fileID, variant);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('Exif\0'))).toBe(false);
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
    }
    const onDisk = await Promise.all((await storedFiles(dir)).map((path) => readFile(path)));
    expect(onDisk.some((file) => file.includes(Buffer.from('Exif\0')))).toBe(false);
  });

  it('keep an animated GIF animated in every size', async () => {
    const frames = 3;
    const raw = Buffer.alloc(400 * 300 * 4 * frames);
    for (let f = 0; f < frames; f++) {
      for (let i = 0; i < 400 * 300; i++) {
        raw[(f * 400 * 300 + i) * 4 + f] = 255;
        raw[(f * 400 * 300 + i) * 4 + 3] = 255;
      }
    }
    const gif = await sharp(raw, { raw: { width: 400, height: 300 * frames, channels: 4, pageHeight: 300 } })
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    const answer = await upload(server, alice, 'image', 'dance.gif', gif);
    expect(answer.body.data).toMatchObject({ contentType: 'image/gif', width: 400, height: 300 });
    const fileID = String(answer.body.data?.uuid);
    for (const [variant, width] of [
      ['', 400],
      ['/large', 400],
      ['/small', 198],
    ] as const) {
      const meta = await sharp((await stored(fileID, variant)).bytes, { animated: true }).metadata();
      expect(meta.pages).toBe(frames);
      expect(meta.width).toBe(width);
    }
  });

  it('keep a BMP as uploaded and make its sizes as PNG', async () => {
    const width = 300;
    const height = 200;
    const stride = width * 3;
    const bmp = Buffer.alloc(54 + stride * height);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(bmp.length, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(width, 18);
    bmp.writeInt32LE(height, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    // Bottom-up rows: the lower half blue, the upper half red (BGR).
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) bmp.set(y < height / 2 ? [255, 0, 0] : [0, 0, 255], 54 + y * stride + x * 3);
    }
    const answer = await upload(server, alice, 'image', 'paint.bmp', bmp);
    expect(answer.body.data).toMatchObject({ contentType: 'image/bmp', width, height, size: bmp.length });
    const fileID = String(answer.body.data?.uuid);
    expect((await stored(fileID)).bytes).toEqual(bmp);
    const small = await stored(fileID, '/small');
    expect(small.type).toBe('image/png');
    const { data, info } = await sharp(small.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([198, 132]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });
});

describe('HTTP details', () => {
  it('takes any Content-Type as raw bytes, and refuses a body without Content-Length with 411', async () => {
    const asJson = await grant(alice, 'file', 'data.json', 7);
    const answer = await fetch(`${server.url}${asJson.data?.uploadURL}`, {
      method: 'PUT',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(((await answer.json()) as Answer['body']).data).toMatchObject({ size: 7 });

    const chunked = await grant(alice, 'file', 'stream.bin', 10);
    const before = await fileRows(server);
    const streamed = await fetch(`${server.url}${chunked.data?.uploadURL}`, {
      method: 'PUT',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(10));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(411);
    expect(((await streamed.json()) as Answer['body']).error?.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(await fileRows(server)).toBe(before - 1);
  });

  it('lets pages of allowed origins upload and read from script, and names no other origin', async () => {
    const preflight = await fetch(`${server.url}/im/files/upload/x`, {
      method: 'OPTIONS',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const granted = await grant(alice, 'file', 'cors.txt', 2);
    const fromPartner = await fetch(`${server.url}${granted.data?.uploadURL}`, {
      method: 'PUT',
      body: 'hi',
      headers: { origin: 'https://partner.example' },
    });
    expect(fromPartner.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const fileID = String(((await fromPartner.json()) as Answer['body']).data?.uuid);
    const read = await get(`/im/files/${fileID}`, aliceToken, { origin: 'https://evil.example' });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(read.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('answers HEAD with the size and no body', async () => {
    const answer = await upload(server, alice, 'file', 'head.bin', new Uint8Array(321));
    const head = await fetch(`${server.url}/im/files/${String(answer.body.data?.uuid)}?token=${aliceToken}`, {
      method: 'HEAD',
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('321');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});
