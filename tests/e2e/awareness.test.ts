import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '@liaison/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { ensureUser } from '../../apps/server/src/im/profiles/users';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * What two people learn about each other in the chat kit, in Chromium against the built app and a
 * real server: 张伟 and 李娜 (demo people who share a conversation) see each other type, react to
 * messages and take reactions back, read each other's group messages (the read-receipt panel fills
 * as it is scrolled), see each other online and then not, and get a desktop notification while the
 * tab is hidden. Screenshots at 1440×900 and 390×844 land in E2E_SCREENSHOTS (a temporary folder
 * by default) for a person to look at.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-awareness');
const GROUP_NAME = '质量回执测试群';
/** Members besides 张伟, 李娜 and the bot that owns the group: more than one page (100) of unread members. */
const EXTRA_MEMBERS = 128;
const READERS = 3;

let server: LiaisonServer;
let browser: Browser;
let owner: Chat;
const bots: Chat[] = [];
const contexts: BrowserContext[] = [];
let zhangID = '';
let liID = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  const people = await server.db.query<{ login_name: string; user_id: string }>(
    "SELECT login_name, user_id FROM portal_accounts WHERE login_name IN ('zhangwei', 'lina')",
  );
  zhangID = people.find((p) => p.login_name === 'zhangwei')?.user_id ?? '';
  liID = people.find((p) => p.login_name === 'lina')?.user_id ?? '';
  owner = await connect(server, 'receipt_owner');
  const members = Array.from({ length: EXTRA_MEMBERS }, (_, i) => `qc_member_${String(i).padStart(3, '0')}`);
  for (const userID of members) await ensureUser(server.db, userID);
  await owner.createGroup({
    type: 'Private',
    name: GROUP_NAME,
    groupID: 'qc-receipts',
    memberList: [zhangID, liID, ...members].map((userID) => ({ userID })),
  });
  for (const userID of members.slice(0, READERS)) bots.push(await connect(server, userID));
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await Promise.all([owner, ...bots].map((chat) => chat?.logout().catch(() => undefined)));
  await server?.close();
});

/**
 * Records desktop notifications instead of showing them, and lets a test hide the tab: headless
 * Chromium has no desktop to show them on, and every page counts as visible and focused.
 */
function recordNotificationsAndVisibility() {
  const win = window as unknown as {
    __notifications: Array<{ title: string; body: string; tag: string; onclick: (() => void) | null }>;
    __setHidden(hidden: boolean): void;
  };
  win.__notifications = [];
  const Real = window.Notification;
  let permission: NotificationPermission = Real ? Real.permission : 'denied';
  // The browser's own answer, which the context granted: the headless shell (the Chromium inside
  // @sparticuz/chromium) says 'denied' in Notification.permission whatever was granted.
  void navigator.permissions?.query({ name: 'notifications' }).then((status) => {
    permission = status.state === 'prompt' ? 'default' : status.state;
  });
  class RecordingNotification {
    static get permission() {
      return permission;
    }
    static requestPermission() {
      return Real ? Real.requestPermission() : Promise.resolve('denied');
    }
    title: string;
    body: string;
    tag: string;
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      this.title = title;
      this.body = options.body ?? '';
      this.tag = options.tag ?? '';
      win.__notifications.push(this);
    }
    close() {}
  }
  Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true, writable: true });
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(Document.prototype, 'hidden', { get: () => hidden });
  const hasFocus = Document.prototype.hasFocus;
  Document.prototype.hasFocus = function hasFocusUnlessHidden() {
    return !hidden && hasFocus.call(this);
  };
  win.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event(value ? 'blur' : 'focus'));
  };
}

async function messageCentreAs(
  account: 'zhangwei' | 'lina',
  options: { phone?: boolean; notifications?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    ...(options.phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: DESKTOP }),
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  if (options.notifications) {
    await context.grantPermissions(['notifications'], { origin: server.url });
    await context.addInitScript(recordNotificationsAndVisibility);
  }
  const page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, account, DEMO_PASSWORD);
  await page.goto(`${server.url}/manageCenter/message`);
  await conversationList(page).waitFor();
  return page;
}

const conversationList = (page: Page) => page.getByRole('list', { name: '会话列表' });
const row = (page: Page, conversationID: string) => page.locator(`[data-conversation-id="${conversationID}"]`);
const messages = (page: Page) => page.getByRole('region', { name: '消息列表' });
const editor = (page: Page) => page.getByRole('textbox', { name: '消息输入框' });
const title = (page: Page) => page.locator('.lc-chat__title');
const bubbleRow = (page: Page, text: string) => messages(page).locator('.lc-row').filter({ hasText: text });

async function open(page: Page, conversationID: string): Promise<void> {
  await row(page, conversationID).click();
  await messages(page).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await bubbleRow(page, text).waitFor();
}

/** The unread count the kit puts in front of the tab's title ('(3) 我的消息 - …'), 0 without one. */
function unreadInTitle(text: string): number {
  return Number(/^\((\d+)\+?\) /.exec(text)?.[1] ?? 0);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe('awareness between two people', () => {
  let zhang: Page;
  let li: Page;

  beforeAll(async () => {
    [zhang, li] = await Promise.all([messageCentreAs('zhangwei', { notifications: true }), messageCentreAs('lina')]);
    await open(zhang, `C2C${liID}`);
    await open(li, `C2C${zhangID}`);
  }, 60_000);

  it('shows "the other party is typing…" in the header while the peer types, then the name again', async () => {
    await expect.poll(() => title(li).textContent()).toBe('张伟');
    await editor(zhang).click();
    await zhang.keyboard.type('报价我再核');
    await expect.poll(() => title(li).textContent()).toBe('对方正在输入…');
    await shoot(li, 'typing-desktop');
    await zhang.keyboard.press('Enter');
    await expect.poll(() => title(li).textContent()).toBe('张伟');
  });

  it('reads "已读" under my C2C message once the peer has it open', async () => {
    await send(zhang, '样品明天寄出');
    const status = bubbleRow(zhang, '样品明天寄出').locator('.lc-read-status');
    // 李娜 has the conversation open, so it is read as it arrives.
    await expect.poll(() => status.textContent()).toBe('已读');
  });

  it('reacts to a message, shows who reacted on hover, and takes the reaction back', async () => {
    await send(li, '合同已盖章');
    const theirs = bubbleRow(zhang, '合同已盖章');
    await theirs.waitFor();
    await theirs.locator('.lc-bubble').click({ button: 'right' });
    const menu = zhang.getByRole('menu');
    await menu.getByRole('menuitem', { name: '点赞', exact: true }).click();
    const mine = theirs.getByRole('button', { name: '点赞：1，包括你' });
    await mine.waitFor();
    expect(await mine.getAttribute('aria-pressed')).toBe('true');

    // 李娜 sees it live, not as hers, and who gave it on hover.
    const hers = bubbleRow(li, '合同已盖章').getByRole('button', { name: '点赞：1', exact: true });
    await hers.waitFor();
    expect(await hers.getAttribute('aria-pressed')).toBe('false');
    await hers.hover();
    await expect.poll(() => li.getByRole('tooltip').textContent()).toContain('张伟');
    await shoot(li, 'reaction-hover-desktop');

    await mine.click();
    await bubbleRow(li, '合同已盖章').locator('.lc-reactions').waitFor({ state: 'detached' });
    expect(await theirs.locator('.lc-reactions').count()).toBe(0);
  });

  it('shows a desktop notification for a message that arrives while the tab is hidden; a click opens it', async () => {
    await open(zhang, 'GROUPqc-receipts');
    // Other conversations (the demo's history) may be unread already: the title counts them all.
    const unreadBefore = unreadInTitle(await zhang.title());
    await zhang.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(true));
    await send(li, '下午三点开会');
    const shown = () =>
      zhang.evaluate(() =>
        (window as unknown as { __notifications: Array<{ title: string; body: string }> }).__notifications.map(
          (n) => `${n.title}|${n.body}`,
        ),
      );
    await expect.poll(shown).toEqual(['李娜|下午三点开会']);
    await expect.poll(async () => unreadInTitle(await zhang.title())).toBe(unreadBefore + 1);
    await zhang.evaluate(() => {
      const win = window as unknown as { __notifications: Array<{ onclick: (() => void) | null }> };
      win.__notifications[0]?.onclick?.();
    });
    await zhang.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(false));
    await expect.poll(() => title(zhang).textContent()).toBe('李娜');
    await bubbleRow(zhang, '下午三点开会').waitFor();
    await expect.poll(async () => unreadInTitle(await zhang.title())).toBe(unreadBefore);
  });
});

describe('read receipts in a group', () => {
  it('counts readers as they see the message, and the panel lists read and unread members page by page', async () => {
    const [zhang, li] = await Promise.all([messageCentreAs('zhangwei'), messageCentreAs('lina')]);
    await open(zhang, 'GROUPqc-receipts');
    await send(zhang, '请各位确认本周质检报告');
    const label = bubbleRow(zhang, '请各位确认本周质检报告').locator('.lc-read-status');
    await expect.poll(() => label.textContent()).toBe('未读');

    // 李娜 opens the group and sees the message; three members read it on their phones.
    await open(li, 'GROUPqc-receipts');
    await bubbleRow(li, '请各位确认本周质检报告').waitFor();
    await expect.poll(() => label.textContent()).toBe('1人已读');
    for (const bot of bots) {
      const { data } = await bot.getMessageList({ conversationID: 'GROUPqc-receipts' });
      const target = data.messageList.filter((m: Message) => m.needReadReceipt);
      await bot.sendMessageReadReceipt(target);
    }
    const readers = READERS + 1;
    const members = EXTRA_MEMBERS + 3;
    const unread = members - 1 - readers;
    await expect.poll(() => label.textContent()).toBe(`${readers}人已读`);

    await label.click();
    const panel = zhang.getByRole('dialog', { name: '消息详情' });
    await panel.waitFor();
    await panel.getByRole('tab', { name: `已读（${readers}）` }).waitFor();
    const readList = panel.getByRole('list', { name: '已读成员' });
    await expect.poll(() => readList.getByRole('listitem').count()).toBe(readers);
    await expect.poll(() => readList.textContent()).toContain('李娜');
    await panel.getByText('加载完成').waitFor();
    await shoot(zhang, 'receipt-panel-desktop');

    await panel.getByRole('tab', { name: `未读（${unread}）` }).click();
    const unreadList = panel.getByRole('list', { name: '未读成员' });
    // One page of 100 first; the rest as the list is scrolled to its end.
    await expect.poll(() => unreadList.getByRole('listitem').count()).toBe(100);
    await unreadList.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect.poll(() => unreadList.getByRole('listitem').count()).toBe(unread);
    await panel.getByText('加载完成').waitFor();
    await panel.getByRole('button', { name: '关闭' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('opens the panel as a full-screen drawer on a phone and closes it', async () => {
    const phone = await messageCentreAs('zhangwei', { phone: true });
    await row(phone, 'GROUPqc-receipts').tap();
    const label = bubbleRow(phone, '请各位确认本周质检报告').locator('.lc-read-status');
    await label.tap();
    const panel = phone.getByRole('dialog', { name: '消息详情' });
    await panel.getByText('李娜').waitFor();
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await shoot(phone, 'receipt-panel-phone');
    await panel.getByRole('button', { name: '关闭' }).tap();
    await panel.waitFor({ state: 'detached' });
  });
});

describe('online status', () => {
  it('shows the peer’s dot in the conversation list, and turns it off when they close their tab', async () => {
    const li = await messageCentreAs('lina');
    const zhangContext = await browser.newContext({ locale: 'zh-CN', viewport: DESKTOP });
    contexts.push(zhangContext);
    const zhang = await zhangContext.newPage();
    await zhang.goto(`${server.url}/index`);
    await loginThroughPortal(server, zhang, 'zhangwei', DEMO_PASSWORD);
    await zhang.goto(`${server.url}/manageCenter/message`);
    await conversationList(zhang).waitFor();
    // Every other tab of 张伟's from the tests before closes too: only this one keeps him online.
    for (const context of contexts) if (context !== zhangContext && context !== li.context()) await context.close();

    const dot = row(li, `C2C${zhangID}`).locator('.lc-online-dot');
    await expect.poll(() => dot.getAttribute('data-status')).toBe('online');
    await shoot(li, 'online-dot-desktop');
    await zhangContext.close();
    await expect.poll(() => dot.getAttribute('data-status'), { timeout: 30_000 }).toBe('offline');
    expect(await row(li, `C2C${zhangID}`).textContent()).toContain('离线');
  });
});

describe.each([
  { size: 'desktop', phone: false },
  { size: 'phone', phone: true },
])('online status of a peer who blocks me, on a $size', ({ size, phone }) => {
  it('shows the peer offline while they block me, though still connected, and online again at the unblock', async () => {
    const li = await messageCentreAs('lina', { phone });
    const zhang = await connect(server, zhangID);
    bots.push(zhang);
    const dot = row(li, `C2C${zhangID}`).locator('.lc-online-dot');
    await expect.poll(() => dot.getAttribute('data-status')).toBe('online');
    await zhang.addToBlacklist({ userIDList: [liID] });
    await expect.poll(() => dot.getAttribute('data-status')).toBe('offline');
    await shoot(li, `blocked-offline-${size}`);
    await zhang.removeFromBlacklist({ userIDList: [liID] });
    await expect.poll(() => dot.getAttribute('data-status')).toBe('online');
    await zhang.logout();
  });
});

describe('on a phone', () => {
  it('reacts from the long-press menu and shows the bar and read status under the bubbles', async () => {
    const phone = await messageCentreAs('lina', { phone: true });
    await row(phone, `C2C${zhangID}`).tap();
    const message = bubbleRow(phone, '收到，我们工程部今天评估');
    await message.waitFor();
    await longPress(message.locator('.lc-bubble'));
    await shoot(phone, 'menu-phone');
    await phone.getByRole('menu').getByRole('menuitem', { name: '点赞', exact: true }).tap();
    await message.getByRole('button', { name: '点赞：1，包括你' }).waitFor();
    await shoot(phone, 'chat-phone');
    const box = await message.locator('.lc-reactions').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  });
});

/** A touch held for 700 ms (the message menu opens after 500 ms), as a finger does. */
async function longPress(target: ReturnType<Page['locator']>): Promise<void> {
  await target.evaluate(async (element) => {
    const rect = element.getBoundingClientRect();
    const touch = new Touch({
      identifier: 1,
      target: element,
      clientX: rect.left + rect.width / 2,
      clientY: rect.top + rect.height / 2,
    });
    const init = { bubbles: true, cancelable: true, composed: true };
    element.dispatchEvent(new TouchEvent('touchstart', { ...init, touches: [touch], changedTouches: [touch] }));
    await new Promise((resolve) => setTimeout(resolve, 700));
    element.dispatchEvent(new TouchEvent('touchend', { ...init, touches: [], changedTouches: [touch] }));
  });
}
