import { fileURLToPath } from 'node:url';
import { type ChatSDK, type Message, TYPES } from '@liaison/sdk';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { connect, until } from '../../apps/server/src/integration/harness';
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
  // Chromium's fake microphone (a tone) and no permission prompt, for the voice recording.
  [server, browser] = await Promise.all([
    startPortal(),
    launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
  ]);
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
      await expect.poll(() => lastIncomingText(li), { timeout: 20_000 }).toBe(text);
    }
    expect(await editor(zhang).locator('strong, em, s, code, u').count()).toBe(0);

    // Spaces alone are not sent, and Enter clears them: the next message starts clean.
    await zhang.keyboard.type('   ');
    await zhang.keyboard.press('Enter');
    expect(await editor(zhang).textContent()).toBe('');
    await zhang.keyboard.type('no leading spaces');
    await zhang.keyboard.press('Enter');
    await expect.poll(() => lastIncomingText(li), { timeout: 20_000 }).toBe('no leading spaces');
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

/** A 1x1 PNG, base64. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('the composer toolbar in Chromium', () => {
  let peer: ChatSDK | undefined;
  afterAll(async () => {
    await peer?.logout().catch(() => undefined);
  });

  it('sends a pasted picture inline before the text typed after it, a dropped file last, and a recorded voice message', async () => {
    const zhang = await messageCentreAs('zhangwei');
    const row = conversation(zhang, '李娜');
    const peerID = ((await row.getAttribute('data-conversation-id')) ?? '').replace(/^C2C/, '');
    // 李娜 reads along through the SDK, to check each message's type and payload.
    peer = await connect(server, peerID);
    const arrived: Message[] = [];
    peer.on(peer.EVENT.MESSAGE_RECEIVED, (event) => {
      arrived.push(...event.data.filter((m) => m.from !== peerID));
    });
    await row.click();
    await editor(zhang).waitFor();

    await editor(zhang).evaluate((element, png) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const pasted = new DataTransfer();
      pasted.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true, cancelable: true }));
      const dropped = new DataTransfer();
      dropped.items.add(new File(['price list\n'], '2026_price_list.txt', { type: 'text/plain' }));
      const box = element.getBoundingClientRect();
      const at = { clientX: box.left + 10, clientY: box.top + 10 };
      element.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: dropped, bubbles: true, cancelable: true, ...at }),
      );
      element.dispatchEvent(new DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true, ...at }));
    }, PNG_BASE64);
    // The picture goes into the text at the caret; a file that is not a picture waits as a chip.
    await editor(zhang).locator('img[alt="pasted.png"]').waitFor();
    const chips = zhang.getByRole('list', { name: '待发送的文件' });
    await chips.getByText('2026_price_list.', { exact: false }).waitFor();

    await zhang.keyboard.press('End');
    await zhang.keyboard.type('附件请查收');
    await zhang.keyboard.press('Enter');
    await until(() => arrived.length >= 3, 20_000, 'picture, text and file');
    expect(arrived.slice(0, 3).map((m) => m.type)).toEqual([TYPES.MSG_IMAGE, TYPES.MSG_TEXT, TYPES.MSG_FILE]);
    const file = arrived[2];
    expect(file?.type === TYPES.MSG_FILE && file.payload.fileName).toBe('2026_price_list.txt');
    expect(await chips.count()).toBe(0);

    // Desktop: click to record, click again to send; the recording line keeps the toolbar on one line.
    const toolbar = zhang.getByRole('toolbar', { name: '输入工具' });
    const toolbarHeight = (await box(toolbar)).height;
    await zhang.getByRole('button', { name: '录制语音' }).click();
    await zhang.getByRole('status').filter({ hasText: '正在录音' }).waitFor();
    expect((await box(toolbar)).height).toBe(toolbarHeight);
    await zhang.screenshot({ path: fileURLToPath(new URL('./screenshots/voice-hint-1440.png', import.meta.url)) });
    await zhang.waitForTimeout(2_200);
    await zhang.getByRole('button', { name: '停止并发送语音' }).click();
    await until(() => arrived.length >= 4, 20_000, 'the voice message');
    const voice = arrived[3];
    expect(voice?.type).toBe(TYPES.MSG_SOUND);
    expect(voice?.type === TYPES.MSG_SOUND && voice.payload.second).toBeGreaterThanOrEqual(2);

    // Escape cancels a recording: nothing more is sent.
    await zhang.getByRole('button', { name: '录制语音' }).click();
    await zhang.getByRole('status').filter({ hasText: '正在录音' }).waitFor();
    await zhang.keyboard.press('Escape');
    await zhang.getByRole('button', { name: '录制语音' }).waitFor();
    await zhang.waitForTimeout(1_000);
    expect(arrived).toHaveLength(4);
  });

  it('records by holding the button on a phone: release sends, sliding up first cancels', async () => {
    const phone = await messageCentreAs('zhangwei', { phone: true });
    const row = conversation(phone, '李娜');
    const peerID = ((await row.getAttribute('data-conversation-id')) ?? '').replace(/^C2C/, '');
    peer ??= await connect(server, peerID);
    const arrived: Message[] = [];
    peer.on(peer.EVENT.MESSAGE_RECEIVED, (event) => {
      arrived.push(...event.data.filter((m) => m.type === TYPES.MSG_SOUND));
    });
    await row.tap();
    const hold = phone.getByRole('button', { name: '按住说话' });
    const { x, y, width, height } = await box(hold);
    const centre = { x: x + width / 2, y: y + height / 2 };

    const toolbar = phone.getByRole('toolbar', { name: '输入工具' });
    const toolbarHeight = (await box(toolbar)).height;
    await phone.mouse.move(centre.x, centre.y);
    await phone.mouse.down();
    const hint = phone.getByRole('status').filter({ hasText: '松开发送，上滑取消' });
    await hint.waitFor();
    // The hint floats above the composer: the toolbar keeps its one line and the hint is whole on screen.
    expect((await box(toolbar)).height).toBe(toolbarHeight);
    const shown = await box(hint);
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(PHONE.width);
    expect(shown.y + shown.height).toBeLessThanOrEqual((await box(toolbar)).y);
    await phone.screenshot({ path: fileURLToPath(new URL('./screenshots/voice-hint-390.png', import.meta.url)) });
    await phone.waitForTimeout(1_500);
    await phone.mouse.up();
    await until(() => arrived.length >= 1, 20_000, 'the held recording');
    expect(arrived[0]?.type === TYPES.MSG_SOUND && arrived[0].payload.second).toBeGreaterThanOrEqual(1);

    await phone.mouse.move(centre.x, centre.y);
    await phone.mouse.down();
    await phone.getByRole('status').filter({ hasText: '松开发送' }).waitFor();
    await phone.waitForTimeout(800);
    await phone.mouse.move(centre.x, centre.y - 120, { steps: 4 });
    await phone.getByRole('status').filter({ hasText: '松开手指，取消发送' }).waitFor();
    await phone.mouse.up();
    await phone.waitForTimeout(1_500);
    expect(arrived).toHaveLength(1);
  });
});
