import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { connect } from '../../apps/server/src/integration/harness';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/** The message list with a long history, and the chat view's accessibility, in a real browser. */
const HISTORY = 10_000;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let server: LiaisonServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // Seeding 10,000 messages as fast as possible is far over the per-user send rate a person meets.
  const seeding = { limits: { imUserSendsPerSecond: 1_000_000, imUserSendsBurst: 1_000_000 } };
  [server, browser] = await Promise.all([startPortal(seeding), launchChromium()]);
  const [zhang] = await server.db.query<{ user_id: string }>(
    "SELECT user_id FROM portal_accounts WHERE login_name = 'zhangwei'",
  );
  const sender = await connect(server, 'bulk_sender');
  const send = (n: number) =>
    sender.sendMessage(
      sender.createTextMessage({
        to: zhang?.user_id ?? '',
        conversationType: 'C2C',
        payload: { text: `第${n}条历史消息` },
      }),
    );
  for (let start = 0; start < HISTORY - 1; start += 500) {
    await Promise.all(Array.from({ length: Math.min(500, HISTORY - 1 - start) }, (_, i) => send(start + i + 1)));
  }
  // Alone, so that it is the newest whatever order a loaded machine stored the others in (a send
  // retried after a timeout is stored later than its neighbours).
  await send(HISTORY);
  await sender.logout();
  // The desktop size the kit is designed for: at Playwright's default 1280×720 the portal's header,
  // notices and composer leave the message list about 200 px, two or three rows.
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
  await page.goto(`${server.url}/manageCenter/message?conversationID=C2Cbulk_sender`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const rows = () => page.locator('.lc-row');

/** How many rendered rows come before the given one (older messages above it). */
function rowCountAbove(messageID: string): Promise<number> {
  return page.locator('.lc-message-list__scroller').evaluate((scroller, id) => {
    const all = Array.from(scroller.querySelectorAll('.lc-row'));
    return all.findIndex((row) => row.getAttribute('data-message-id') === id);
  }, messageID);
}

/** The first message row wholly inside the scroller's view. */
async function firstVisibleRow(): Promise<{ id: string; y: number }> {
  return page.locator('.lc-message-list__scroller').evaluate((scroller) => {
    const top = scroller.getBoundingClientRect().top;
    for (const row of Array.from(scroller.querySelectorAll('.lc-row'))) {
      const box = row.getBoundingClientRect();
      if (box.top >= top) return { id: row.getAttribute('data-message-id') ?? '', y: box.top };
    }
    return { id: '', y: 0 };
  });
}
const messageList = () => page.getByRole('region', { name: '消息列表' });

describe('a conversation with 10,000 messages', () => {
  it('keeps under 150 message rows in the page and does not jump when older pages arrive', async () => {
    await messageList().getByText(`第${HISTORY}条历史消息`).waitFor();
    const more = messageList().getByRole('button', { name: '查看更多' });
    await more.scrollIntoViewIfNeeded();
    for (let round = 0; round < 12; round++) {
      const anchor = await firstVisibleRow();
      // A click without the browser scrolling anything into view first, as a person's click.
      await more.evaluate((button: HTMLButtonElement) => button.click());
      await expect.poll(() => rowCountAbove(anchor.id)).toBeGreaterThan(0);
      // The message that was at the top of the view stays exactly there: the page went in above it.
      const after = await page.locator(`.lc-row[data-message-id="${anchor.id}"]`).boundingBox();
      expect(Math.abs((after?.y ?? Number.NaN) - anchor.y)).toBeLessThan(2);
      expect(await rows().count()).toBeLessThan(150);
      await page.locator('.lc-message-list__scroller').evaluate((el) => el.scrollTo({ top: 0 }));
      await page.waitForTimeout(200);
    }
    // Scrolling to the top renders other rows, never all of them.
    await page.locator('.lc-message-list__scroller').evaluate((el) => el.scrollTo({ top: 0 }));
    await page.waitForTimeout(300);
    expect(await rows().count()).toBeLessThan(150);
  });

  it('passes an axe check of the chat view without serious or critical violations', async () => {
    // Evaluated by the test driver, not as a <script>: the portal's CSP rightly refuses inline scripts.
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(el: Element): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
        }
      ).axe;
      const root = document.querySelector('.lc-kit');
      if (!root) throw new Error('no chat kit on the page');
      const result = await axe.run(root);
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
});
