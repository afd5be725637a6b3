import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import LiaisonChat from '@liaison/sdk';
import type { Browser } from 'playwright-core';
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

describe('the SDK in a browser', () => {
  it('logs in, sends and receives in Chromium with no set-up but the import', async () => {
    const bob = await connect(server(), 'browser-bob');
    bob.on(LiaisonChat.EVENT.MESSAGE_RECEIVED, (event) => {
      for (const m of event.data) {
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
          chat.on(SDK.EVENT.MESSAGE_RECEIVED, (event) => resolve(event.data[0]?.payload.text ?? '')),
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
});
