import { readFile } from 'node:fs/promises';
import type { Message } from '@liaison/sdk';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '../../apps/server/src/integration/harness';
import { mp4, wav } from '../../apps/server/src/integration/media-samples';
import { axeViolations } from './axe';
import { botScene } from './bot-scene';

/**
 * Search in one conversation, in Chromium against the built app and a real server: a bot sends
 * 张伟 texts, files, pictures, a video and other kinds; 张伟 opens the search from the composer's
 * toolbar (the chat header on a phone), finds 报价 with the word marked, lists the files before
 * typing and downloads one (its bytes checked), sees the pictures as a grid and opens one. Every
 * screen lands in E2E_SCREENSHOTS (a temporary folder by default) for a person to look at.
 */
const BOT = 'search_bot';
const BOT_NICK = '采购助理';
const QUOTE_FILE = '铝合金结构件报价单-2026年第47周.csv';
const QUOTE_BYTES = '零件编号,数量,单价\nA1-6061,200,64.00\nB2-7075,80,118.50\n';
const NEWEST = '以上，请查收';
/** A search answers at once; on a busy machine (two cores, other suites running) it may take longer. */
const SLOW = { timeout: 15_000 };

const scene = botScene({
  shots: 'liaison-conversation-search',
  bot: BOT,
  botNick: BOT_NICK,
  seed,
  seedTimeout: 120_000,
});

async function seed(chat: Chat, to: string): Promise<void> {
  const c2c = { to, conversationType: 'C2C' as const };
  const send = async (message: Message) => (await chat.sendMessage(message)).data.message;
  const text = (words: string) => send(chat.createTextMessage({ ...c2c, payload: { text: words } }));
  const file = (name: string, bytes: string, type: string) =>
    send(chat.createFileMessage({ ...c2c, payload: { file: new File([bytes], name, { type }) } }));
  await text('张总您好，本周的报价单稍后发您');
  await file(QUOTE_FILE, QUOTE_BYTES, 'text/csv');
  await send(chat.createImageMessage({ ...c2c, payload: { file: await png(1200, 800, [20, 120, 200]) } }));
  await send(chat.createImageMessage({ ...c2c, payload: { file: await png(600, 900, [200, 120, 40]) } }));
  await text('采购订单 PO-2026-118 的交期确认为 3 月 18 日');
  await file('样品检测报告.pdf', '%PDF-1.4\n% test report\n', 'application/pdf');
  await send(
    chat.createVideoMessage({
      ...c2c,
      payload: { file: mp4(), snapshot: await png(640, 360, [40, 160, 90]), videoSecond: 12 },
    }),
  );
  await send(
    chat.createLocationMessage({
      ...c2c,
      payload: { description: '苏州工业园区星湖街328号', longitude: 120.7383, latitude: 31.2712 },
    }),
  );
  await send(chat.createAudioMessage({ ...c2c, payload: { file: wav(2), second: 2 } }));
  await text('新报价已更新：v2报价比上周低 3%，报价有效期 7 天');
  await text(NEWEST);
}

async function png(width: number, height: number, [r, g, b]: [number, number, number]): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return new File([bytes], 'photo.png', { type: 'image/png' });
}

async function openChat(options: { phone?: boolean } = {}): Promise<Page> {
  const { page } = await scene.openCentre(options);
  await page.locator(`[data-conversation-id="C2C${BOT}"]`).click();
  await page.getByRole('region', { name: '消息列表' }).getByText(NEWEST).waitFor();
  return page;
}

const panelOf = (page: Page) => page.getByRole('dialog', { name: '搜索聊天记录' });
const statusOf = (panel: Locator) => panel.getByRole('tabpanel').getByRole('status');

async function search(panel: Locator, words: string): Promise<void> {
  const input = panel.getByRole('searchbox', { name: '搜索本会话' });
  await input.fill(words);
  await input.press('Enter');
}

describe('searching one conversation on a desktop', () => {
  let page: Page;
  let panel: Locator;

  beforeAll(async () => {
    page = await openChat();
  }, 60_000);

  it('opens from the end of the toolbar with the focus in the input, and asks for a keyword', async () => {
    const toolbar = page.getByRole('toolbar');
    const button = toolbar.getByRole('button', { name: '搜索聊天记录' });
    await expect(toolbar.getByRole('button').last().getAttribute('aria-label')).resolves.toBe('搜索聊天记录');
    await button.click();
    panel = panelOf(page);
    await expect(panel.getByRole('searchbox').evaluate((input) => input === document.activeElement)).resolves.toBe(
      true,
    );
    await expect(statusOf(panel).textContent()).resolves.toBe('输入关键词后按回车搜索消息');
    await scene.shot(page, 'desktop-open');
  });

  it('finds 报价 in the texts, newest first, with the word marked', async () => {
    await search(panel, '报价');
    await expect.poll(() => statusOf(panel).textContent(), SLOW).toBe('共 2 条结果');
    const texts = panel.locator('.lc-csearch__text');
    await expect(texts.allInnerTexts()).resolves.toEqual([
      '新报价已更新：v2报价比上周低 3%，报价有效期 7 天',
      '张总您好，本周的报价单稍后发您',
    ]);
    await expect(texts.first().locator('mark').allInnerTexts()).resolves.toEqual(['报价', '报价', '报价']);
    await expect(panel.locator('.lc-csearch__sender').first().textContent()).resolves.toBe(BOT_NICK);
    await scene.shot(page, 'desktop-text');
    await expect(axeViolations(page, '.lc-csearch')).resolves.toEqual([]);
  });

  it('lists the files and downloads one with its bytes', async () => {
    await panel.getByRole('tab', { name: '文件' }).click();
    await expect.poll(() => statusOf(panel).textContent(), SLOW).toBe('共 1 条结果');
    // The keyword stays: only the quote's file holds 报价; without it both files are listed.
    await panel.getByRole('button', { name: '清空' }).click();
    await expect.poll(() => statusOf(panel).textContent(), SLOW).toBe('共 2 条结果');
    await expect(panel.locator('.lc-csearch__file-name').allInnerTexts()).resolves.toEqual([
      '样品检测报告.pdf',
      QUOTE_FILE,
    ]);
    await scene.shot(page, 'desktop-files');
    // From the tabs the keyboard goes on to the time filter, then into the results.
    await panel.getByRole('tab', { name: '文件' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('全部');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('定位到聊天位置');
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: `下载 ${QUOTE_FILE}` }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe(QUOTE_FILE);
    await expect(readFile((await saved.path()) ?? '', 'utf8')).resolves.toBe(QUOTE_BYTES);
  });

  it('shows the pictures and the video as a grid; a picture opens the previewer', async () => {
    await panel.getByRole('tab', { name: '图片/视频' }).click();
    await expect.poll(() => statusOf(panel).textContent(), SLOW).toBe('共 3 条结果');
    await expect(panel.locator('.lc-csearch__duration').textContent()).resolves.toBe('0:12');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.lc-csearch__thumb img')).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await scene.shot(page, 'desktop-media');
    await panel.getByRole('button', { name: '查看图片' }).first().click();
    const previewer = page.getByRole('dialog', { name: '图片预览' });
    await expect(previewer.textContent()).resolves.toContain('2 / 2');
    await page.keyboard.press('Escape');
    await previewer.waitFor({ state: 'detached' });
    // Escape closed the previewer only.
    await expect(panel.count()).resolves.toBe(1);
    await expect(axeViolations(page, '.lc-csearch')).resolves.toEqual([]);
  });

  it('lists the other kinds, says when nothing is found, and Escape gives the focus back to the button', async () => {
    await panel.getByRole('tab', { name: '其他' }).click();
    await expect.poll(() => statusOf(panel).textContent(), SLOW).toBe('共 2 条结果');
    await scene.shot(page, 'desktop-other');
    await panel.getByRole('tab', { name: '文本' }).click();
    await search(panel, '发票');
    await expect.poll(() => statusOf(panel).textContent(), SLOW).toBe('暂无搜索结果');
    await panel.getByRole('radio', { name: '自定义' }).click();
    await panel.getByLabel('开始日期').waitFor();
    await scene.shot(page, 'desktop-empty-custom-range');
    await panel.getByRole('searchbox').focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('搜索聊天记录');
  });
});

describe('searching one conversation on a phone', () => {
  it('opens full screen from the chat header and locating a result closes it', async () => {
    const page = await openChat({ phone: true });
    await expect(page.getByRole('toolbar').getByRole('button', { name: '搜索聊天记录' }).count()).resolves.toBe(0);
    await page.locator('.lc-chat__header').getByRole('button', { name: '搜索聊天记录' }).click();
    const panel = panelOf(page);
    await search(panel, '交期');
    await expect.poll(() => statusOf(panel).textContent(), SLOW).toBe('共 1 条结果');
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await scene.shot(page, 'phone-text');
    await panel.getByRole('tab', { name: '图片/视频' }).click();
    await expect.poll(() => statusOf(panel).textContent(), SLOW).toBe('共 3 条结果');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.lc-csearch__thumb img')).every((img) => img.complete),
    );
    await scene.shot(page, 'phone-media');
    await panel.getByRole('tab', { name: '文件' }).click();
    await panel.getByRole('button', { name: '清空' }).click();
    await expect.poll(() => statusOf(panel).textContent(), SLOW).toBe('共 2 条结果');
    await scene.shot(page, 'phone-files');
    await panel.getByRole('button', { name: '定位到聊天位置' }).first().click();
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: '消息列表' }).getByText('样品检测报告.pdf').waitFor();
    await scene.shot(page, 'phone-located');
  });
});
