import { ErrorCode, stripBidiControls } from '@liaison/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { type Chat, connect, sendText } from '../../apps/server/src/integration/harness';
import { launchChromium } from './browser';
import { CANARY, hostileGroupNames, hostileMessages, hostileNicks, hostileNotice } from './hostile-corpus';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * The hostile corpus sent as messages, nicknames, group names and a notice by real SDK users,
 * then read by 李娜 in the built app at desktop and phone sizes: no payload runs (no canary,
 * no dialog) and no text escapes its bubble or widens the list.
 */
let server: LiaisonServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const chats: Chat[] = [];
const MALLORY_NICK = hostileNicks[0] as string;
/** Names are stored without bidi controls: `grp\u202Egnp.exe` is shown as `grpgnp.exe`, isolated. */
const shownGroupNames = hostileGroupNames.map(stripBidiControls);
const BIDI_GROUP = 'grpgnp.exe';
const BIDI_NICK = 'admingnp.exe';

beforeAll(async () => {
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  const [lina] = await server.db.query<{ user_id: string }>(
    "SELECT user_id FROM portal_accounts WHERE login_name = 'lina'",
  );
  const linaID = lina?.user_id ?? '';
  for (const [i, nick] of hostileNicks.entries()) {
    const chat = await connect(server, `hostile-${i}`);
    chats.push(chat);
    // A script URL as avatar is refused outright (only our uploads or allowed https hosts).
    await expect(chat.updateMyProfile({ nick, avatar: `javascript:window.${CANARY}=1` })).rejects.toMatchObject({
      code: ErrorCode.AVATAR_URL_NOT_ALLOWED,
    });
    await chat.updateMyProfile({ nick });
  }
  const [mallory, ...others] = chats as [Chat, ...Chat[]];
  for (const text of hostileMessages) await sendText(mallory, linaID, text);
  for (const [i, name] of hostileGroupNames.entries()) {
    const { data } = await mallory.createGroup({
      type: 'Public',
      name,
      notification: hostileNotice,
      introduction: hostileNotice,
      memberList: [{ userID: linaID }, ...others.map((_, j) => ({ userID: `hostile-${j + 1}` }))],
    });
    // Each hostile nick speaks in the group, so nicks show above bubbles too.
    const speaker = others[i % others.length] as Chat;
    await sendText(speaker, data.group.groupID, hostileMessages[i] as string, 'GROUP');
    await sendText(mallory, data.group.groupID, hostileMessages[13] as string, 'GROUP');
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(chats.map((c) => c.logout().catch(() => undefined)));
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.close();
});

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'mobile', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

describe('hostile text in the message centre', () => {
  for (const size of SIZES) {
    it(`runs none of it and keeps every bubble in the list at ${size.viewport.width}×${size.viewport.height}`, async () => {
      const { page, dialogs } = await messageCentreAsLina(size);
      const list = page.getByRole('list', { name: '会话列表' });
      await list.getByText(MALLORY_NICK, { exact: true }).first().waitFor();
      await page.screenshot({ path: `/tmp/hostile-${size.name}-list.png` });
      expect(await horizontalOverflow(page, '.lc-conversation-list, [aria-label="会话列表"]')).toBe(0);
      expect(await isolatedTexts(page, '[aria-label="会话列表"] .lc-conv-item__name')).toContain(BIDI_GROUP);

      await openConversation(page, MALLORY_NICK, size.isMobile);
      // Rows grow as the 12 KB of emoji pictures load; on a loaded machine that can outrun the
      // list's follow of the newest row, so the check starts from the bottom explicitly.
      await page.getByRole('region', { name: '消息列表' }).locator('.lc-bubble').first().waitFor();
      await scrollToNewest(page, 'after forty blank lines');
      const seen = await checkEveryBubble(page);
      expect(seen).toBeGreaterThanOrEqual(hostileMessages.length);
      await scrollMessages(page, 'bottom');
      await page.screenshot({ path: `/tmp/hostile-${size.name}-chat.png` });

      for (const [i, name] of shownGroupNames.entries()) {
        if (size.isMobile) await page.getByRole('button', { name: '返回' }).tap();
        await openConversation(page, name, size.isMobile);
        await page.getByRole('region', { name: '消息列表' }).locator('.lc-bubble').first().waitFor();
        await checkEveryBubble(page);
        if (i === 0) {
          // The first group's speaker is the nick with the override: its line shows it isolated.
          const nick = page.locator('.lc-msg__nick bdi', { hasText: BIDI_NICK });
          await nick.scrollIntoViewIfNeeded();
          expect(await isolatedTexts(page, '[aria-label="消息列表"] .lc-msg__nick')).toContain(BIDI_NICK);
          await page.screenshot({ path: `/tmp/hostile-${size.name}-nick.png` });
        }
      }
      await page.screenshot({ path: `/tmp/hostile-${size.name}-group.png` });

      expect(await page.evaluate((canary) => (window as unknown as Record<string, unknown>)[canary], CANARY)).toBe(
        undefined,
      );
      expect(dialogs).toEqual([]);
    }, 120_000);
  }
});

async function messageCentreAsLina(size: (typeof SIZES)[number]): Promise<{ page: Page; dialogs: string[] }> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: size.viewport,
    ...(size.isMobile ? { isMobile: true, hasTouch: true } : {}),
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, 'lina', DEMO_PASSWORD);
  await page.goto(`${server.url}/manageCenter/message`);
  await page.getByRole('list', { name: '会话列表' }).waitFor();
  return { page, dialogs };
}

async function openConversation(page: Page, name: string, isMobile: boolean): Promise<void> {
  const item = page
    .getByRole('list', { name: '会话列表' })
    .getByRole('button')
    // By the row's name: a group row whose last message Mallory sent shows her nick too.
    .filter({ has: page.locator('.lc-conv-item__name').getByText(name, { exact: true }) })
    .first();
  if (isMobile) await item.tap();
  else await item.click();
  await page.getByRole('region', { name: '消息列表' }).waitFor();
}

/**
 * Scrolls the (virtualised) message list from the bottom to the top, loading older history on
 * the way, checking every bubble it renders; returns how many distinct messages it saw.
 */
async function checkEveryBubble(page: Page): Promise<number> {
  const seen = new Set<string>();
  await scrollMessages(page, 'bottom');
  for (let step = 0; step < 200; step++) {
    const problems = await page.evaluate(layoutProblems);
    expect(problems.faults).toEqual([]);
    for (const id of problems.ids) seen.add(id);
    if (problems.atTop) {
      // At the top, older history comes with 'View more' until there is none.
      const more = page.locator('.lc-message-list__more button');
      if ((await more.count()) === 0) break;
      if (await more.isEnabled()) await more.click();
      await page.waitForTimeout(500);
      continue;
    }
    await scrollMessages(page, 'up');
  }
  return seen.size;
}

/**
 * Scrolls to the bottom until the newest message is shown: on a loaded machine the list may still
 * be measuring its tall rows after one scroll, so one jump can land short of the end.
 */
async function scrollToNewest(page: Page, newestText: string): Promise<void> {
  const newest = page.getByRole('region', { name: '消息列表' }).getByText(newestText, { exact: false });
  const deadline = Date.now() + 60_000;
  for (;;) {
    await scrollMessages(page, 'bottom');
    if (await newest.isVisible()) return;
    if (Date.now() > deadline) throw new Error(`the newest message "${newestText}" never came into view`);
    await page.waitForTimeout(500);
  }
}

async function scrollMessages(page: Page, where: 'bottom' | 'up'): Promise<void> {
  await page.evaluate((direction) => {
    const region = document.querySelector('[aria-label="消息列表"]');
    const scroller = region?.querySelector(
      '[data-virtuoso-scroller], .lc-message-list__scroller',
    ) as HTMLElement | null;
    if (!scroller) return;
    scroller.scrollTop =
      direction === 'bottom' ? scroller.scrollHeight : scroller.scrollTop - scroller.clientHeight * 0.8;
  }, where);
  // Give the list a frame or two to render the rows that came into view (and load history).
  await page.waitForTimeout(250);
}

/** Runs in the page: every rendered bubble inside the list, everything in a bubble inside it. */
function layoutProblems(): { faults: string[]; ids: string[]; atTop: boolean } {
  const faults: string[] = [];
  const region = document.querySelector('[aria-label="消息列表"]') as HTMLElement | null;
  if (!region) return { faults: ['no message list'], ids: [], atTop: true };
  const scroller = (region.querySelector('[data-virtuoso-scroller], .lc-message-list__scroller') ??
    region) as HTMLElement;
  const bounds = region.getBoundingClientRect();
  const slack = 1;
  const round = (r: DOMRect) => `${Math.round(r.left)}–${Math.round(r.right)}`;
  if (scroller.scrollWidth > scroller.clientWidth + slack) {
    const edge = scroller.getBoundingClientRect().left + scroller.clientWidth;
    const culprits = contentBoxes(scroller)
      .filter(([, r]) => r.right > edge + slack)
      .map(([what]) => what);
    faults.push(
      `the list scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}; ${culprits.slice(0, 4).join(' ')}`,
    );
  }
  if (document.documentElement.scrollWidth > window.innerWidth + slack) {
    faults.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  }
  const ids: string[] = [];
  for (const row of Array.from(region.querySelectorAll('.lc-row')) as HTMLElement[]) {
    const id = row.dataset.messageId ?? '?';
    ids.push(id);
    for (const part of Array.from(row.querySelectorAll('.lc-bubble, .lc-msg__nick'))) {
      const box = part.getBoundingClientRect();
      if (box.left < bounds.left - slack || box.right > bounds.right + slack) {
        faults.push(`${id}: .${part.className} ${round(box)} outside the list ${round(bounds)}`);
      }
      for (const [what, r] of contentBoxes(part)) {
        if (r.left < box.left - slack || r.right > box.right + slack) {
          faults.push(`${id}: ${what} ${round(r)} outside its .${part.className} ${round(box)}`);
        }
      }
    }
  }
  return { faults, ids, atTop: scroller.scrollTop <= 0 };

  /** Every element's box and every text run's box inside root: text can overflow its element. */
  function contentBoxes(root: Element): Array<[string, DOMRect]> {
    const boxes: Array<[string, DOMRect]> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = node instanceof Element ? node.getBoundingClientRect() : range.getBoundingClientRect();
      if (r.width === 0) continue;
      // A nick cut with an ellipsis (its text and the <bdi> isolating it) is clipped by its box.
      if (node.parentElement?.closest('.lc-msg__nick')) continue;
      const owner = node instanceof Element ? node : node.parentElement;
      const kind = node instanceof Element ? '' : 'text in ';
      boxes.push([
        `${kind}<${owner?.tagName.toLowerCase()} class="${owner?.className}"> "${(node.textContent ?? '').slice(0, 24)}"`,
        r,
      ]);
    }
    return boxes;
  }
}

/** The text of every <bdi> inside the elements `container` selects: what the page shows isolated. */
async function isolatedTexts(page: Page, container: string): Promise<string[]> {
  return page.evaluate(
    (css) => Array.from(document.querySelectorAll(`${css} bdi`)).map((bdi) => bdi.textContent ?? ''),
    container,
  );
}

/** Pixels by which an element scrolls sideways (0 when it does not). */
async function horizontalOverflow(page: Page, selector: string): Promise<number> {
  return page.evaluate((css) => {
    const element = document.querySelector(css) as HTMLElement | null;
    return element ? Math.max(0, element.scrollWidth - element.clientWidth) : 0;
  }, selector);
}
