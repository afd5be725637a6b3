import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { axeViolations } from './axe';
import { launchChromium } from './browser';
import { openMessageCentre, startPortal } from './portal-harness';

/**
 * Contacts in the chat kit, in Chromium against the built app and a real server (spec portal.md
 * §2 "Contacts", §4, §6, §8; chat.md §4 "Create conversation"): 张伟 (desktop) finds 李娜 by his
 * mobile number and asks to be friends; 李娜 (phone) sees the request with its count and accepts;
 * 张伟 adds 王芳, who lets anyone add her, by her login name. 张伟 starts a one-to-one chat and a
 * group chat from the select-friend dialog; then 李娜 blocks him and his next message fails with
 * the blocked toast. Screenshots at 1440×900 and 390×844 land in E2E_SCREENSHOTS (a temporary
 * folder by default) for a person to look at.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-contacts');
const GROUP_NAME = '华东采购群';

let server: LiaisonServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let wang: Chat;
let zhangID = '';
let liID = '';
let zhang: Page;
let li: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  const people = await server.db.query<{ login_name: string; user_id: string }>(
    "SELECT login_name, user_id FROM portal_accounts WHERE login_name IN ('zhangwei', 'lina', 'wangfang')",
  );
  const idOf = (name: string) => people.find((p) => p.login_name === name)?.user_id ?? '';
  [zhangID, liID] = [idOf('zhangwei'), idOf('lina')];
  // 王芳 lets anyone add her as a friend (her profile's add-friend permission).
  wang = await connect(server, idOf('wangfang'));
  await wang.updateMyProfile({ allowType: 'AllowType_Type_AllowAny' });
  [zhang, li] = await Promise.all([messageCentreAs('zhangwei'), messageCentreAs('lina', { phone: true })]);
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await wang?.logout().catch(() => undefined);
  await server?.close();
});

async function messageCentreAs(account: string, options: { phone?: boolean } = {}): Promise<Page> {
  const { context, page } = await openMessageCentre(server, browser, account, { ...options, viewport: DESKTOP });
  contexts.push(context);
  return page;
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const contactList = (page: Page) => page.getByRole('navigation', { name: '通讯录列表' });
const section = (page: Page, name: string) => contactList(page).getByRole('button', { name: new RegExp(`^${name}`) });
const card = (page: Page) => page.getByRole('article');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: '搜索用户和群组' });
/** The toast that says exactly `text`. */
const toast = (page: Page, text: string) => page.locator('.lc-toast__text', { hasText: text });
const row = (page: Page, conversationID: string) => page.locator(`[data-conversation-id="${conversationID}"]`);
const messages = (page: Page) => page.getByRole('region', { name: '消息列表' });
const editor = (page: Page) => page.getByRole('textbox', { name: '消息输入框' });
const bubbleRow = (page: Page, text: string) => messages(page).locator('.lc-row').filter({ hasText: text });

async function press(page: Page, target: Locator): Promise<void> {
  if (page.viewportSize()?.width === PHONE.width) await target.tap();
  else await target.click();
}

async function send(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await bubbleRow(page, text).waitFor();
}

/** A screenshot of the page; toasts (which come and go) are waited out unless they are the point. */
async function shoot(page: Page, name: string, options: { withToasts?: boolean } = {}): Promise<void> {
  if (!options.withToasts) await page.locator('.lc-toasts').waitFor({ state: 'detached', timeout: 10_000 });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/**
 * Toasts cover nothing a reader needs: no message, no line of an open card, not the portal's
 * cooperation reminder (issue 24: they sat over all three).
 */
async function expectToastsClear(page: Page): Promise<void> {
  const toasts = await boxesOf(page.locator('.lc-toast'));
  expect(toasts.length).toBeGreaterThan(0);
  const content = await boxesOf(page.locator('.lc-row, .lc-card__head, .lc-card__part, .todo-bar'));
  const overlaps = toasts.flatMap((t) =>
    content.filter((c) => t.x < c.x + c.width && c.x < t.x + t.width && t.y < c.y + c.height && c.y < t.y + t.height),
  );
  expect(overlaps).toEqual([]);
}

type Box = { x: number; y: number; width: number; height: number };

async function boxesOf(locator: Locator): Promise<Box[]> {
  const boxes = await Promise.all((await locator.all()).map((item) => item.boundingBox()));
  return boxes.filter((box): box is Box => box !== null && box.width > 0 && box.height > 0);
}

describe('contacts', () => {
  it('张伟 finds 李娜 by mobile number and asks; 李娜 sees the request and its count, accepts, and both see each other', async () => {
    await tab(zhang, /通讯录/).click();
    await searchBox(zhang).fill('13800000002');
    await searchBox(zhang).press('Enter');
    await zhang.getByRole('list', { name: '用户' }).getByRole('button', { name: /李娜/ }).click();
    await expect.poll(() => card(zhang).getByLabel('验证信息').inputValue()).toBe('我是张伟');
    // The mobile number found him and is shown nowhere; nor is his internal user ID on the card.
    expect(await zhang.locator('.lc-contacts').textContent()).not.toContain('13800000002');
    expect(await card(zhang).textContent()).not.toContain(liID);
    await card(zhang).getByRole('button', { name: '添加好友' }).click();
    await toast(zhang, '申请已发送').waitFor();
    await card(zhang).getByText('等待验证').waitFor();
    await shoot(zhang, 'contacts-search-desktop');

    // 李娜 sees the count on the contacts tab and on the section.
    await tab(li, /1 条未读好友申请/).waitFor();
    await press(li, tab(li, /通讯录/));
    await expect.poll(() => section(li, '好友申请').textContent()).toContain('1 条未读');
    await shoot(li, 'contacts-list-phone');
    await press(li, section(li, '好友申请'));
    await expect.poll(() => section(li, '好友申请').textContent()).not.toContain('未读');
    await press(li, contactList(li).getByRole('button', { name: /张伟/ }));
    await card(li).getByText('我是张伟').waitFor();
    expect(await card(li).textContent()).not.toContain(zhangID);
    await shoot(li, 'contacts-application-card-phone');
    await press(li, card(li).getByRole('button', { name: '同意' }));
    await toast(li, '添加好友成功').waitFor();
    await card(li).getByRole('button', { name: '发送消息' }).waitFor();
    await shoot(li, 'contacts-card-phone');
    await press(li, card(li).getByRole('button', { name: '返回' }));
    await press(li, section(li, '我的好友'));
    await contactList(li).getByRole('list', { name: '我的好友' }).getByRole('button', { name: /张伟/ }).waitFor();

    // 张伟's card turns into a friend's by itself, and his list has 李娜.
    await card(zhang).getByRole('button', { name: '发送消息' }).waitFor();
    await searchBox(zhang).fill('');
    await section(zhang, '我的好友').click();
    await contactList(zhang).getByRole('list', { name: '我的好友' }).getByRole('button', { name: /李娜/ }).waitFor();
  });

  it('张伟 adds 王芳 by her login name, friends at once since she lets anyone add her', async () => {
    await searchBox(zhang).fill('wangfang');
    await searchBox(zhang).press('Enter');
    await zhang.getByRole('list', { name: '用户' }).getByRole('button', { name: /王芳/ }).click();
    await card(zhang).getByRole('button', { name: '添加好友' }).click();
    await toast(zhang, '添加好友成功').waitFor();
    await card(zhang).getByRole('button', { name: '发送消息' }).waitFor();
    await searchBox(zhang).fill('');
    await contactList(zhang).getByRole('list', { name: '我的好友' }).getByRole('button', { name: /王芳/ }).click();
    await card(zhang).getByRole('switch', { name: '加入黑名单' }).waitFor();
    await shoot(zhang, 'contacts-card-desktop');
    for (const name of ['好友申请', '我的群聊', '黑名单']) await section(zhang, name).click();
    expect(await axeViolations(zhang, '.lc-contacts')).toEqual([]);
    await shoot(zhang, 'contacts-sections-desktop');
  });

  it('starts a one-to-one chat from the select-friend dialog, and the message arrives', async () => {
    await tab(zhang, /消息/).click();
    await zhang.getByRole('button', { name: '发起单聊' }).click();
    const dialog = zhang.getByRole('dialog', { name: '发起单聊' });
    await dialog.getByRole('radio', { name: '李娜' }).check();
    await shoot(zhang, 'picker-c2c-desktop');
    expect(await axeViolations(zhang, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: '开始聊天' }).click();
    await expect.poll(() => zhang.locator('.lc-chat__title').textContent()).toBe('李娜');
    await send(zhang, '李总好，样品已寄出');

    await press(li, tab(li, /消息/));
    await press(li, row(li, `C2C${zhangID}`));
    await bubbleRow(li, '李总好，样品已寄出').waitFor();
    await press(li, li.getByRole('button', { name: '返回' }));
  });

  it('starts a group chat with two friends; it is in both lists under its name', async () => {
    await zhang.getByRole('button', { name: '发起群聊' }).click();
    const picker = zhang.getByRole('dialog', { name: '发起群聊' });
    await picker.getByRole('checkbox', { name: '李娜' }).check();
    await picker.getByRole('checkbox', { name: '王芳' }).check();
    await shoot(zhang, 'picker-group-desktop');
    await picker.getByRole('button', { name: '下一步' }).click();
    const form = zhang.getByRole('dialog', { name: '创建群聊' });
    const create = form.getByRole('button', { name: '创建' });
    expect(await create.isDisabled()).toBe(true);
    await form.getByLabel('群名称').fill(GROUP_NAME);
    await shoot(zhang, 'create-group-desktop');
    await create.click();
    await toast(zhang, '群组创建成功').waitFor();
    await expect.poll(() => zhang.locator('.lc-chat__title').textContent()).toBe(GROUP_NAME);
    const mine = zhang.locator('[data-conversation-id^="GROUP"]', { hasText: GROUP_NAME });
    await mine.waitFor();
    const groupConversation = (await mine.getAttribute('data-conversation-id')) ?? '';
    await row(li, groupConversation).filter({ hasText: GROUP_NAME }).waitFor();

    // On the phone the two ways to start sit behind one button; the picker fits the screen.
    await press(li, li.getByRole('button', { name: '发起会话' }));
    await press(li, li.getByRole('menuitem', { name: '发起群聊' }));
    const phonePicker = li.getByRole('dialog', { name: '发起群聊' });
    await phonePicker.getByRole('checkbox', { name: '张伟' }).check();
    await shoot(li, 'picker-group-phone');
    expect(await axeViolations(li, '[role="dialog"]')).toEqual([]);
    await li.keyboard.press('Escape');
    await phonePicker.waitFor({ state: 'detached' });
  });

  it('李娜 blocks 张伟, whose next message fails with the blocked toast', async () => {
    await press(li, tab(li, /通讯录/));
    await press(li, contactList(li).getByRole('list', { name: '我的好友' }).getByRole('button', { name: /张伟/ }));
    const blocked = card(li).getByRole('switch', { name: '加入黑名单' });
    await press(li, blocked);
    await expect.poll(() => blocked.getAttribute('aria-checked')).toBe('true');
    await press(li, card(li).getByRole('button', { name: '返回' }));
    await press(li, section(li, '黑名单'));
    await contactList(li).getByRole('list', { name: '黑名单' }).getByRole('button', { name: /张伟/ }).waitFor();

    await row(zhang, `C2C${liID}`).click();
    await editor(zhang).click();
    await zhang.keyboard.type('还在吗');
    await zhang.keyboard.press('Enter');
    await toast(zhang, '您已被对方拉黑，禁止发送消息').waitFor();
    await bubbleRow(zhang, '还在吗').getByRole('button', { name: '发送失败，点击重发' }).waitFor();
    await zhang.locator('.todo-bar').waitFor();
    await expectToastsClear(zhang);
    await shoot(zhang, 'blocked-send-desktop', { withToasts: true });
  });
});

describe('a request to join a group that needs approval', () => {
  it('turns the card into its 已申请 state once sent, on a desktop and on a phone', async () => {
    await wang.createGroup({
      type: 'Public',
      name: '宁波模具采购群',
      groupID: 'qc-apply',
      joinOption: 'NeedPermission',
    });
    for (const page of [zhang, li]) {
      await page.reload();
      await press(page, tab(page, /通讯录/));
      await searchBox(page).fill('qc-apply');
      await searchBox(page).press('Enter');
      await press(page, page.getByRole('list', { name: '群组' }).getByRole('button', { name: /宁波模具采购群/ }));
      await card(page).getByLabel('验证信息').fill('想加入采购群');
      await press(page, card(page).getByRole('button', { name: '发送加群申请' }));
      await card(page).getByRole('status').getByText('等待管理员同意').waitFor();
      expect(await card(page).getByRole('button', { name: '已申请' }).isDisabled()).toBe(true);
      // The form is gone: nothing invites a second request.
      expect(await card(page).getByLabel('验证信息').count()).toBe(0);
      expect(await card(page).getByRole('button', { name: '发送加群申请' }).count()).toBe(0);
      await expectToastsClear(page);
    }
    await shoot(zhang, 'group-applied-desktop', { withToasts: true });
    await shoot(li, 'group-applied-phone', { withToasts: true });
  });
});
