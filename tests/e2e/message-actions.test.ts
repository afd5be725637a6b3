import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '@liaison/sdk';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { type FakeTranslator, startFakeTranslator } from '../../apps/server/src/im/translation/test-providers';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { axeViolations } from './axe';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * What a user does to a message, in Chromium against the built app and a real server: 张伟 and
 * 李娜 (demo people) revoke and re-edit, quote and jump back three pages, multi-select, forward a
 * merged record to two conversations and open it, delete, translate, and drive the menu from the
 * keyboard; on a desktop and on a phone. Screenshots land in E2E_SCREENSHOTS (a temporary folder
 * by default) for a person to look at.
 */
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-message-actions');
const BOT = 'offer_bot';
const BOT_NICK = '报价助手';
const FIRST_OFFER = '最初报价：A1 铝合金结构件每件 64 元';
const QUOTING = '关于最早那条报价，还有效吗？';
const FILLERS = Array.from({ length: 40 }, (_, i) => `第${i + 1}条进度更新`);
const GROUP = '长三角供应链交流群';

let server: LiaisonServer;
let browser: Browser;
let translator: FakeTranslator;
let bot: Chat;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  translator = await startFakeTranslator();
  [server, browser] = await Promise.all([
    startPortal({
      translation: {
        translateUrl: translator.url,
        translateApiKey: null,
        sttUrl: null,
        sttApiKey: null,
        sttModel: 'whisper-1',
        translateTimeoutMs: 5000,
        sttTimeoutMs: 5000,
      },
    }),
    launchChromium(),
  ]);
  const [zhang] = await server.db.query<{ user_id: string }>(
    "SELECT user_id FROM portal_accounts WHERE login_name = 'zhangwei'",
  );
  bot = await connect(server, BOT);
  await bot.updateMyProfile({ nick: BOT_NICK });
  await seedHistory(bot, zhang?.user_id ?? '');
}, 120_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await bot?.logout().catch(() => undefined);
  await server?.close();
  await translator?.close();
});

/** Three pages and more of history: the first offer, 40 updates, then a message quoting the first. */
async function seedHistory(chat: Chat, to: string): Promise<void> {
  const send = async (text: string, cloudCustomData = '') =>
    (
      await chat.sendMessage(
        chat.createTextMessage({ to, conversationType: 'C2C', payload: { text }, cloudCustomData }),
      )
    ).data.message;
  const first: Message = await send(FIRST_OFFER);
  for (const text of FILLERS) await send(text);
  const messageReply = {
    messageID: first.ID,
    messageAbstract: FIRST_OFFER,
    messageSender: BOT_NICK,
    messageType: 1,
    version: 1,
  };
  await send(QUOTING, JSON.stringify({ messageReply }));
}

async function messageCentreAs(
  account: string,
  options: { phone?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: options.phone ? { width: 390, height: 844 } : DESKTOP,
    ...(options.phone ? { isMobile: true, hasTouch: true } : {}),
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${server.url}/index`);
  try {
    await loginThroughPortal(server, page, account, DEMO_PASSWORD);
  } catch (error) {
    await shot(page, `failed-login-${account}`);
    throw error;
  }
  await page.goto(`${server.url}/manageCenter/message`);
  await conversationList(page).waitFor();
  return { page, errors };
}

const conversationList = (page: Page) => page.getByRole('list', { name: '会话列表' });
const list = (page: Page) => page.getByRole('region', { name: '消息列表' });
const editor = (page: Page) => page.getByRole('textbox', { name: '消息输入框' });
const menu = (page: Page) => page.getByRole('menu', { name: '消息操作' });
/** A message's row, found by its text in the bubble (not in a quote of it). */
const row = (page: Page, text: string) =>
  list(page)
    .locator('.lc-row')
    .filter({ has: page.locator('.lc-bubble').getByText(text, { exact: true }) });

async function open(page: Page, name: string): Promise<void> {
  await conversationList(page)
    .getByRole('button')
    .filter({ has: page.getByText(name, { exact: true }) })
    .first()
    .click();
  await list(page).locator('.lc-row').first().waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await row(page, text).waitFor();
}

/** Scrolls the (virtual) list up from the bottom until the message is drawn, then shows it. */
async function bringIntoView(page: Page, text: string): Promise<void> {
  const scroller = page.locator('.lc-message-list__scroller');
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  for (let step = 0; step < 40 && (await row(page, text).count()) === 0; step++) {
    await scroller.evaluate((element) => element.scrollBy({ top: -300 }));
    await page.waitForTimeout(100);
  }
  await row(page, text).scrollIntoViewIfNeeded();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The open menu stays inside the window and covers no part of the message it belongs to. */
async function checkMenuPlacement(page: Page, message: Locator): Promise<void> {
  const box = await menu(page).boundingBox();
  const bubble = await message.locator('.lc-bubble').boundingBox();
  const viewport = page.viewportSize();
  if (!box || !bubble || !viewport) throw new Error('menu or bubble not on screen');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const overlaps = box.y < bubble.y + bubble.height && box.y + box.height > bubble.y;
  expect(overlaps, 'the menu covers its message').toBe(false);
}

describe('message actions between 张伟 and 李娜', () => {
  let zhang: Page;
  let li: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const [a, b] = await Promise.all([messageCentreAs('zhangwei'), messageCentreAs('lina')]);
    zhang = a.page;
    li = b.page;
    pageErrors.push(...a.errors, ...b.errors);
    await Promise.all([open(zhang, '李娜'), open(li, '张伟')]);
  }, 90_000);

  afterAll(() => {
    expect(pageErrors).toEqual([]);
  });

  it('revokes a message: both read the notice live, and 张伟 re-edits his text', async () => {
    await send(zhang, '这条报价发错了，马上撤回');
    await row(li, '这条报价发错了，马上撤回').waitFor();
    const message = row(zhang, '这条报价发错了，马上撤回');
    await message.locator('.lc-bubble').click({ button: 'right' });
    await menu(zhang).waitFor();
    await checkMenuPlacement(zhang, message);
    await shot(zhang, 'desktop-menu');
    expect(await axeViolations(zhang, '[role="menu"]')).toEqual([]);
    await menu(zhang).getByRole('menuitem', { name: '撤回' }).click();

    await list(zhang).getByText('你撤回了一条消息').waitFor();
    await list(li).getByText('张伟撤回了一条消息').waitFor();
    expect(await row(li, '这条报价发错了，马上撤回').count()).toBe(0);
    await shot(zhang, 'desktop-revoked');
    await list(zhang).getByRole('button', { name: '重新编辑' }).click();
    await expect.poll(() => editor(zhang).textContent()).toBe('这条报价发错了，马上撤回');
    await editor(zhang).press('Control+A');
    await editor(zhang).press('Delete');
  });

  it('drives the menu from the keyboard: arrows between messages, Shift+F10, arrows, Enter, Escape', async () => {
    await send(zhang, '键盘测试一');
    await send(zhang, '键盘测试二');
    const second = row(zhang, '键盘测试二');
    await second.focus();
    await zhang.keyboard.press('ArrowUp');
    const first = row(zhang, '键盘测试一');
    await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true);

    await zhang.keyboard.press('Shift+F10');
    await menu(zhang).waitFor();
    for (let step = 0; step < 20; step++) {
      if ((await zhang.evaluate(() => document.activeElement?.textContent)) === '引用') break;
      await zhang.keyboard.press('ArrowDown');
    }
    await zhang.keyboard.press('Enter');
    const bar = zhang.getByRole('region', { name: '正在引用消息' });
    await expect.poll(() => bar.textContent()).toContain('键盘测试一');
    await shot(zhang, 'desktop-quote-bar');

    await first.focus();
    await zhang.keyboard.press('ContextMenu');
    await menu(zhang).waitFor();
    await zhang.keyboard.press('Escape');
    await expect.poll(() => menu(zhang).count()).toBe(0);
    expect(await first.evaluate((element) => element === document.activeElement)).toBe(true);

    // The quote goes with the next message; 李娜 sees the quoted block under it.
    await editor(zhang).click();
    await zhang.keyboard.type('这条引用了上面那句');
    await zhang.keyboard.press('Enter');
    await expect.poll(() => bar.count()).toBe(0);
    await row(li, '这条引用了上面那句').locator('.lc-quote').getByText('键盘测试一').waitFor();
    await shot(li, 'desktop-quoted-received');
  });

  it('jumps to a quoted message three pages back and makes it blink', async () => {
    await open(zhang, BOT_NICK);
    const quoting = row(zhang, QUOTING);
    await quoting.waitFor();
    expect(await row(zhang, FIRST_OFFER).count()).toBe(0);
    await quoting.locator('.lc-quote').click();
    const original = row(zhang, FIRST_OFFER);
    await original.waitFor();
    await expect.poll(() => original.getAttribute('class')).toContain('lc-row--blink');
    await expect(original.locator('.lc-bubble').isVisible()).resolves.toBe(true);
    await shot(zhang, 'desktop-jumped');
  });

  it('translates a text under its bubble', async () => {
    const message = row(zhang, FILLERS[0] as string);
    await message.locator('.lc-bubble').click({ button: 'right' });
    await menu(zhang).getByRole('menuitem', { name: '翻译' }).click();
    await message.getByRole('status', { name: '翻译' }).getByText(`[zh] ${FILLERS[0]}`).waitFor();
    await shot(zhang, 'desktop-translated');
  });

  it('forwards five messages merged to 李娜 and the group; 李娜 opens the record', async () => {
    await zhang.locator('.lc-message-list__scroller').evaluate((element) => element.scrollTo({ top: 0 }));
    const picked = FILLERS.slice(0, 5);
    await row(zhang, picked[0] as string)
      .locator('.lc-bubble')
      .click({ button: 'right' });
    await menu(zhang).getByRole('menuitem', { name: '多选' }).click();
    for (const text of picked.slice(1)) await row(zhang, text).click();
    const panel = zhang.getByRole('toolbar', { name: '已选消息的操作' });
    await panel.getByText('已选择 5 条消息').waitFor();
    await shot(zhang, 'desktop-multiselect');
    await panel.getByRole('button', { name: '合并转发' }).click();
    const dialog = zhang.getByRole('dialog', { name: '合并转发' });
    await dialog.getByRole('checkbox', { name: '李娜' }).check();
    await dialog.getByRole('checkbox', { name: GROUP }).check();
    await shot(zhang, 'desktop-forward-panel');
    expect(await axeViolations(zhang, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: '发送' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => panel.count()).toBe(0);
    await editor(zhang).waitFor();

    const card = list(li).getByRole('button', { name: /张伟和报价助手的聊天记录/ });
    await card.waitFor();
    await card.click();
    const viewer = li.getByRole('dialog', { name: '张伟和报价助手的聊天记录' });
    for (const text of picked) await viewer.getByText(text, { exact: true }).waitFor();
    await shot(li, 'desktop-record-open');
    await viewer.getByRole('button', { name: '关闭' }).click();
    await open(li, GROUP);
    await list(li)
      .getByRole('button', { name: /张伟和报价助手的聊天记录/ })
      .waitFor();
  });

  it('deletes five selected messages after confirming; they stay gone after a reload', async () => {
    const doomed = FILLERS.slice(10, 15);
    await bringIntoView(zhang, doomed[0] as string);
    await row(zhang, doomed[0] as string)
      .locator('.lc-bubble')
      .click({ button: 'right' });
    await menu(zhang).getByRole('menuitem', { name: '多选' }).click();
    for (const text of doomed.slice(1)) await row(zhang, text).click();
    await zhang.getByRole('toolbar', { name: '已选消息的操作' }).getByRole('button', { name: '删除' }).click();
    const confirm = zhang.getByRole('dialog', { name: '删除消息' });
    await confirm.getByText('确定删除 5 条消息？').waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    for (const text of doomed) await expect.poll(() => row(zhang, text).count()).toBe(0);

    await zhang.reload();
    await open(zhang, BOT_NICK);
    await list(zhang).getByText(QUOTING).waitFor();
    const visible = await list(zhang).locator('.lc-row').allInnerTexts();
    for (const text of doomed) expect(visible.join('\n')).not.toContain(text);
  });

  it('shows the read status under my merged records, like my other messages, with 李娜 and in the group', async () => {
    for (const conversation of ['李娜', GROUP]) {
      await open(zhang, conversation);
      await list(zhang)
        .locator('.lc-row')
        .filter({ has: zhang.getByRole('button', { name: /张伟和报价助手的聊天记录/ }) })
        .last()
        .locator('.lc-row__extras')
        .getByText(/未读|已读/)
        .waitFor();
      await shot(zhang, `desktop-merged-read-status-${conversation === GROUP ? 'group' : 'c2c'}`);
    }
  });
});

describe('message actions on a phone', () => {
  it('opens the menu with a 500 ms long-press, quotes, and multi-selects, with nothing covered', async () => {
    const { page, errors } = await messageCentreAs('zhangwei', { phone: true });
    await open(page, BOT_NICK);
    const message = row(page, QUOTING);
    await message.waitFor();
    const box = await message.locator('.lc-bubble').boundingBox();
    if (!box) throw new Error('no bubble');
    const cdp = await page.context().newCDPSession(page);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await page.waitForTimeout(700);
    // The menu is open while the finger is still down, and stays when it lifts.
    await menu(page).waitFor();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(300);
    await menu(page).waitFor();
    await checkMenuPlacement(page, message);
    const items = await menu(page).locator('.lc-conv-menu__item').allInnerTexts();
    expect(items).not.toContain('打开');
    await shot(page, 'phone-menu');

    await menu(page).getByRole('menuitem', { name: '引用' }).click();
    await page.getByRole('region', { name: '正在引用消息' }).waitFor();
    await shot(page, 'phone-quote-bar');
    await page.getByRole('button', { name: '取消引用' }).click();

    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await page.waitForTimeout(700);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await menu(page).getByRole('menuitem', { name: '多选' }).click();
    const panel = page.getByRole('toolbar', { name: '已选消息的操作' });
    await panel.getByText('已选择 1 条消息').waitFor();
    const panelBox = await panel.boundingBox();
    expect(panelBox && panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
    await shot(page, 'phone-multiselect');
    await panel.getByRole('button', { name: '合并转发' }).click();
    await page.getByRole('dialog', { name: '合并转发' }).waitFor();
    await shot(page, 'phone-forward-panel');
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await panel.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);
});
