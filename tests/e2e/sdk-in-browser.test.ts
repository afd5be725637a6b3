import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import LiaisonChat, { type Message } from '@liaison/sdk';
import type { Browser, Page } from 'playwright-core';
import { build, defaultClientConditions } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, userSigFor, useServer } from '../../apps/server/src/integration/harness';
import { SOURCE_CONDITION } from '../support/source-condition';
import { launchChromium } from './browser';

const SDK_ENTRY = fileURLToPath(new URL('../../packages/sdk/src/index.ts', import.meta.url));
const { server } = useServer();
let browser: Browser;
let bundle: string;
let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'liaison-sdk-bundle-'));
  // The SDK as a browser app would bundle it: `ws` stays out, the page's own WebSocket is used.
  await build({
    logLevel: 'warn',
    configFile: false,
    // Workspace packages from their sources, as everywhere in development (see vitest.config.ts).
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: SDK_ENTRY, name: 'LiaisonChat', formats: ['iife'], fileName: () => 'sdk.js' },
      rollupOptions: { external: ['ws'], output: { exports: 'named' } },
    },
  });
  bundle = await readFile(join(outDir, 'sdk.js'), 'utf8');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await rm(outDir, { recursive: true, force: true });
});

type Chat = ReturnType<typeof LiaisonChat.create>;

/** What loggedInPage leaves on the page's window. */
interface PageGlobals {
  LiaisonChat: { default: typeof LiaisonChat };
  chat: Chat;
}

/** A page with the SDK bundle and `window.chat` logged in as `userID` (SDK_READY reached). */
async function loggedInPage(userID: string): Promise<Page> {
  const page = await browser.newPage();
  await page.addScriptTag({ content: bundle });
  await page.evaluate(
    async ({ SDKAppID, serverURL, userID, userSig }) => {
      const globals = window as unknown as PageGlobals;
      const SDK = globals.LiaisonChat.default;
      const chat = SDK.create({ SDKAppID, server: serverURL });
      const ready = new Promise<void>((resolve) => chat.on(SDK.EVENT.SDK_READY, () => resolve()));
      await chat.login({ userID, userSig });
      await ready;
      globals.chat = chat;
    },
    { SDKAppID: server().app.sdkAppID, serverURL: server().url, userID, userSig: userSigFor(server(), userID) },
  );
  return page;
}

/** The first message of `type` that `chat` receives. */
function firstReceived(chat: Chat, type: Message['type']): Promise<Message> {
  return new Promise((resolve) =>
    chat.on(LiaisonChat.EVENT.MESSAGE_RECEIVED, (event) => {
      const found = event.data.find((m) => m.type === type);
      if (found) resolve(found);
    }),
  );
}

describe('the SDK in a browser', () => {
  it('logs in, sends and receives in Chromium with no set-up but the import', async () => {
    const bob = await connect(server(), 'browser-bob');
    bob.on(LiaisonChat.EVENT.MESSAGE_RECEIVED, (event) => {
      for (const m of event.data) {
        if (m.type !== LiaisonChat.TYPES.MSG_TEXT) continue;
        const reply = bob.createTextMessage({
          to: m.from,
          conversationType: 'C2C',
          payload: { text: `re: ${m.payload.text}` },
        });
        void bob.sendMessage(reply);
      }
    });
    const page = await browser.newPage();
    await page.addScriptTag({ content: bundle });
    const seen = await page.evaluate(
      async ({ SDKAppID, serverURL, userSig }) => {
        const SDK = (window as unknown as { LiaisonChat: { default: typeof LiaisonChat } }).LiaisonChat.default;
        const chat = SDK.create({ SDKAppID, server: serverURL });
        const reply = new Promise<string>((resolve) =>
          chat.on(SDK.EVENT.MESSAGE_RECEIVED, (event) => {
            const first = event.data[0];
            resolve(first?.type === SDK.TYPES.MSG_TEXT ? first.payload.text : '');
          }),
        );
        const ready = new Promise<void>((resolve) => chat.on(SDK.EVENT.SDK_READY, () => resolve()));
        await chat.login({ userID: 'browser-alice', userSig });
        await ready;
        const sent = await chat.sendMessage(
          chat.createTextMessage({ to: 'browser-bob', conversationType: 'C2C', payload: { text: 'from Chromium' } }),
        );
        const text = await reply;
        const list = await chat.getConversationList();
        await chat.logout();
        return {
          status: sent.data.message.status,
          text,
          conversations: list.data.conversationList.map((c) => c.conversationID),
        };
      },
      { SDKAppID: server().app.sdkAppID, serverURL: server().url, userSig: userSigFor(server(), 'browser-alice') },
    );
    expect(seen).toEqual({ status: 'success', text: 're: from Chromium', conversations: ['C2Cbrowser-bob'] });
    await page.close();
    await bob.logout();
  });
  it('uploads an image made in the page with progress reaching 1; both sides load it by its URL', async () => {
    const bob = await connect(server(), 'browser-img-bob');
    const received = firstReceived(bob, LiaisonChat.TYPES.MSG_IMAGE);
    const page = await loggedInPage('browser-img-alice');
    const seen = await page.evaluate(async () => {
      const {
        LiaisonChat: { default: SDK },
        chat,
      } = window as unknown as PageGlobals;
      // A noisy picture, so that it has some size to upload.
      const canvas = document.createElement('canvas');
      canvas.width = 900;
      canvas.height = 600;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const pixels = context.createImageData(900, 600);
      for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = (i * 7919) % 251;
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('no blob');
      const file = new File([blob], 'noise.png', { type: 'image/png' });
      // Given the <input type="file"> itself, as the reference SDK allows.
      const input = document.createElement('input');
      input.type = 'file';
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      const progress: number[] = [];
      const message = chat.createImageMessage({
        to: 'browser-img-bob',
        conversationType: 'C2C',
        payload: { file: input },
        onProgress: (value) => progress.push(value),
      });
      const localPreview = message.type === SDK.TYPES.MSG_IMAGE ? message.payload.imageInfoArray[0]?.url : '';
      await chat.sendMessage(message);
      const url = message.type === SDK.TYPES.MSG_IMAGE ? (message.payload.imageInfoArray[1]?.url ?? '') : '';
      const image = new Image();
      const loaded = new Promise<number>((resolve) => {
        image.onload = () => resolve(image.naturalWidth);
        image.onerror = () => resolve(-1);
      });
      image.src = url;
      const width = await loaded;
      await chat.logout();
      return { progress, status: message.status, final: message.progress, localPreview, width, size: file.size };
    });
    expect(seen.status).toBe('success');
    expect(seen.final).toBe(1);
    expect(seen.progress.at(-1)).toBe(1);
    expect(seen.progress).toEqual([...seen.progress].sort((a, b) => a - b));
    expect(seen.localPreview).toMatch(/^blob:/);
    // The large size is 720 px wide, loaded by an <img> with the token in its URL.
    expect(seen.width).toBe(720);
    const got = await received;
    if (got.type !== LiaisonChat.TYPES.MSG_IMAGE) throw new Error('not an image');
    expect(got.payload.imageInfoArray[0]).toMatchObject({ width: 900, height: 600 });
    const response = await fetch(got.payload.imageInfoArray[0]?.url ?? '');
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(seen.size);
    await page.close();
    await bob.logout();
  });

  it('makes a video snapshot from the first frame and measures its length', async () => {
    const bob = await connect(server(), 'browser-vid-bob');
    const received = firstReceived(bob, LiaisonChat.TYPES.MSG_VIDEO);
    const page = await loggedInPage('browser-vid-alice');
    const seen = await page.evaluate(async () => {
      const { chat } = window as unknown as PageGlobals;
      // Two seconds of a painted canvas, recorded as WebM.
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
      });
      recorder.start(100);
      const started = performance.now();
      while (performance.now() - started < 2000) {
        context.fillStyle = `hsl(${Math.round(performance.now() / 10) % 360} 80% 50%)`;
        context.fillRect(0, 0, 320, 240);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      recorder.stop();
      await stopped;
      const file = new File(chunks, 'clip.webm', { type: 'video/webm' });
      const progress: number[] = [];
      const message = chat.createVideoMessage({
        to: 'browser-vid-bob',
        conversationType: 'C2C',
        payload: { file },
        onProgress: (value) => progress.push(value),
      });
      await chat.sendMessage(message);
      await chat.logout();
      return { status: message.status, last: progress.at(-1), payload: message.payload };
    });
    expect(seen).toMatchObject({ status: 'success', last: 1 });
    const got = await received;
    if (got.type !== LiaisonChat.TYPES.MSG_VIDEO) throw new Error('not a video');
    expect(got.payload.videoSecond).toBe(2);
    expect(got.payload).toMatchObject({ snapshotWidth: 320, snapshotHeight: 240 });
    const snapshot = await fetch(got.payload.snapshotUrl);
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers.get('content-type')).toMatch(/^image\/jpeg/);
    await page.close();
    await bob.logout();
  });
  it('measures the length of a voice recording (MediaRecorder) when no second is given', async () => {
    const bob = await connect(server(), 'browser-rec-bob');
    const received = firstReceived(bob, LiaisonChat.TYPES.MSG_AUDIO);
    const page = await loggedInPage('browser-rec-alice');
    const seen = await page.evaluate(async () => {
      const { chat } = window as unknown as PageGlobals;
      // Three seconds of a tone, recorded the way a voice message is.
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const output = audio.createMediaStreamDestination();
      tone.connect(output);
      tone.start();
      const recorder = new MediaRecorder(output.stream);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
      });
      recorder.start(100);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      recorder.stop();
      await stopped;
      tone.stop();
      const recording = new Blob(chunks, { type: recorder.mimeType });
      const message = chat.createAudioMessage({
        to: 'browser-rec-bob',
        conversationType: 'C2C',
        payload: { file: recording },
      });
      await chat.sendMessage(message);
      await chat.logout();
      return { status: message.status, second: message.type === 'TIMSoundElem' ? message.payload.second : -1 };
    });
    expect(seen).toEqual({ status: 'success', second: 3 });
    const got = await received;
    if (got.type !== LiaisonChat.TYPES.MSG_AUDIO) throw new Error('not audio');
    expect(got.payload.second).toBe(3);
    expect((await fetch(got.payload.url)).status).toBe(200);
    await page.close();
    await bob.logout();
  });
});
