import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { connect, sendText as sendTextFrom, startServer, userSigFor } from '../../apps/server/src/integration/harness';
import { png } from '../../apps/server/src/integration/media-samples';
import { befriend } from '../../apps/server/src/integration/relation-helpers';
import { builtSdk, installTencentKits } from '../tencent-kits/install';
import { launchChromium } from './browser';

/**
 * Tencent's own React UI kit (@tencentcloud/chat-uikit-react 2.3.1) in Tencent's sample shape
 * (tests/tencent-kits/react-app), built with `@tencentcloud/chat` aliased to the built Liaison SDK,
 * served from 127.0.0.1, against a real server, in two Chromium pages. Every request to another
 * host (Tencent's CDN and statistics) is blocked and recorded.
 */
const APP_TSCONFIG = fileURLToPath(new URL('../tencent-kits/react-app/tsconfig.json', import.meta.url));
const APP_CONFIG = fileURLToPath(new URL('../tencent-kits/react-app/vite.config.ts', import.meta.url));
/** Hosts the kit reaches for by itself: its CDN pictures (avatars, emoji), its word list and call statistics. */
const TENCENT_HOSTS = ['web.sdk.qcloud.com', 'jsonschema.qpic.cn', 'webim.tim.qq.com'];
/** What the kit shows comes over the network: give it the time a page has. */
const WAIT = { timeout: 20_000 };
const run = promisify(execFile);
const shot = (name: string) => fileURLToPath(new URL(`./screenshots/tencent-uikit-react-${name}.png`, import.meta.url));

let server: LiaisonServer;
let browser: Browser;
let outDir: string;
let site: Server | undefined;
let siteURL: string;
const contexts: BrowserContext[] = [];
/** Every request the pages made to a host other than 127.0.0.1 (all blocked). */
const foreign = new Set<string>();
const pageErrors: string[] = [];

beforeAll(async () => {
  builtSdk();
  outDir = await mkdtemp(join(tmpdir(), 'liaison-uikit-react-'));
  await installTencentKits();
  [server, browser] = await Promise.all([
    // The kit gives a new group one of Tencent's CDN pictures as its avatar: a deployment running
    // the kit allows that host (AVATAR_URL_HOSTS), as any host its avatars come from.
    startServer(undefined, { avatarUrlHosts: ['web.sdk.qcloud.com'] }),
    launchChromium(),
    build({ configFile: APP_CONFIG, build: { outDir, emptyOutDir: true } }),
  ]);
  site = await serveFolder(outDir);
  siteURL = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  await server?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The sample app logged in as `userID`, its credentials in the URL. */
async function kitAs(userID: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    foreign.add(url.href);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${userID}: ${error.message}`));
  const query = new URLSearchParams({
    server: server.url,
    SDKAppID: String(server.app.sdkAppID),
    userID,
    userSig: userSigFor(server, userID),
  });
  await page.goto(`${siteURL}/?${query}`);
  return page;
}

/** A row of the kit's conversation list, by the name it shows. */
const conversation = (page: Page, name: string) =>
  page
    .locator('.uikit-conversation-preview')
    .filter({ has: page.locator('.uikit-conversation-preview__title', { hasText: name }) });
const unread = (page: Page, name: string) => conversation(page, name).locator('.uikit-conversation-preview__unread');
/** The open chat's header shows its name once the kit has switched to it. */
const chatTitled = (page: Page, name: string) => page.locator('.tui-chat-header .title', { hasText: name });
const messageList = (page: Page) => page.locator('.message-list');
const textInBubble = (page: Page, text: string) => messageList(page).getByText(text, { exact: true });

async function sendText(page: Page, text: string): Promise<void> {
  const input = page.locator('.tui-message-input textarea');
  await input.click();
  await input.fill(text);
  await page.keyboard.press('Enter');
}

/** The kit's image picker, behind the composer's "+" (more) button. */
async function sendImage(page: Page, name: string, colour: string): Promise<void> {
  await page.locator('.tui-message-input .more').click();
  await page.locator('input[type=file][data-type=image]').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: Buffer.from(await (await png(120, 80, name, colour)).arrayBuffer()),
  });
}

/** An item of the menu of the message bubble that holds `text`. */
async function chooseFromMessageMenu(page: Page, text: string, item: string): Promise<void> {
  const bubble = messageList(page).locator('.meesage-bubble').filter({ hasText: text });
  await bubble.locator('.meesage-bubble-context').hover();
  // The menu shows while the pointer is on the bubble: click it where it is, without moving.
  await bubble.locator('.message-plugin .more').dispatchEvent('click');
  await page.locator('.message-plugin-item', { hasText: item }).dispatchEvent('click');
}

describe("Tencent's React kit on Liaison", () => {
  let alice: Page;
  let bob: Page;
  /** 3,000 bytes: the kit writes a file's size in kilobytes with two decimals. */
  const minutes = Buffer.from('minutes of the meeting.\n'.repeat(125));

  it('lists the conversations with their unread counts and last messages', async () => {
    const [aliceNode, bobNode, carolNode] = await Promise.all(
      ['alice', 'bob', 'carol'].map((id) => connect(server, id)),
    );
    if (!aliceNode || !bobNode || !carolNode) throw new Error('three users expected');
    for (let i = 1; i <= 40; i += 1) await sendTextFrom(bobNode, 'alice', `history ${i}`);
    await sendTextFrom(carolNode, 'alice', 'hello alice from carol');
    // The kit's "Start chat" offers the user's friends.
    await befriend(aliceNode, bobNode);
    await befriend(aliceNode, carolNode);
    await Promise.all([aliceNode, bobNode, carolNode].map((chat) => chat.logout()));

    [alice, bob] = await Promise.all([kitAs('alice'), kitAs('bob')]);
    await expect.poll(() => unread(alice, 'bob').textContent(), WAIT).toBe('40');
    await expect.poll(() => unread(alice, 'carol').textContent(), WAIT).toBe('1');
    await conversation(alice, 'bob').getByText('history 40').waitFor();
    await alice.screenshot({ path: shot('1-list') });
  });

  it('opens a conversation, clears its badge and pages back through the whole history', async () => {
    await conversation(alice, 'bob').click();
    await textInBubble(alice, 'history 40').waitFor();
    await expect.poll(() => unread(alice, 'bob').textContent(), WAIT).toBe('');
    // 40 messages are three of the kit's pages (getMessageList by 15, then nextReqMessageID): it
    // keeps asking while the list is at its top, until isCompleted shows "No More".
    await expect
      .poll(async () => {
        await messageList(alice).evaluate((list) => list.scrollTo(0, 0));
        return messageList(alice)
          .getByText(/^history \d+$/)
          .count();
      }, WAIT)
      .toBe(40);
    await messageList(alice).getByText('No More').waitFor();
    await messageList(alice).evaluate((list) => list.scrollTo(0, 0));
    await alice.screenshot({ path: shot('2-history') });
  });

  it('sends a text and an image each way between two browsers', async () => {
    await conversation(bob, 'alice').click();
    await chatTitled(bob, 'alice').waitFor();
    await sendText(alice, 'text from alice');
    await textInBubble(bob, 'text from alice').waitFor();
    await sendImage(alice, 'alice.png', '#2a7ae2');
    await expect.poll(() => loadedImages(bob), WAIT).toBe(1);

    await sendText(bob, 'text from bob');
    await textInBubble(alice, 'text from bob').waitFor();
    await sendImage(bob, 'bob.png', '#e2572a');
    await expect.poll(() => loadedImages(alice), WAIT).toBe(2);
    await expect.poll(() => loadedImages(bob), WAIT).toBe(2);
    // Both have the conversation open: nothing is left unread on either side.
    expect(await unread(alice, 'bob').textContent()).toBe('');
    expect(await unread(bob, 'alice').textContent()).toBe('');
    await alice.screenshot({ path: shot('3-alice') });
    await bob.screenshot({ path: shot('3-bob') });
  });

  it('clears the unread badge of a conversation when it is read', async () => {
    await conversation(alice, 'carol').click();
    await textInBubble(alice, 'hello alice from carol').waitFor();
    await expect.poll(() => unread(alice, 'carol').textContent(), WAIT).toBe('');
  });

  it('creates a group from the kit, and its members chat in it', async () => {
    await alice.locator('.uikit-conversation-create-container').first().click();
    await alice.getByText('New group chat').click();
    for (const name of ['bob', 'carol']) {
      await alice.locator('.tui-user-checkbox-label', { hasText: name }).locator('input[type=checkbox]').check();
    }
    await alice.locator('.tui-conversation-create-next').click();
    await alice.locator('.input-group-name').fill('Kit group');
    await alice.screenshot({ path: shot('4-new-group') });
    await alice.locator('.tui-conversation-create-next').click();
    // The kit opens the new group once createGroup has answered.
    await chatTitled(alice, 'Kit group').waitFor();
    await conversation(bob, 'Kit group').waitFor();
    await sendText(alice, 'hello group');
    await expect.poll(() => unread(bob, 'Kit group').textContent(), WAIT).not.toBe('');
    await conversation(bob, 'Kit group').click();
    await textInBubble(bob, 'hello group').waitFor();
    await expect.poll(() => unread(bob, 'Kit group').textContent(), WAIT).toBe('');
    await sendText(bob, 'hello from bob in the group');
    await textInBubble(alice, 'hello from bob in the group').waitFor();
    await alice.screenshot({ path: shot('5-group') });
  });

  it('sends an emoji from the panel, which the other side shows as the kit’s picture', async () => {
    await alice.locator('.tui-message-input .emoji-picker > .tui-kit-icon').click();
    const face = alice.locator('.face-list-item img').first();
    const name = await face.getAttribute('data-data');
    await alice.screenshot({ path: shot('6-emoji') });
    await face.click();
    await alice.locator('.tui-message-input textarea').press('Enter');
    // The text carries the emoji's key ([TUIEmoji_…]); the kit draws it from Tencent's CDN.
    await expect.poll(() => messageList(bob).locator(`img[src*="emoji"]`).count(), WAIT).toBeGreaterThan(0);
    expect(name).toMatch(/^\[.+\]$/);
  });

  it('recalls a message from its menu, and the other side sees it recalled', async () => {
    await chooseFromMessageMenu(alice, 'hello group', 'Recall');
    await messageList(bob).locator('.message-revoke').first().waitFor();
    expect(await textInBubble(bob, 'hello group').count()).toBe(0);
    await bob.screenshot({ path: shot('7-recalled') });
  });

  it('shows the group’s settings panel with its name and server-assigned ID', async () => {
    await alice.locator('.tui-chat-header .header-handle-more').click();
    const panel = alice.locator('.tui-manage');
    await panel.getByText('Kit group').waitFor();
    await panel.getByText(/^ID:@TGS#/).waitFor();
    await alice.screenshot({ path: shot('8-group-settings') });
  });

  it('pins a conversation from its settings, and the list marks it pinned', async () => {
    await conversation(alice, 'carol').click();
    await chatTitled(alice, 'carol').waitFor();
    if (!(await alice.locator('.tui-manage').isVisible()))
      await alice.locator('.tui-chat-header .header-handle-more').click();
    await alice.locator('.tui-manage .self-ui-switch-label').click();
    await expect.poll(() => conversation(alice, 'carol').getAttribute('class'), WAIT).toContain('--pin');
    await expect
      .poll(() => alice.locator('.uikit-conversation-preview__title').first().textContent(), WAIT)
      .toBe('carol');
    await alice.screenshot({ path: shot('9-pinned') });
  });

  it('sends a file from the composer, which the other side shows by name and size and downloads from the server', async () => {
    await conversation(alice, 'bob').click();
    await chatTitled(alice, 'bob').waitFor();
    await conversation(bob, 'alice').click();
    await chatTitled(bob, 'alice').waitFor();
    await alice.locator('.tui-message-input .more').click();
    await alice.screenshot({ path: shot('10-file-picker') });
    await alice
      .locator('input[type=file][data-type=file]')
      .setInputFiles({ name: 'minutes.txt', mimeType: 'text/plain', buffer: minutes });
    const file = messageList(bob).locator('.message-file', { hasText: 'minutes.txt' });
    await file.waitFor();
    expect(await file.locator('.message-file-size').textContent()).toBe('2.93 Kb');
    expect((await downloadFile(bob, file)).equals(minutes)).toBe(true);
    await bob.screenshot({ path: shot('10-file') });
  });

  it('quotes a message from its menu, and the other side shows the reply under the quoted text, also after a reload', async () => {
    await chooseFromMessageMenu(bob, 'text from alice', 'Reference');
    await bob.locator('.input-quote', { hasText: 'text from alice' }).waitFor();
    await sendText(bob, 'a reply to alice');
    const reply = messageList(alice)
      .locator('.meesage-bubble')
      .filter({ has: alice.getByText('a reply to alice', { exact: true }) });
    const quote = reply.locator('.meesage-bubble-reply-main');
    await quote.getByText('text from alice', { exact: true }).waitFor();
    expect(await quote.locator('.title').textContent()).toBe('alice');
    await alice.screenshot({ path: shot('11-quote') });
    // The quote travels in the reply's cloudCustomData: a reloaded page reads it from the history.
    await alice.reload();
    await conversation(alice, 'bob').click();
    await chatTitled(alice, 'bob').waitFor();
    await quote.getByText('text from alice', { exact: true }).waitFor();
  });

  it('forwards a text and a file from their menus to a group, where a member receives both', async () => {
    const target = alice.locator('.tui-forward-list-item').filter({ hasText: 'Kit group' });
    await chooseFromMessageMenu(alice, 'text from bob', 'Forward');
    await target.locator('input[type=checkbox]').check();
    await alice.screenshot({ path: shot('12-forward-to') });
    await alice.locator('.tui-forward-footer .button').click();
    await chooseFromMessageMenu(alice, 'minutes.txt', 'Forward');
    await target.locator('input[type=checkbox]').check();
    await alice.locator('.tui-forward-footer .button').click();
    await expect.poll(() => unread(bob, 'Kit group').textContent(), WAIT).not.toBe('');
    await conversation(bob, 'Kit group').click();
    await chatTitled(bob, 'Kit group').waitFor();
    const inGroup = messageList(bob).locator('.message-default.in').filter({ hasText: 'text from bob' });
    await inGroup.waitFor();
    const file = messageList(bob).locator('.message-default.in .message-file', { hasText: 'minutes.txt' });
    expect((await downloadFile(bob, file)).equals(minutes)).toBe(true);
    await expect.poll(() => unread(bob, 'Kit group').textContent(), WAIT).toBe('');
    // The kit draws a newly opened list transparent (.hide) until it has scrolled it to the bottom.
    await bob.locator('.message-list:not(.hide)').waitFor();
    await bob.screenshot({ path: shot('12-forwarded') });
  });

  it('finds a conversation by name with the list’s search, and opens it', async () => {
    await alice.locator('.uikit-conversation-search-input input').fill('car');
    const results = alice.locator('.uikit-conversation-search-result .uikit-conversation-preview');
    await expect
      .poll(() => results.locator('.uikit-conversation-preview__title').allTextContents(), WAIT)
      .toEqual(['carol']);
    await alice.screenshot({ path: shot('13-search') });
    await results.first().click();
    await chatTitled(alice, 'carol').waitFor();
  });

  it("compiles as written against the SDK's declarations under Tencent's name, with the kit's own types", async () => {
    // The app's tsconfig maps @tencentcloud/chat to the built SDK's index.d.ts, as a port's would.
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    await expect(run(process.execPath, [tsc, '-p', APP_TSCONFIG], { timeout: 120_000 })).resolves.toBeDefined();
  }, 180_000);

  it('reached no host but 127.0.0.1 except for Tencent’s own pictures and statistics, and raised no error', () => {
    expect(pageErrors).toEqual([]);
    const hosts = new Set([...foreign].map((url) => new URL(url).hostname));
    expect([...hosts].filter((host) => !TENCENT_HOSTS.includes(host))).toEqual([]);
    const patterns = new Set([...foreign].map((url) => url.replace(/\?.*$/, '').replace(/\d+/g, '*')));
    console.info(`blocked requests to Tencent's hosts:\n${[...patterns].sort().join('\n')}`);
  });
});

/** The bytes behind a file message's link, fetched by the page as its download would be, from the Liaison server. */
async function downloadFile(page: Page, file: Locator): Promise<Buffer> {
  // The kit draws a file message before it has the file's address: under load the link is empty a while.
  await expect.poll(async () => (await file.getAttribute('href'))?.startsWith(server.url), WAIT).toBe(true);
  const href = String(await file.getAttribute('href'));
  const bytes = await page.evaluate(async (url) => [...new Uint8Array(await (await fetch(url)).arrayBuffer())], href);
  return Buffer.from(bytes);
}

/** Images in the open message list that loaded from 127.0.0.1 (the Liaison server's files). */
function loadedImages(page: Page): Promise<number> {
  return messageList(page)
    .locator('img')
    .evaluateAll(
      (images) =>
        images.filter(
          (image) =>
            image instanceof HTMLImageElement &&
            image.complete &&
            image.naturalWidth > 0 &&
            image.src.startsWith('http://127.0.0.1'),
        ).length,
    );
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The built app from 127.0.0.1, as any static host serves it. */
function serveFolder(root: string): Promise<Server> {
  const http = createServer(async (request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const file = join(root, path === '/' ? 'index.html' : path);
    try {
      if (!file.startsWith(root)) throw new Error('outside the build');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(http)));
}
