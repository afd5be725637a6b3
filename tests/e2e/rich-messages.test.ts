import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '@liaison/sdk';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { wav } from '../../apps/server/src/integration/media-samples';
import { axeViolations } from './axe';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * Every message type as the receiver meets it in Chromium, against the built app and a real server:
 * a bot sends them through the SDK (uploads included); 张伟 sees finished bubbles, previews, zooms
 * and pages the pictures, plays the voice message, downloads the file, opens a merged record and the
 * record nested in it; on a desktop and on a phone. Screenshots of both land in E2E_SCREENSHOTS (a
 * temporary folder by default) for a person to look at.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const BOT = 'media_bot';
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-rich-messages');

let server: LiaisonServer;
let browser: Browser;
let bot: Chat;
const contexts: BrowserContext[] = [];
/** A real, playable video: Chromium records one from a canvas before the tests. */
let clip: File;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([
    startPortal(),
    launchChromium([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ]),
  ]);
  const [zhang] = await server.db.query<{ user_id: string }>(
    "SELECT user_id FROM portal_accounts WHERE login_name = 'zhangwei'",
  );
  bot = await connect(server, BOT);
  clip = await recordWebm(browser);
  await sendEveryType(bot, zhang?.user_id ?? '');
  await groupWithTips(bot, zhang?.user_id ?? '');
}, 120_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await bot?.logout().catch(() => undefined);
  await server?.close();
});

async function sendEveryType(chat: Chat, to: string): Promise<void> {
  const c2c = { to, conversationType: 'C2C' as const };
  const send = async (message: Message) => (await chat.sendMessage(message)).data.message;
  const custom = (data: unknown, description = '') =>
    send(chat.createCustomMessage({ ...c2c, payload: { data: JSON.stringify(data), description, extension: '' } }));

  const text = await send(chat.createTextMessage({ ...c2c, payload: { text: '这是本周的报价和样品照片' } }));
  const photo = await send(chat.createImageMessage({ ...c2c, payload: { file: await png(1200, 800, 'photo.png') } }));
  await send(chat.createImageMessage({ ...c2c, payload: { file: await png(600, 900, 'drawing.png') } }));
  await send(chat.createAudioMessage({ ...c2c, payload: { file: wav(3), second: 3 } }));
  await send(
    chat.createVideoMessage({
      ...c2c,
      payload: { file: clip, snapshot: await png(640, 360, 'snap.png'), videoSecond: 12 },
    }),
  );
  await send(
    chat.createFileMessage({
      ...c2c,
      payload: {
        file: new File(['零件编号,数量\nA1,200\n'], '铝合金结构件报价单-2026年第47周.csv', { type: 'text/csv' }),
      },
    }),
  );
  await send(
    chat.createLocationMessage({
      ...c2c,
      payload: { description: '苏州工业园区星湖街328号', longitude: 120.7383, latitude: 31.2712 },
    }),
  );
  await send(chat.createFaceMessage({ ...c2c, payload: { index: 1, data: 'yz00' } }));
  await custom({
    businessID: 'service',
    title: '常见问题',
    hyperlinks_text: { key: '更多', value: 'https://example.com/help' },
    item: [
      { key: '如何下单', value: 'https://example.com/order' },
      { key: '交期多久', value: '' },
    ],
    description: '请选择您想咨询的问题',
  });
  await custom({ businessID: 'evaluate', score: 4, comment: '响应很快，报价清楚' });
  await custom({
    businessID: 'order',
    link: 'https://example.com/orders/47',
    imageUrl: '',
    title: '铝合金结构件 A1 × 200',
    description: '含阳极氧化',
    price: '¥ 12,800',
  });
  await custom({ businessID: 'link', text: '新品目录已上线', link: 'https://example.com/catalogue' });
  await custom({
    businessID: 1,
    actionType: 1,
    data: JSON.stringify({ businessID: 'av_call', call_type: 2, call_end: 95 }),
  });
  await custom({ businessID: 'user_typing_status', typingStatus: 1 });
  await custom({ businessID: 'unknown_kind', secret: '{"raw":true}' }, '一条订阅通知');
  const record = await send(
    chat.createMergerMessage({
      ...c2c,
      payload: {
        messageList: [text, photo],
        title: '报价沟通记录',
        abstractList: ['media_bot: 这是本周的报价和样品照片', 'media_bot: [图片]'],
        compatibleText: '[聊天记录]',
      },
    }),
  );
  await send(
    chat.createMergerMessage({
      ...c2c,
      payload: {
        messageList: [record],
        title: '转发的聊天记录',
        abstractList: ['media_bot: [聊天记录]'],
        compatibleText: '[聊天记录]',
      },
    }),
  );
  await send(chat.createTextMessage({ ...c2c, payload: { text: '以上，请查收' } }));
}

const GROUP_NAME = '样品确认群';

/**
 * A group whose history holds tips: created ('X created the group'), 张伟 invited, a visitor joins
 * and leaves, then a message.
 */
async function groupWithTips(chat: Chat, member: string): Promise<void> {
  const { group } = (
    await chat.createGroup({
      type: 'Public',
      name: GROUP_NAME,
      joinOption: 'FreeAccess',
      memberList: [{ userID: member }],
    })
  ).data;
  const visitor = await connect(server, 'media_visitor');
  await visitor.joinGroup({ groupID: group.groupID });
  await visitor.quitGroup(group.groupID);
  await visitor.logout();
  await chat.sendMessage(
    chat.createTextMessage({ to: group.groupID, conversationType: 'GROUP', payload: { text: '样品明天寄出' } }),
  );
}

async function openConversation(
  viewport: { width: number; height: number },
  isPhone = false,
  name = BOT,
  newest = '以上，请查收',
): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport,
    ...(isPhone ? { isMobile: true, hasTouch: true } : {}),
    acceptDownloads: true,
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
  await page.goto(`${server.url}/manageCenter/message`);
  // The bot's own conversation by its ID: its name also stands as the sender in the group's abstract.
  const conversations = page.getByRole('list', { name: '会话列表' }).getByRole('button');
  await (name === BOT
    ? conversations.and(page.locator(`[data-conversation-id="C2C${BOT}"]`))
    : conversations.filter({ has: page.getByText(name, { exact: true }) })
  ).click();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    await list(page).getByText(newest).waitFor();
    // Pictures have their size before they load, so the list stays on the newest message.
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await page.waitForTimeout(300);
    const latest = await list(page).getByText(newest).boundingBox();
    const scroller = await page.locator('.lc-message-list__scroller').boundingBox();
    if (!latest || !scroller || latest.y + latest.height > scroller.y + scroller.height + 1) {
      throw new Error(
        `the newest message is out of view after the pictures loaded: ${JSON.stringify({ latest, scroller })}`,
      );
    }
    await loadWholeHistory(page);
  } catch (error) {
    await page.screenshot({ path: join(SHOTS, 'failed-open.png') });
    throw new Error(`${String(error)}\n${errors.join('\n')}`);
  }
  return page;
}

const list = (page: Page) => page.getByRole('region', { name: '消息列表' });

/** Older pages too: 'View more' at the top of the list until the history is complete. */
async function loadWholeHistory(page: Page): Promise<void> {
  const more = list(page).getByRole('button', { name: '查看更多' });
  for (let pages = 0; pages < 10; pages++) {
    await page.locator('.lc-message-list__scroller').evaluate((element) => element.scrollTo({ top: 0 }));
    await page.waitForTimeout(200);
    if ((await more.count()) === 0) return;
    await more.click();
    // While a page loads the button reads 'Loading…'; wait for it to say 'View more' again or go.
    await page.waitForFunction(() => !document.querySelector('.lc-message-list__more button:disabled'));
  }
}

/** Scrolls the list a screen at a time from the top, so every row is drawn once (the list is virtual); `visit` answering true stops early. */
async function visitEveryRow(page: Page, visit: (step: number) => Promise<unknown>): Promise<void> {
  const scroller = page.locator('.lc-message-list__scroller');
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  for (let step = 0; step < 40; step++) {
    await page.waitForTimeout(200);
    if ((await visit(step)) === true) return;
    const atEnd = await scroller.evaluate((element) => {
      element.scrollBy({ top: element.clientHeight * 0.8 });
      return element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
    });
    if (atEnd) {
      await page.waitForTimeout(200);
      await visit(step + 1);
      return;
    }
  }
}

/** Brings a row drawn by the virtual list into view: scrolls from the top until it exists. */
async function scrollTo(page: Page, target: Locator): Promise<Locator> {
  await visitEveryRow(page, async () => (await target.count()) > 0);
  await target.first().scrollIntoViewIfNeeded();
  return target.first();
}

/** Nothing raw, nothing overflowing: every bubble inside the list, no JSON or emoji tags shown. */
async function checkRows(page: Page): Promise<string[]> {
  return page.locator('.lc-message-list__scroller').evaluate((scroller) => {
    const problems: string[] = [];
    const bounds = scroller.getBoundingClientRect();
    if (scroller.scrollWidth > scroller.clientWidth + 1)
      problems.push(`list scrolls sideways (${scroller.scrollWidth})`);
    for (const bubble of Array.from(scroller.querySelectorAll<HTMLElement>('.lc-bubble, .lc-row__tip'))) {
      const box = bubble.getBoundingClientRect();
      const text = bubble.textContent ?? '';
      if (box.left < bounds.left - 1 || box.right > bounds.right + 1)
        problems.push(`outside the list: ${text.slice(0, 40)}`);
      if (/\{"|"businessID"|\[TUIEmoji_/.test(text)) problems.push(`raw content: ${text.slice(0, 60)}`);
    }
    return problems;
  });
}

describe('rich messages, received', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openConversation(DESKTOP);
  }, 60_000);

  it('shows every type finished, with nothing raw and nothing overflowing', async () => {
    const problems = new Set<string>();
    const seen = new Set<string>();
    await visitEveryRow(page, async (step) => {
      for (const problem of await checkRows(page)) problems.add(problem);
      for (const text of await list(page).locator('.lc-row').allInnerTexts()) seen.add(text);
      await page.screenshot({ path: join(SHOTS, `desktop-list-${step}.png`) });
    });
    const all = [...seen].join('\n');
    for (const expected of [
      '铝合金结构件报价单-2026年第47周.csv',
      '苏州工业园区星湖街328号',
      '常见问题',
      '响应很快，报价清楚',
      '¥ 12,800',
      '新品目录已上线',
      '通话时长 1:35',
      '一条订阅通知',
      '报价沟通记录',
      '转发的聊天记录',
    ]) {
      expect(all).toContain(expected);
    }
    expect(all).not.toContain('user_typing_status');
    expect([...problems]).toEqual([]);
    await expect(list(page).getByRole('progressbar').count()).resolves.toBe(0);
  });

  it('passes axe checks of every message body, the previewer and the record viewer', async () => {
    const problems = new Set<string>();
    await visitEveryRow(page, async () => {
      for (const problem of await axeViolations(page, '.lc-message-list')) problems.add(problem);
    });
    await (await scrollTo(page, list(page).getByRole('button', { name: '查看图片' }))).click();
    // The previewer and the viewer open a moment after the click (CI read one before it was there,
    // and the previewer that opened later covered the list for every test after).
    const previewer = page.getByRole('dialog', { name: '图片预览' });
    await previewer.waitFor();
    for (const problem of await axeViolations(page, '.lc-preview')) problems.add(problem);
    await page.keyboard.press('Escape');
    await previewer.waitFor({ state: 'detached' });
    await (await scrollTo(page, list(page).getByRole('button', { name: /^报价沟通记录/ }))).click();
    const viewer = page.getByRole('dialog', { name: '报价沟通记录' });
    await viewer.getByText('这是本周的报价和样品照片').waitFor();
    for (const problem of await axeViolations(page, '.lc-merger-viewer')) problems.add(problem);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    expect([...problems]).toEqual([]);
  });

  it('previews a picture: zoom, next image, Esc closes', async () => {
    await (await scrollTo(page, list(page).getByRole('button', { name: '查看图片' }))).click();
    const previewer = page.getByRole('dialog', { name: '图片预览' });
    await expect(previewer.textContent()).resolves.toContain('1 / 2');
    await previewer.getByRole('button', { name: '放大' }).click();
    await expect(previewer.textContent()).resolves.toContain('110%');
    await previewer.getByRole('button', { name: '下一张' }).click();
    await expect(previewer.textContent()).resolves.toContain('2 / 2');
    await expect(previewer.textContent()).resolves.toContain('100%');
    const shown = previewer.getByRole('img', { name: '图片' });
    await expect(shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'desktop-previewer.png') });
    await page.keyboard.press('Escape');
    await previewer.waitFor({ state: 'detached' });
  });

  it('saves a picture under the name it was sent with', async () => {
    await (await scrollTo(page, list(page).getByRole('button', { name: '查看图片' }))).click();
    const previewer = page.getByRole('dialog', { name: '图片预览' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      previewer.getByRole('button', { name: '保存图片' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('photo.png');
    await page.keyboard.press('Escape');
    await previewer.waitFor({ state: 'detached' });
  });

  it('plays the voice message, and a second tap stops it', async () => {
    const voice = await scrollTo(page, list(page).getByRole('button', { name: /语音消息/ }));
    await voice.click();
    await expect.poll(() => voice.getAttribute('aria-pressed')).toBe('true');
    // The unplayed dot is gone and stays gone (TUI_CHAT_STORAGE).
    await expect(list(page).getByRole('img', { name: '未播放' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => localStorage.getItem('TUI_CHAT_STORAGE'))).resolves.toContain('true');
    await voice.click();
    await expect.poll(() => voice.getAttribute('aria-pressed')).toBe('false');
  });

  it('plays the video inline', async () => {
    await (await scrollTo(page, list(page).getByRole('button', { name: '播放视频' }))).click();
    const player = list(page).locator('video.lc-video__player');
    await player.waitFor();
    await expect(player.getAttribute('src')).resolves.toMatch(/\/im\/files\/.+\?token=/);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    // It really plays: the bytes came through the server, range requests and all.
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3);
  });

  it('downloads the file under its own name', async () => {
    const button = await scrollTo(page, list(page).getByRole('button', { name: /下载 铝合金结构件报价单/ }));
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('铝合金结构件报价单-2026年第47周.csv');
  });

  it('opens a merged record, the record nested in it, and goes back', async () => {
    const card = await scrollTo(page, list(page).getByRole('button', { name: /^转发的聊天记录/ }));
    await card.click();
    const outer = page.getByRole('dialog', { name: '转发的聊天记录' });
    await outer.getByRole('button', { name: /^报价沟通记录/ }).click();
    const inner = page.getByRole('dialog', { name: '报价沟通记录' });
    await inner.getByText('这是本周的报价和样品照片').waitFor();
    await inner.getByRole('img', { name: '图片' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'desktop-merged-record.png') });
    await inner.getByRole('button', { name: '返回' }).click();
    await page.getByRole('dialog', { name: '转发的聊天记录' }).waitFor();
    await page.getByRole('dialog', { name: '转发的聊天记录' }).getByRole('button', { name: '关闭' }).click();
    // The viewer hides over 150 ms (spec §4), then is gone.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });
});

describe('group tips', () => {
  it('are centred lines in the group’s history', async () => {
    const page = await openConversation(DESKTOP, false, GROUP_NAME, '样品明天寄出');
    const tips = list(page).locator('.lc-row__tip');
    await expect
      .poll(() => tips.allInnerTexts())
      .toEqual(['media_bot 创建了群聊', '张伟 加入了群聊', 'media_visitor 加入了群聊', 'media_visitor 退出了群聊']);
    const tip = await tips.first().boundingBox();
    const scroller = await page.locator('.lc-message-list__scroller').boundingBox();
    if (!tip || !scroller) throw new Error('no tip box');
    expect(Math.abs(tip.x + tip.width / 2 - (scroller.x + scroller.width / 2))).toBeLessThan(10);
    await page.screenshot({ path: join(SHOTS, 'desktop-group-tips.png') });
  });
});

describe('rich messages on a phone', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openConversation(PHONE, true);
  }, 60_000);

  it('fits every bubble on the screen and previews with a swipe', async () => {
    const problems = new Set<string>();
    await visitEveryRow(page, async (step) => {
      for (const problem of await checkRows(page)) problems.add(problem);
      await page.screenshot({ path: join(SHOTS, `phone-list-${step}.png`) });
    });
    expect([...problems]).toEqual([]);

    await (await scrollTo(page, list(page).getByRole('button', { name: '查看图片' }))).click();
    const previewer = page.getByRole('dialog', { name: '图片预览' });
    await expect(previewer.textContent()).resolves.toContain('1 / 2');
    // A 150 px swipe to the left shows the next picture.
    const stage = previewer.locator('.lc-preview__stage');
    await stage.dispatchEvent('pointerdown', { pointerId: 7, pointerType: 'touch', clientX: 300, clientY: 400 });
    await stage.dispatchEvent('pointerup', { pointerId: 7, pointerType: 'touch', clientX: 150, clientY: 400 });
    await expect(previewer.textContent()).resolves.toContain('2 / 2');
    await page.screenshot({ path: join(SHOTS, 'phone-previewer.png') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      previewer.getByRole('button', { name: '保存图片' }).tap(),
    ]);
    expect(download.suggestedFilename()).toBe('drawing.png');
    await previewer.getByRole('button', { name: '关闭' }).click();
  });

  it('plays the video in a full-screen dialog', async () => {
    await (await scrollTo(page, list(page).getByRole('button', { name: '播放视频' }))).click();
    const dialog = page.getByRole('dialog', { name: '视频' });
    await dialog.locator('video').waitFor();
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await dialog.getByRole('button', { name: '关闭视频' }).click();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });

  it('opens a merged record full screen', async () => {
    const card = await scrollTo(page, list(page).getByRole('button', { name: /^报价沟通记录/ }));
    await card.click();
    const viewer = page.getByRole('dialog', { name: '报价沟通记录' });
    await viewer.getByText('这是本周的报价和样品照片').waitFor();
    const box = await viewer.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await page.screenshot({ path: join(SHOTS, 'phone-merged-record.png') });
  });
});

// Test files, real by their content.

const png = async (width: number, height: number, name: string) =>
  new File(
    [
      await sharp({
        create: { width, height, channels: 3, background: { r: 40 + (width % 200), g: 120, b: 200 } },
      })
        .composite([
          {
            input: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fff"/></svg>`,
            ),
          },
        ])
        .png()
        .toBuffer(),
    ],
    name,
    { type: 'image/png' },
  );

/**
 * Two seconds of WebM video that Chromium itself records from an animated canvas, so the test can
 * see the receiver's player really play it (no encoder is needed on the machine).
 */
async function recordWebm(chromiumBrowser: Browser): Promise<File> {
  const context = await chromiumBrowser.newContext();
  try {
    const page = await context.newPage();
    const base64 = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      let frame = 0;
      const timer = setInterval(() => {
        g.fillStyle = `hsl(${(frame * 12) % 360} 70% 50%)`;
        g.fillRect(0, 0, 320, 180);
        frame += 1;
      }, 40);
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start(200);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      recorder.stop();
      await stopped;
      clearInterval(timer);
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
    return new File([Buffer.from(base64, 'base64')], 'clip.webm', { type: 'video/webm' });
  } finally {
    await context.close();
  }
}
