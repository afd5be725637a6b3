import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { TYPED_TEXT_CORPUS } from '../../packages/chat-ui/src/chat/composer/typed-text-corpus';
import { launchChromium } from './browser';
import { openMessageCentre, startPortal } from './portal-harness';

/**
 * The composer and the message centre's layout as a new user meets them, in Chromium against the
 * built app and a real server: what is typed arrives byte for byte; the kit fits the viewport with
 * the send button in view and uncovered; on a phone an open conversation is full screen.
 */
let server: LiaisonServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.close();
});

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function messageCentreAs(account: string, options: { phone?: boolean } = {}): Promise<Page> {
  const { context, page } = await openMessageCentre(server, browser, account, { ...options, viewport: DESKTOP });
  contexts.push(context);
  return page;
}

const conversationList = (page: Page) => page.getByRole('list', { name: '会话列表' });
const conversation = (page: Page, name: string) =>
  conversationList(page)
    .getByRole('button')
    .filter({ has: page.getByText(name, { exact: true }) });
const editor = (page: Page) => page.getByRole('textbox', { name: '消息输入框' });
const sendButton = (page: Page) => page.getByRole('button', { name: '发送', exact: true });
const todoBar = (page: Page) => page.locator('.todo-bar');

/** The text of the newest incoming message, emoji pictures read back as their tags. */
function lastIncomingText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const texts = document.querySelectorAll('.lc-msg--in .lc-message-text');
    const last = texts[texts.length - 1];
    const read = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (node instanceof HTMLImageElement) return node.alt;
      return Array.from(node.childNodes, read).join('');
    };
    return last ? read(last) : '';
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box (not rendered)');
  return found;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const insideViewport = (b: Box, viewport: { width: number; height: number }) =>
  b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width && b.y + b.height <= viewport.height;
const documentScrolls = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight > document.documentElement.clientHeight);

describe('the composer sends exactly what was typed', () => {
  it('delivers markdown-looking text, file names, prices and Chinese byte for byte', async () => {
    const [zhang, li] = await Promise.all([messageCentreAs('zhangwei'), messageCentreAs('lina')]);
    await conversation(zhang, '李娜').click();
    await conversation(li, '张伟').click();
    // Opening a conversation puts the caret in the composer: typing needs no click first.
    await expect.poll(() => editor(zhang).evaluate((element) => element === document.activeElement)).toBe(true);

    for (const text of TYPED_TEXT_CORPUS) {
      await zhang.keyboard.type(text);
      await zhang.keyboard.press('Enter');
      await expect.poll(() => lastIncomingText(li), { timeout: 10_000 }).toBe(text);
    }
    expect(await editor(zhang).locator('strong, em, s, code, u').count()).toBe(0);

    // Spaces alone are not sent, and Enter clears them: the next message starts clean.
    await zhang.keyboard.type('   ');
    await zhang.keyboard.press('Enter');
    expect(await editor(zhang).textContent()).toBe('');
    await zhang.keyboard.type('no leading spaces');
    await zhang.keyboard.press('Enter');
    await expect.poll(() => lastIncomingText(li), { timeout: 10_000 }).toBe('no leading spaces');
  });
});

describe('the message centre at 1440x900', () => {
  it('fills the viewport without a page scroll, the send button in view and never under the to-do bar', async () => {
    const page = await messageCentreAs('zhangwei');
    expect(await documentScrolls(page)).toBe(false);

    // The connection state and the trial notice share one slim line.
    const line = page.locator('.lc-kit__notice');
    await line.getByText('消息服务已连接').waitFor();
    expect(await line.getByRole('note').textContent()).toContain('不可用于业务洽谈');
    expect((await box(line)).height).toBeLessThanOrEqual(36);

    await conversation(page, '李娜').click();
    await editor(page).waitFor();
    expect(await documentScrolls(page)).toBe(false);
    const send = await box(sendButton(page));
    expect(insideViewport(send, DESKTOP)).toBe(true);
    expect(insideViewport(await box(editor(page)), DESKTOP)).toBe(true);
    // The demo person has cooperation requests waiting, so the floating bar is up.
    await todoBar(page).waitFor();
    expect(overlaps(await box(todoBar(page)), send)).toBe(false);
    expect(overlaps(await box(todoBar(page)), await box(editor(page)))).toBe(false);
    // The button really is the topmost thing under a click at its centre.
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('.lc-composer__send') !== null,
      { x: send.x + send.width / 2, y: send.y + send.height / 2 },
    );
    expect(onTop).toBe(true);
  });
});

describe('the message centre on a 390x844 phone', () => {
  it('opens a conversation full screen with the composer on screen, and back returns to the list', async () => {
    const page = await messageCentreAs('zhangwei', { phone: true });
    expect(await documentScrolls(page)).toBe(false);
    await conversation(page, '李娜').tap();
    await editor(page).waitFor();

    expect(await page.locator('.portal-header').isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: '管理中心导航' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: '退出登录' }).isVisible()).toBe(false);
    expect(insideViewport(await box(editor(page)), PHONE)).toBe(true);
    const send = await box(sendButton(page));
    expect(insideViewport(send, PHONE)).toBe(true);
    if (await todoBar(page).isVisible()) expect(overlaps(await box(todoBar(page)), send)).toBe(false);
    const header = await box(page.getByRole('button', { name: '返回' }));
    expect(header.y).toBeLessThan(60);

    await editor(page).tap();
    await page.keyboard.type('手机全屏发送');
    await sendButton(page).tap();
    await page.locator('.lc-msg--out').getByText('手机全屏发送').waitFor();

    await page.getByRole('button', { name: '返回' }).tap();
    await conversationList(page).waitFor();
    expect(await page.locator('.portal-header').isVisible()).toBe(true);
    expect(await editor(page).count()).toBe(0);
  });
});
