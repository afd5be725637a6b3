import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * The conversation list as a newcomer meets it, in Chromium against the built app and a real
 * server, at 1440×900 and 390×844 (both touch screens, so a finger can long-press): the row menu
 * stays open after a long-press, and a friend's remark names them in the list, the chat header,
 * the group's messages and the mention list, and follows a change made in Contacts. 张伟 uses the
 * desktop, 李娜 the phone; a supplier bot writes to each. Screenshots land in E2E_SCREENSHOTS (a
 * temporary folder by default) for a person to look at.
 */
const SIZES = [
  { label: 'desktop', account: 'zhangwei', viewport: { width: 1440, height: 900 }, isMobile: false },
  { label: 'phone', account: 'lina', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-conversation-list');
const BOT = 'remark_supplier';
const BOT_NICK = '鲍勃';
const REMARK = '鲍总（铝材供应商）';
const NEW_REMARK = '鲍总（已签约）';
/** A buyer who blocks each person after one message: the person's reply fails. */
const STRICT = 'strict_buyer';
/** A 1x1 PNG, as a picture copied to the clipboard. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let server: LiaisonServer;
let browser: Browser;
let bot: Chat;
let strict: Chat;
const ids = new Map<string, string>();
const groups = new Map<string, string>();
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  const people = await server.db.query<{ login_name: string; user_id: string }>(
    "SELECT login_name, user_id FROM portal_accounts WHERE login_name IN ('zhangwei', 'lina')",
  );
  for (const person of people) ids.set(person.login_name, person.user_id);
  bot = await connect(server, BOT);
  await bot.updateMyProfile({ nick: BOT_NICK, allowType: 'AllowType_Type_AllowAny' });
  strict = await connect(server, STRICT);
  await strict.updateMyProfile({ nick: '严格采购' });
  for (const { account } of SIZES) {
    const userID = ids.get(account) ?? '';
    // The person saved a remark for the supplier earlier (on another device).
    const person = await connect(server, userID);
    await person.addFriend({ to: BOT, source: 'AddSource_Type_Web', remark: REMARK });
    await person.logout();
    await bot.sendMessage(
      bot.createTextMessage({ to: userID, conversationType: 'C2C', payload: { text: '报价单已发' } }),
    );
    const { group } = (
      await bot.createGroup({ type: 'Private', name: `铝材采购群-${account}`, memberList: [{ userID }] })
    ).data;
    groups.set(account, group.groupID);
    await strict.sendMessage(
      strict.createTextMessage({ to: userID, conversationType: 'C2C', payload: { text: '不再合作' } }),
    );
    await strict.addToBlacklist({ userIDList: [userID] });
    // A group the person was removed from: its history stays, but it takes no forwards.
    const gone = (await bot.createGroup({ type: 'Public', name: `已移出的群-${account}`, memberList: [{ userID }] }))
      .data.group.groupID;
    await bot.sendMessage(bot.createTextMessage({ to: gone, conversationType: 'GROUP', payload: { text: '欢迎' } }));
    await bot.deleteGroupMember({ groupID: gone, userIDList: [userID] });
    await bot.sendMessage(
      bot.createTextMessage({ to: group.groupID, conversationType: 'GROUP', payload: { text: '本周交货' } }),
    );
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await Promise.all([bot, strict].map((chat) => chat?.logout().catch(() => undefined)));
  await server?.close();
});

const conversationList = (page: Page) => page.getByRole('list', { name: '会话列表' });
const row = (page: Page, conversationID: string) => page.locator(`[data-conversation-id="${conversationID}"]`);
const menu = (page: Page) => page.getByRole('menu', { name: '会话操作' });
const title = (page: Page) => page.locator('.lc-chat__title');
const messages = (page: Page) => page.getByRole('region', { name: '消息列表' });
const editor = (page: Page) => page.getByRole('textbox', { name: '消息输入框' });

describe.each(SIZES)('the conversation list at $viewport.width×$viewport.height', (size) => {
  let page: Page;
  const c2c = () => `C2C${BOT}`;
  const group = () => `GROUP${groups.get(size.account) ?? ''}`;

  beforeAll(async () => {
    const context = await browser.newContext({
      locale: 'zh-CN',
      viewport: size.viewport,
      isMobile: size.isMobile,
      hasTouch: true,
    });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    page = await context.newPage();
    await page.goto(`${server.url}/index`);
    await loginThroughPortal(server, page, size.account, DEMO_PASSWORD);
    await page.goto(`${server.url}/manageCenter/message`);
    await conversationList(page).waitFor();
  }, 60_000);

  const tap = (target: Locator) => (size.isMobile ? target.tap() : target.click());

  /** Back to the list from an open chat (the phone shows one at a time). */
  async function backToList(): Promise<void> {
    if (size.isMobile) await page.getByRole('button', { name: '返回' }).tap();
    await conversationList(page).waitFor();
  }

  it('keeps the row menu open after a long-press lifts, and pins and mutes from it', async () => {
    const target = row(page, c2c());
    await target.waitFor();
    await longPress(page, target);
    // The finger has lifted: the menu is still there to choose from.
    await page.waitForTimeout(400);
    await menu(page).waitFor();
    await page.screenshot({ path: join(SHOTS, `row-menu-${size.label}.png`) });
    await tap(menu(page).getByRole('menuitem', { name: '置顶会话' }));
    await expect.poll(() => target.getAttribute('class')).toContain('lc-conv-item--pinned');
    await expect
      .poll(() => conversationList(page).getByRole('button').first().getAttribute('data-conversation-id'))
      .toBe(c2c());

    await longPress(page, target);
    await page.waitForTimeout(400);
    await tap(menu(page).getByRole('menuitem', { name: '消息免打扰' }));
    await target.getByText('消息免打扰').waitFor({ state: 'attached' });

    // A tap outside (on the tab already chosen) closes it, and opens nothing.
    await longPress(page, target);
    await page.waitForTimeout(400);
    await menu(page).getByRole('menuitem', { name: '取消置顶' }).waitFor();
    const outside = await page.getByRole('tab', { name: /消息/ }).boundingBox();
    if (!outside) throw new Error('no tab to tap');
    await page.touchscreen.tap(outside.x + outside.width / 2, outside.y + outside.height / 2);
    await menu(page).waitFor({ state: 'detached' });
  });

  it('names the supplier by the remark I saved, in the list, the header, the group and the mention list, and follows a change', async () => {
    await expect.poll(() => row(page, c2c()).textContent()).toContain(REMARK);
    await expect.poll(() => row(page, group()).textContent()).toContain(`${REMARK}: 本周交货`);
    expect(await row(page, c2c()).textContent()).not.toContain(BOT_NICK);

    await tap(row(page, c2c()));
    await expect.poll(() => title(page).textContent()).toBe(REMARK);
    await backToList();
    await tap(row(page, group()));
    await messages(page).locator('.lc-row').filter({ hasText: '本周交货' }).getByText(REMARK).waitFor();
    await editor(page).click();
    await page.keyboard.type('@');
    await page.getByRole('listbox', { name: '选择要提醒的人' }).getByText(REMARK).waitFor();
    await page.screenshot({ path: join(SHOTS, `remark-group-${size.label}.png`) });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');
    await backToList();

    // Changed in Contacts; the list follows without a reload.
    await tap(page.getByRole('tab', { name: /通讯录/ }));
    const contacts = page.getByRole('navigation', { name: '通讯录列表' });
    const friends = contacts.getByRole('list', { name: '我的好友' });
    if (!(await friends.isVisible())) await tap(contacts.getByRole('button', { name: /^我的好友/ }));
    await tap(friends.getByRole('button', { name: new RegExp(REMARK.replace(/[()（）]/g, '.')) }));
    const remark = page.getByRole('article').getByRole('textbox', { name: '备注名' });
    await remark.fill(NEW_REMARK);
    await tap(page.getByRole('article').getByRole('button', { name: '保存备注' }));
    await page.locator('.lc-toast__text', { hasText: '修改备注成功' }).waitFor();
    if (size.isMobile) await page.getByRole('button', { name: '返回' }).tap();
    await tap(page.getByRole('tab', { name: /消息/ }));
    await expect.poll(() => row(page, c2c()).textContent()).toContain(NEW_REMARK);
    await expect.poll(() => row(page, group()).textContent()).toContain(`${NEW_REMARK}: 本周交货`);
    await page.screenshot({ path: join(SHOTS, `remark-list-${size.label}.png`) });
  });

  it('shows a reply that failed on its row, near the top, with its preview and the failed mark', async () => {
    await tap(row(page, `C2C${STRICT}`));
    await editor(page).click();
    await page.keyboard.type('请再考虑一下');
    await page.keyboard.press('Enter');
    await backToList();
    const failed = row(page, `C2C${STRICT}`);
    await failed.getByRole('img', { name: '发送失败' }).waitFor();
    expect(await failed.textContent()).toContain('请再考虑一下');
    expect(await conversationList(page).getByRole('button').nth(1).getAttribute('data-conversation-id')).toBe(
      `C2C${STRICT}`,
    );
    await page.locator('.lc-toasts').waitFor({ state: 'detached', timeout: 10_000 });
    await page.screenshot({ path: join(SHOTS, `failed-row-${size.label}.png`) });
  });

  // Pasting pictures is a desktop feature (spec chat.md §5); phones pick them from the toolbar.
  it.runIf(!size.isMobile)('sends text, a pasted picture and the text after it in the order composed', async () => {
    await tap(row(page, c2c()));
    await editor(page).click();
    await page.keyboard.type('图纸如下');
    await editor(page).evaluate((element, base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], '图纸.png', { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PNG_BASE64);
    await editor(page).locator('img[alt="图纸.png"]').waitFor();
    await page.keyboard.type('请确认尺寸');
    await page.screenshot({ path: join(SHOTS, `paste-inline-${size.label}.png`) });
    await page.keyboard.press('Enter');
    const rows = messages(page).locator('.lc-row');
    await rows.filter({ hasText: '请确认尺寸' }).waitFor();
    const order = await rows.evaluateAll((elements) =>
      elements
        .slice(-3)
        .map((element) => (element.querySelector('.lc-image') ? '[image]' : (element.textContent ?? ''))),
    );
    expect(order[0]).toContain('图纸如下');
    expect(order[1]).toBe('[image]');
    expect(order[2]).toContain('请确认尺寸');
    await page.screenshot({ path: join(SHOTS, `paste-sent-${size.label}.png`) });
  });

  it('offers the groups I am in as forward targets, and not the one I was removed from', async () => {
    await tap(row(page, c2c()));
    const bubble = messages(page).locator('.lc-row').filter({ hasText: '报价单已发' }).locator('.lc-bubble');
    await bubble.waitFor();
    if (size.isMobile) await longPress(page, bubble, page.getByRole('menu', { name: '消息操作' }));
    else await bubble.click({ button: 'right' });
    await tap(page.getByRole('menu', { name: '消息操作' }).getByRole('menuitem', { name: '转发' }));
    const targets = page.getByRole('dialog', { name: '转发' }).getByRole('list', { name: '转发到以下会话' });
    await targets.getByText(`铝材采购群-${size.account}`).waitFor();
    expect(await targets.textContent()).not.toContain('已移出的群');
    await page.screenshot({ path: join(SHOTS, `forward-targets-${size.label}.png`) });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '转发' }).waitFor({ state: 'detached' });
    await backToList();
  });
});

/** A real finger (CDP touch events) held 600 ms on the middle of `target` until `opens` shows, then lifted. */
async function longPress(page: Page, target: Locator, opens: Locator = menu(page)): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  const cdp = await page.context().newCDPSession(page);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(600);
  await opens.waitFor();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
