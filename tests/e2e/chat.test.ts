import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * The chat kit in the message centre: two demo people (张伟 and 李娜, who already share a
 * conversation and a group) in two browser contexts, against the built app and a real server.
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

async function messageCentreAs(account: string, options: { mobile?: boolean; isWide?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    ...(options.mobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
    ...(options.isWide ? { viewport: { width: 1440, height: 900 } } : {}),
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, account, DEMO_PASSWORD);
  await page.goto(`${server.url}/manageCenter/message`);
  await conversationList(page).waitFor();
  return page;
}

const conversationList = (page: Page) => page.getByRole('list', { name: '会话列表' });
const conversation = (page: Page, name: string) =>
  conversationList(page)
    .getByRole('button')
    .filter({ has: page.getByText(name, { exact: true }) });
const messages = (page: Page) => page.getByRole('region', { name: '消息列表' });
const editor = (page: Page) => page.getByRole('textbox', { name: '消息输入框' });

async function send(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function unreadText(item: Locator): Promise<string> {
  return (await item.textContent()) ?? '';
}

describe('chatting in the message centre', () => {
  let zhang: Page;
  let li: Page;

  it('shows unread history, chats live both ways, and clears the badge on opening', async () => {
    [zhang, li] = await Promise.all([messageCentreAs('zhangwei'), messageCentreAs('lina')]);
    // The seeded history ends with 李娜's message, unread for 张伟.
    await expect.poll(() => unreadText(conversation(zhang, '李娜')), { timeout: 20_000 }).toContain('1 条未读消息');

    await conversation(zhang, '李娜').click();
    await messages(zhang).getByText('好的，辛苦了！').waitFor();
    await expect.poll(() => unreadText(conversation(zhang, '李娜')), { timeout: 20_000 }).not.toContain('未读');

    await send(zhang, '李总，报价单已经发您了');
    await messages(zhang).getByText('李总，报价单已经发您了').waitFor();
    await expect.poll(() => unreadText(conversation(li, '张伟')), { timeout: 20_000 }).toContain('1 条未读消息');
    await send(zhang, '请查收');
    await expect.poll(() => unreadText(conversation(li, '张伟')), { timeout: 20_000 }).toContain('2 条未读消息');

    await conversation(li, '张伟').click();
    await messages(li).getByText('请查收').waitFor();
    await expect.poll(() => unreadText(conversation(li, '张伟')), { timeout: 20_000 }).not.toContain('未读');
    await send(li, '收到，谢谢张总');
    // 张伟 has the conversation open: the reply appears there at once, with no badge.
    await messages(zhang).getByText('收到，谢谢张总').waitFor();
    expect(await unreadText(conversation(zhang, '李娜'))).not.toContain('未读');
  });

  it('finds the history again after a reload', async () => {
    await zhang.reload();
    await conversation(zhang, '李娜').click();
    for (const text of ['好的，辛苦了！', '李总，报价单已经发您了', '请查收', '收到，谢谢张总']) {
      await messages(zhang).getByText(text).waitFor();
    }
  });

  it('keeps a draft across conversation switches', async () => {
    await editor(zhang).click();
    await zhang.keyboard.type('明天下午三点开会');
    await conversation(zhang, '长三角供应链交流群').click();
    await messages(zhang).getByText('大家好，我是苏州精工智造的张伟', { exact: false }).waitFor();
    await expect.poll(() => unreadText(conversation(zhang, '李娜'))).toContain('[草稿]');
    await conversation(zhang, '李娜').click();
    await expect.poll(() => editor(zhang).textContent()).toContain('明天下午三点开会');
    await editor(zhang).click();
    await zhang.keyboard.press('Control+A');
    await zhang.keyboard.press('Delete');
  });

  it('does not send when Enter ends an IME composition', async () => {
    const before = await messages(li).getByText('拼音输入').count();
    await editor(zhang).click();
    // Chinese input: the IME composes, and the Enter that commits the composition is not a send.
    const cdp = await zhang.context().newCDPSession(zhang);
    await cdp.send('Input.imeSetComposition', { text: 'pinyin', selectionStart: 6, selectionEnd: 6 });
    await editor(zhang).evaluate((element) => {
      element.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true, bubbles: true }),
      );
    });
    await cdp.send('Input.insertText', { text: '拼音输入' });
    await expect.poll(() => editor(zhang).textContent()).toContain('拼音输入');
    await zhang.waitForTimeout(500);
    expect(await messages(li).getByText('拼音输入').count()).toBe(before);
    expect(await messages(zhang).getByText('pinyin', { exact: false }).count()).toBe(0);
    await zhang.keyboard.press('Enter');
    await messages(li).getByText('拼音输入').waitFor();
  });
});

describe('chatting on a phone-sized screen', () => {
  it('gives the conversation list the screen: the portal header and menus take a slim top only on a phone', async () => {
    const [desktop, phone] = await Promise.all([
      messageCentreAs('lina', { isWide: true }),
      messageCentreAs('lina', { mobile: true }),
    ]);
    // A desktop keeps the whole header, its links and the name bar with the logout.
    await desktop.getByRole('navigation', { name: '主导航' }).waitFor();
    await desktop.getByRole('button', { name: '退出登录' }).waitFor();
    // On a phone the site's links and the name bar give way; the management menu stays, slim.
    const menu = phone.getByRole('navigation', { name: '管理中心导航' });
    await menu.getByText('我的消息').waitFor();
    expect(await phone.getByRole('navigation', { name: '主导航' }).isVisible()).toBe(false);
    const menuBox = await menu.boundingBox();
    expect((menuBox?.y ?? 844) + (menuBox?.height ?? 0)).toBeLessThanOrEqual(844 * 0.12);
    const firstRow = await conversationList(phone).getByRole('button').first().boundingBox();
    expect(firstRow?.y).toBeLessThanOrEqual(844 * 0.35);
    await phone.screenshot({ path: fileURLToPath(new URL('./screenshots/messages-list-390.png', import.meta.url)) });
    await desktop.screenshot({ path: fileURLToPath(new URL('./screenshots/messages-list-1440.png', import.meta.url)) });
  });

  it('shows the list, then the chat alone, and goes back with the back button', async () => {
    const phone = await messageCentreAs('lina', { mobile: true });
    // The management centre's menu runs across the top on a phone.
    await phone.getByRole('navigation', { name: '管理中心导航' }).getByText('我的消息').waitFor();
    await conversation(phone, '张伟').tap();
    await messages(phone).waitFor();
    expect(await conversationList(phone).isVisible()).toBe(false);
    await send(phone, '手机上也能聊');
    await messages(phone).getByText('手机上也能聊').waitFor();
    await phone.getByRole('button', { name: '返回' }).tap();
    await conversationList(phone).waitFor();
    expect(await messages(phone).isVisible()).toBe(false);
  });
});
