import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * Every public route of the portal on a phone (390×844) and a desktop (1440×900), with the demo
 * data: nothing wider than the screen, and a full-page screenshot of each in a git-ignored folder
 * for a person to look at (tests/e2e/screenshots, or LAYOUT_SCREENSHOTS).
 */
const SHOTS = process.env.LAYOUT_SCREENSHOTS ?? fileURLToPath(new URL('./screenshots', import.meta.url));
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

let server: LiaisonServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.close();
});

async function newPage(options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', ...options });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  return context.newPage();
}

/** The page has loaded what it shows: no spinner, no skeleton, fonts and pictures in. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
  await page.evaluate(async () => {
    // A full-page screenshot scrolls nothing into view: the lazy pictures below the fold load now.
    for (const image of Array.from(document.images)) image.loading = 'eager';
    await Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
}

/**
 * What sticks out sideways: the page's scroll width beyond the screen, and the visible elements
 * reaching past either edge that no scrolling or clipping box of theirs holds in.
 */
function sideways(page: Page): Promise<{ overflow: number; outside: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element): boolean => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up);
        if (overflowX !== 'visible') {
          const box = up.getBoundingClientRect();
          return box.left >= -1 && box.right <= width + 1;
        }
      }
      return false;
    };
    const outside: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || (box.right <= width + 1 && box.left >= -1)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed' || el.closest('[aria-hidden="true"]')) continue;
      if (clipped(el)) continue;
      const name = `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')}`;
      outside.push(`${name} [${Math.round(box.left)}, ${Math.round(box.right)}]`);
    }
    return { overflow: document.documentElement.scrollWidth - width, outside: outside.slice(0, 5) };
  });
}

/** The first link on a list page to one record's detail route. */
async function firstLink(page: Page, list: string, detail: string): Promise<string> {
  await page.goto(`${server.url}${list}`);
  const link = page.locator(`a[href^="/${detail}?id="]`).first();
  await link.waitFor({ state: 'attached' });
  return (await link.getAttribute('href')) ?? '';
}

/** Each public route by the name its screenshots carry; the detail pages show the first record a list links to. */
const ROUTES: ReadonlyArray<readonly [string, string | readonly [list: string, detail: string]]> = [
  ['root', '/'],
  ['index', '/index'],
  ['search', `/search?keyword=${encodeURIComponent('仓储')}`],
  ['supply', '/supply?currentPage=1&activeKey=0'],
  ['supplyDetail', ['/supply?currentPage=1&activeKey=0', 'supplyDetail']],
  ['industry', '/industry'],
  ['integrated', '/integrated'],
  ['integrated-detail', ['/integrated', 'integrated-detail']],
  ['news-detail', ['/index', 'news-detail']],
  ['expert', '/expert'],
  ['expertDetail', ['/expert', 'expertDetail']],
  ['newRelease', '/newRelease'],
  ['publish-detail', ['/newRelease', 'publish-detail']],
  ['matchOperations', '/matchOperations'],
  ['designs', '/designs'],
  ['warehousing', '/warehousing'],
  ['companyMainPage', ['/integrated', 'companyMainPage']],
  ['goodStore', '/goodStore'],
  ['legal', '/legal'],
  ['cookie-policy', '/cookie-policy'],
  ['report', '/report'],
  ['contact', '/contact'],
  ['join', '/join'],
  ['404', '/no-such-page'],
];

async function shoot(page: Page, name: string): Promise<string[]> {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const { overflow, outside } = await sideways(page);
  return [...(overflow > 0 ? [`${overflow}px wider than the screen`] : []), ...outside];
}

describe('the public pages laid out on a phone and a desktop', () => {
  let desktop: Page;
  let phone: Page;

  it('fits home on a visitor’s phone', async () => {
    desktop = await newPage(DESKTOP);
    await desktop.goto(`${server.url}/index`);
    expect(await shoot(desktop, 'desktop-visitor-index')).toEqual([]);
    const visitor = await newPage(PHONE);
    await visitor.goto(`${server.url}/index`);
    expect(await shoot(visitor, 'phone-visitor-index')).toEqual([]);
    // A member sees every route, the gated ones (search, details, company pages) too.
    await loginThroughPortal(server, desktop, 'zhangwei', DEMO_PASSWORD);
    phone = await newPage({ ...PHONE, storageState: await desktop.context().storageState() });
  });

  it.for(ROUTES)('fits %s on a 390 px phone', async ([name, route]) => {
    const path = typeof route === 'string' ? route : await firstLink(desktop, ...route);
    await phone.goto(`${server.url}${path}`);
    expect(await shoot(phone, `phone-${name}`), path).toEqual([]);
    await desktop.goto(`${server.url}${path}`);
    expect(await shoot(desktop, `desktop-${name}`), path).toEqual([]);
  });
});
