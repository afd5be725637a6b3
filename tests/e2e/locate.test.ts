import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '@liaison/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { launchChromium } from './browser';
import { openMessageCentre, startPortal } from './portal-harness';

/**
 * History opened at an old message, in Chromium against the built app: a quote of a message 420
 * messages back opens the conversation there (only the pages around it), the message blinks and
 * has the focus, 'View more' loads what is older, and scrolling down grows the list to the live
 * end without gaps or repeats; on a desktop and on a phone. Screenshots land in E2E_SCREENSHOTS
 * (a temporary folder by default).
 */
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-locate');
const BOT = 'locate_bot';
const BOT_NICK = '交期助手';
const OLD_OFFER = '采购订单 PO-2026-118 的交期确认为 3 月 18 日';
const EARLIER_COUNT = 60;
const earlier = (i: number) => `询价 ${i}：铝型材 6063-T5 报价待确认`;
const FILLER_COUNT = 420;
const filler = (i: number) => `第${i}批 SKU-${String(i).padStart(4, '0')} 已入库`;
/** Every bubble text before the quote, oldest first. */
const BUBBLES = [
  ...Array.from({ length: EARLIER_COUNT }, (_, i) => earlier(i + 1)),
  OLD_OFFER,
  ...Array.from({ length: FILLER_COUNT }, (_, i) => filler(i + 1)),
];
const QUOTING = '请再看一下最早那条交期';

let server: LiaisonServer;
let browser: Browser;
let bot: Chat;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  const [zhang] = await server.db.query<{ user_id: string }>(
    "SELECT user_id FROM portal_accounts WHERE login_name = 'zhangwei'",
  );
  bot = await connect(server, BOT);
  await bot.updateMyProfile({ nick: BOT_NICK });
  await seedHistory(bot, zhang?.user_id ?? '');
}, 180_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await bot?.logout().catch(() => undefined);
  await server?.close();
});

/** 60 enquiries, the old offer, 420 updates, then a quote of the offer carrying its sequence. */
async function seedHistory(chat: Chat, to: string): Promise<void> {
  const send = async (text: string, cloudCustomData = '') =>
    (
      await chat.sendMessage(
        chat.createTextMessage({ to, conversationType: 'C2C', payload: { text }, cloudCustomData }),
      )
    ).data.message;
  for (let i = 1; i <= EARLIER_COUNT; i++) await send(earlier(i));
  const old: Message = await send(OLD_OFFER);
  for (let i = 1; i <= FILLER_COUNT; i++) await send(filler(i));
  const messageReply = {
    messageID: old.ID,
    messageAbstract: OLD_OFFER,
    messageSender: BOT_NICK,
    messageType: 1,
    messageSequence: old.sequence,
    version: 1,
  };
  await send(QUOTING, JSON.stringify({ messageReply }));
}

const list = (page: Page) => page.getByRole('region', { name: '消息列表' });
/** A message's row, found by its text in the bubble (not in a quote of it). */
const row = (page: Page, text: string) =>
  list(page)
    .locator('.lc-row')
    .filter({ has: page.locator('.lc-bubble').getByText(text, { exact: true }) });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The texts of the rows drawn now, top to bottom. */
function drawnTexts(page: Page): Promise<string[]> {
  return list(page)
    .locator('.lc-row .lc-bubble')
    .evaluateAll((bubbles) => bubbles.map((b) => b.textContent ?? ''));
}

/**
 * Scrolls down to the live end a screen at a time, collecting every text drawn on the way; the
 * quoting message (the newest) ends it.
 */
async function scrollToLiveEnd(page: Page): Promise<string[]> {
  const scroller = list(page).locator('.lc-message-list__scroller');
  const seen: string[] = [];
  for (let step = 0; step < 600; step++) {
    for (const text of await drawnTexts(page)) if (!seen.includes(text)) seen.push(text);
    if (seen.some((text) => text.includes(QUOTING))) return seen;
    await scroller.evaluate((element) => element.scrollBy({ top: element.clientHeight * 0.5 }));
    await page.waitForTimeout(120);
  }
  throw new Error('never reached the live end');
}

describe('opening history at an old message', () => {
  for (const phone of [false, true]) {
    const name = phone ? 'phone' : 'desktop';
    it(`jumps to a quote 420 messages back, blinks it, and scrolls on to the live end (${name})`, async () => {
      const { context, page } = await openMessageCentre(server, browser, 'zhangwei', {
        ...(phone ? { phone: true } : { viewport: { width: 1440, height: 900 } }),
      });
      contexts.push(context);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page
        .getByRole('list', { name: '会话列表' })
        .getByRole('button')
        .filter({ has: page.getByText(BOT_NICK, { exact: true }) })
        .first()
        .click();
      const quoting = row(page, QUOTING);
      await quoting.waitFor();

      await quoting.locator('.lc-quote').click();
      const old = row(page, OLD_OFFER);
      await old.waitFor();
      await expect.poll(() => old.getAttribute('class')).toContain('lc-row--blink');
      expect(await old.locator('.lc-bubble').isVisible()).toBe(true);
      await expect.poll(() => old.evaluate((element) => element === document.activeElement)).toBe(true);
      // Only the pages around it are loaded: the quote (the newest) is gone, the way back offered.
      expect(await quoting.count()).toBe(0);
      const back = list(page).getByRole('button', { name: '回到最新位置' });
      await back.waitFor();
      // The button covers no message: it sits under the scrolling list, clear of every bubble.
      const backBox = await back.boundingBox();
      const scroller = await list(page).locator('.lc-message-list__scroller').boundingBox();
      if (!backBox || !scroller) throw new Error('no box for the button or the list');
      expect(backBox.y).toBeGreaterThanOrEqual(scroller.y + scroller.height - 1);
      await shot(page, `${name}-located`);
      // Up: the window starts with the page before it; 'View more' puts the page before that in
      // front, and the view stays where it was.
      await list(page)
        .locator('.lc-message-list__scroller')
        .evaluate((element) => element.scrollTo({ top: 0 }));
      await row(page, earlier(EARLIER_COUNT - 13)).waitFor();
      expect(await row(page, earlier(EARLIER_COUNT - 14)).count()).toBe(0);
      await list(page).getByRole('button', { name: '查看更多' }).click();
      await row(page, earlier(EARLIER_COUNT - 14)).waitFor({ state: 'attached' });
      expect(await row(page, earlier(EARLIER_COUNT - 13)).isVisible()).toBe(true);

      // Down: from what is drawn now to the live end, every message in order, each once, then the quote.
      const texts = await scrollToLiveEnd(page);
      const from = BUBBLES.indexOf(texts[0] ?? '');
      expect(from).toBeGreaterThanOrEqual(0);
      expect(from).toBeLessThan(EARLIER_COUNT);
      expect(texts.slice(0, -1)).toEqual(BUBBLES.slice(from));
      expect(texts.at(-1)).toContain(QUOTING);
      await expect.poll(() => list(page).getByRole('button', { name: '回到最新位置' }).count()).toBe(0);
      await shot(page, `${name}-live-end`);
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
