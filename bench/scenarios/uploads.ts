/**
 * `npm run bench -- uploads`: IM file uploads against a real server process. Ten 100 MB uploads
 * at once (throughput, and how much the server's RSS grows while it streams them to its store),
 * then photos through the image pipeline (images/s: decode, EXIF strip, two resizes, on the
 * server's image thread), then 1-bit BMP bombs (a few MB of file, tens of megapixels decoded)
 * several at once, with the server's RSS before, at its peak and after, and a small photo's
 * upload time meanwhile. Numbers only, never asserted. BENCH_QUICK=1 shrinks the first two.
 */

import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import sharp from 'sharp';
import { genUserSig } from '../../apps/server/src/auth/usersig';
import { BMP_MAX_PIXELS } from '../../apps/server/src/files/images';
import { oneBitBmp } from '../../apps/server/src/files/test-images';
import { Histogram } from '../histogram';
import type { AppCredentials } from '../ipc';
import { LeanClient } from '../load-client';
import { CpuMeter, now, type ProcessGroups, readMemory, round1, sleep } from '../proc';

export interface UploadBenchSettings {
  concurrentUploads: number;
  uploadMB: number;
  images: number;
  imageConcurrency: number;
}

/** Quick or full sizes; BENCH_UPLOADS, BENCH_UPLOAD_MB and BENCH_IMAGES override them. */
export function uploadBenchSettings(quick: boolean, env: NodeJS.ProcessEnv = process.env): UploadBenchSettings {
  const sizes = quick
    ? { concurrentUploads: 3, uploadMB: 20, images: 10, imageConcurrency: 2 }
    : { concurrentUploads: 10, uploadMB: 100, images: 40, imageConcurrency: 4 };
  const count = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
    return value;
  };
  return {
    ...sizes,
    concurrentUploads: count('BENCH_UPLOADS', sizes.concurrentUploads),
    uploadMB: count('BENCH_UPLOAD_MB', sizes.uploadMB),
    images: count('BENCH_IMAGES', sizes.images),
  };
}

interface Server {
  pid: number;
  port: number;
  app: AppCredentials;
}

export async function uploadsScenario(
  server: Server,
  settings: UploadBenchSettings,
  cpuGroups: ProcessGroups,
  log: (line: string) => void,
) {
  const userID = `bench-uploader-${process.pid}`;
  const client = await LeanClient.connect(`ws://127.0.0.1:${server.port}/im`, userID, {
    SDKAppID: server.app.sdkAppID,
    userSig: genUserSig(server.app, userID, 3600),
  });
  try {
    log(`uploads: ${settings.concurrentUploads} × ${settings.uploadMB} MB at once`);
    const streaming = await concurrentUploads(server, client, settings, cpuGroups);
    log(`uploads: ${settings.images} photos through the image pipeline`);
    const thumbnails = await imageUploads(server, client, settings, cpuGroups);
    log(`uploads: ${BOMBS} × 1-bit BMP bombs at once, over and at the pixel bound`);
    const bmpBombs = {
      // The case: 5 MB of file, 40 megapixels decoded (refused by the bound).
      overBound: await bombUploads(server, client, 6400, 6250),
      // The largest BMP the bound lets through: each decoded, at most two at once.
      atBound: await bombUploads(server, client, 4096, BMP_MAX_PIXELS / 4096),
    };
    return { streaming, thumbnails, bmpBombs };
  } finally {
    client.close();
  }
}

async function concurrentUploads(server: Server, client: LeanClient, s: UploadBenchSettings, cpuGroups: ProcessGroups) {
  const bytes = s.uploadMB * 1024 * 1024;
  // The first uploads of a process grow its RSS once (allocator arenas of the threads that write
  // files, first use of the code paths); a round of small ones first, so the figure is what each
  // further round of big uploads costs. That one-off growth is reported apart.
  const coldMB = readMemory(server.pid)?.rssMB ?? 0;
  const warmUp = 20 * 1024 * 1024;
  await Promise.all(
    Array.from({ length: s.concurrentUploads }, async (_, i) =>
      putStream(server.port, await grantFor(client, 'file', `warm-${i}.bin`, warmUp), warmUp),
    ),
  );
  const grants = await Promise.all(
    Array.from({ length: s.concurrentUploads }, (_, i) => grantFor(client, 'file', `bench-${i}.bin`, bytes)),
  );
  await sleep(2000);
  const baselineMB = readMemory(server.pid)?.rssMB ?? 0;
  const rss = sampleRss(server.pid, 50);
  const meter = new CpuMeter(cpuGroups);
  meter.begin();
  const started = now();
  const answers = await Promise.all(grants.map((url) => putStream(server.port, url, bytes)));
  const wallS = (now() - started) / 1000;
  const cpuCores = meter.end();
  const peakMB = rss.stop();
  const stored = answers.filter((a) => a.ok).length;
  return {
    uploads: s.concurrentUploads,
    mbEach: s.uploadMB,
    stored,
    failures: answers.filter((a) => !a.ok).map((a) => a.body.slice(0, 200)),
    wallS: round1(wallS),
    throughputMBps: round1((stored * s.uploadMB) / wallS),
    serverRssMB: {
      beforeWarmUp: coldMB,
      warmUpGrowth: round1(baselineMB - coldMB),
      before: baselineMB,
      peak: peakMB,
      growth: round1(peakMB - baselineMB),
    },
    cpuCores,
  };
}

async function imageUploads(server: Server, client: LeanClient, s: UploadBenchSettings, cpuGroups: ProcessGroups) {
  // A 12-megapixel photo-like picture (smooth noise: it compresses like a photo, unlike a flat
  // colour or pure noise), turned by EXIF as phones do, so the original is re-encoded too.
  const photo = await sharp(randomBytes(500 * 375 * 3), { raw: { width: 500, height: 375, channels: 3 } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const latency = new Histogram();
  const meter = new CpuMeter(cpuGroups);
  meter.begin();
  const started = now();
  let next = 0;
  let failures = 0;
  const lane = async () => {
    while (next < s.images) {
      next += 1;
      const url = await grantFor(client, 'image', 'IMG.jpg', photo.length);
      const t0 = now();
      const answer = await putStream(server.port, url, photo.length, photo);
      latency.record(now() - t0);
      if (!answer.ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: s.imageConcurrency }, lane));
  const wallS = (now() - started) / 1000;
  return {
    images: s.images,
    photo: { width: 4000, height: 3000, jpegKB: Math.round(photo.length / 1024) },
    concurrency: s.imageConcurrency,
    failures,
    wallS: round1(wallS),
    imagesPerS: round1((s.images - failures) / wallS),
    uploadToAnswerMs: latency.summary(),
    cpuCores: meter.end(),
  };
}

/** How many BMP bombs are uploaded at once (the report: three). */
const BOMBS = 3;

/** BOMBS 1-bit BMPs of this size at once, and a small photo meanwhile; the server's RSS around them. */
async function bombUploads(server: Server, client: LeanClient, width: number, height: number) {
  const bomb = oneBitBmp(width, height);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
  const grants = await Promise.all(
    Array.from({ length: BOMBS }, (_, i) => grantFor(client, 'image', `scan-${i}.bmp`, bomb.length)),
  );
  const photoGrant = await grantFor(client, 'image', 'meanwhile.jpg', photo.length);
  await sleep(1000);
  const beforeMB = readMemory(server.pid)?.rssMB ?? 0;
  const rss = sampleRss(server.pid, 20);
  const started = now();
  const bombs = grants.map((url) => putStream(server.port, url, bomb.length, bomb));
  const photoStarted = now();
  const meanwhile = await putStream(server.port, photoGrant, photo.length, photo);
  const photoMs = now() - photoStarted;
  const answers = await Promise.all(bombs);
  const wallS = (now() - started) / 1000;
  const peakMB = rss.stop();
  await sleep(1000);
  return {
    uploads: BOMBS,
    bmp: { width, height, megapixels: round1((width * height) / 1e6), fileKB: Math.round(bomb.length / 1024) },
    stored: answers.filter((a) => a.ok).length,
    refusals: answers.filter((a) => !a.ok).map((a) => a.body.slice(0, 200)),
    wallS: round1(wallS),
    photoMeanwhile: { ok: meanwhile.ok, ms: Math.round(photoMs) },
    serverRssMB: {
      before: beforeMB,
      peak: peakMB,
      after: readMemory(server.pid)?.rssMB ?? 0,
      growth: round1(peakMB - beforeMB),
    },
  };
}

/** The process's RSS sampled every `everyMs` until `stop`, which answers the peak (MB). */
function sampleRss(pid: number, everyMs: number): { stop(): number } {
  let peakMB = readMemory(pid)?.rssMB ?? 0;
  const sampler = setInterval(() => {
    peakMB = Math.max(peakMB, readMemory(pid)?.rssMB ?? 0);
  }, everyMs);
  return {
    stop() {
      clearInterval(sampler);
      return peakMB;
    },
  };
}

async function grantFor(client: LeanClient, kind: string, fileName: string, size: number): Promise<string> {
  const data = (await client.request('createUpload', { kind, fileName, size })) as { uploadURL: string };
  return data.uploadURL;
}

/** PUTs `bytes` bytes (the given body, or 1 MB of random bytes repeated), honouring back-pressure. */
function putStream(port: number, path: string, bytes: number, body?: Buffer): Promise<{ ok: boolean; body: string }> {
  const chunk = body ?? randomBytes(1024 * 1024);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path,
      headers: { 'content-length': String(bytes), 'content-type': 'application/octet-stream' },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ ok: res.statusCode === 200, body: text }));
    });
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}
