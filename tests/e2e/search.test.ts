import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Chat } from '../../apps/server/src/integration/harness';
import { axeViolations } from './axe';
import { botScene } from './bot-scene';

/**
 * Global search in Chromium against the built app and a real server (spec chat.md §2, §4
 * "Search"): 张伟 (a demo person) searches 报价, sees the matches grouped per conversation, opens
 * a conversation's hits and locates one 400 messages back in the chat; on a desktop and on a
 * phone. Screenshots land in E2E_SCREENSHOTS (a temporary folder by default) for a person to look at.
 */
const BOT = 'search_bot';
const BOT_NICK = '采购助理';
const FIRST_OFFER = '最早报价：Q235 钢板每吨 3950 元';
const FILLERS = 400;
const LATER_OFFERS = ['交期确认后再更新报价', '新的报价单已上传 PO-2026-118'];
const OFFER_FILE = '报价单-Q3.txt';

const scene = botScene({
  shots: 'liaison-search',
  bot: BOT,
  botNick: BOT_NICK,
  seedTimeout: 240_000,
  async seed(bot: Chat, to: string) {
    const send = (text: string) =>
      bot.sendMessage(bot.createTextMessage({ to, conversationType: 'C2C', payload: { text } }));
    await send(FIRST_OFFER);
    for (let i = 1; i <= FILLERS; i++) await send(`第${i}条物流进度：已到港`);
    for (const text of LATER_OFFERS) await send(text);
    await bot.sendMessage(
      bot.createFileMessage({ to, conversationType: 'C2C', payload: { file: textFile(OFFER_FILE) } }),
    );
  },
});

function textFile(name: string) {
  const bytes = new TextEncoder().encode('Q235 steel plate, 42 t at 3,950 CNY/t');
  return {
    name,
    size: bytes.length,
    type: 'text/plain',
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
  };
}

const centre = scene.openCentre;
const shot = scene.shot;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: '搜索消息、联系人和群组' });
const history = (page: Page) => page.getByRole('region', { name: '聊天记录' });
const chatList = (page: Page) => page.getByRole('region', { name: '消息列表' });
const botResult = (page: Page) => history(page).getByRole('button').filter({ hasText: BOT_NICK });
const hit = (page: Page, text: string): Locator =>
  page.locator('.lc-gsearch__hit').filter({ has: page.getByText(text, { exact: true }) });

async function search(page: Page, words: string): Promise<void> {
  await searchBox(page).click();
  await searchBox(page).fill(words);
  await searchBox(page).press('Enter');
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

/** The located message is drawn in the chat and inside the list's visible part. */
async function expectShownInChat(page: Page, text: string): Promise<void> {
  const row = chatList(page)
    .locator('.lc-row')
    .filter({ has: page.getByText(text, { exact: true }) });
  await row.first().waitFor();
  const [rowBox, listBox] = await Promise.all([row.first().boundingBox(), chatList(page).boundingBox()]);
  if (!rowBox || !listBox) throw new Error('the located message or the list is not on screen');
  expect(rowBox.y + rowBox.height).toBeGreaterThan(listBox.y);
  expect(rowBox.y).toBeLessThan(listBox.y + listBox.height);
}

describe('global search as 张伟', () => {
  it('on a desktop: finds 报价 grouped per conversation, opens the hits and locates one 400 messages back', async () => {
    const { page, errors } = await centre();
    await search(page, '报价');
    await botResult(page).waitFor();
    // Three texts and the offer file.
    expect(await botResult(page).textContent()).toContain('4条相关消息');
    // 李娜's one match shows as the message itself, the keyword marked.
    const lina = history(page).getByRole('button').filter({ hasText: '李娜' });
    expect(await lina.locator('mark').allTextContents()).toEqual(['报价']);
    await shot(page, 'desktop-all');
    expect(await axeViolations(page, '.lc-gsearch')).toEqual([]);

    await botResult(page).click();
    await page.getByRole('heading', { name: `“${BOT_NICK}”的4条相关消息` }).waitFor();
    await hit(page, FIRST_OFFER).waitFor();
    expect(await page.locator('.lc-gsearch__file-name').textContent()).toBe(OFFER_FILE);
    await shot(page, 'desktop-detail');
    expect(await axeViolations(page, '.lc-gsearch')).toEqual([]);

    await hit(page, FIRST_OFFER).getByRole('button', { name: '定位到聊天位置' }).click();
    await expectShownInChat(page, FIRST_OFFER);
    await shot(page, 'desktop-located');
    expect(errors).toEqual([]);
  }, 90_000);

  it('on a desktop: the type tabs, contacts and groups without time tabs, and the empty state', async () => {
    const { page } = await centre();
    await search(page, '报价');
    await botResult(page).waitFor();
    // The keyboard path: the clear icon, the type tabs (arrows), the time tabs, then the results.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('全部');
    await page.keyboard.press('ArrowRight');
    expect(await focusedText(page)).toBe('文本');
    await botResult(page).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toContain(BOT_NICK);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `“${BOT_NICK}”的3条相关消息` }).waitFor();
    await shot(page, 'desktop-keyboard');
    await page.getByRole('tab', { name: '文件' }).click();
    await page.locator('.lc-gsearch__row').filter({ hasText: OFFER_FILE }).waitFor();
    await shot(page, 'desktop-file');
    await search(page, '没有这个词');
    await page.getByText('暂无搜索结果').waitFor();
    await shot(page, 'desktop-empty');
    await search(page, '报价');
    await page.getByRole('radio', { name: '自定义' }).click();
    await page.getByLabel('开始日期').waitFor();
    await shot(page, 'desktop-custom-range');
    await search(page, '李娜');
    await page.getByRole('tab', { name: '联系人' }).click();
    await page.locator('.lc-gsearch__row').filter({ hasText: '李娜' }).first().waitFor();
    expect(await page.getByRole('radiogroup', { name: '时间' }).count()).toBe(0);
    await shot(page, 'desktop-contacts');
    await search(page, '长三角');
    await page.getByRole('tab', { name: '群组' }).click();
    await page.locator('.lc-gsearch__row').first().waitFor();
    await shot(page, 'desktop-groups');
    // Esc ends the search from anywhere in it.
    await page.getByRole('tab', { name: '群组' }).press('Escape');
    expect(await page.getByRole('tablist', { name: '搜索范围' }).count()).toBe(0);
    expect(await searchBox(page).inputValue()).toBe('');
  }, 90_000);

  it('on a phone: the search takes the screen, and Locate in chat ends it in the chat', async () => {
    const { page, errors } = await centre({ phone: true });
    await searchBox(page).click();
    await page.getByRole('button', { name: '取消' }).waitFor();
    await search(page, '报价');
    await botResult(page).waitFor();
    await shot(page, 'phone-all');
    await botResult(page).click();
    await hit(page, FIRST_OFFER).waitFor();
    await shot(page, 'phone-detail');
    await hit(page, FIRST_OFFER).getByRole('button', { name: '定位到聊天位置' }).click();
    expect(await searchBox(page).count()).toBe(0);
    await expectShownInChat(page, FIRST_OFFER);
    await shot(page, 'phone-located');
    expect(errors).toEqual([]);
  }, 90_000);
});
