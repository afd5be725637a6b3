import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * Every route of the portal, toured in Chromium logged out and logged in, under the server's
 * real Content-Security-Policy: no page may trip it.
 */
const TOUR = [
  '/',
  '/index',
  '/search',
  '/ai',
  '/supply',
  '/industry',
  '/integrated',
  '/integrated-detail',
  '/news-detail',
  '/supplyDetail',
  '/expert',
  '/expertDetail',
  '/newRelease',
  '/publish-detail',
  '/matchOperations',
  '/designs',
  '/warehousing',
  '/companyMainPage',
  '/goodStore',
  '/test',
  '/manageCenter',
  '/manageCenter/home',
  '/manageCenter/abilities',
  '/manageCenter/need-push',
  '/manageCenter/integrated',
  '/manageCenter/industry',
  '/manageCenter/message',
  '/manageCenter/statistics',
  '/manageCenter/sub-account',
  '/manageCenter/userCenter/person-auth',
  '/manageCenter/userCenter/enterprise',
  '/legal',
  '/cookie-policy',
  '/report',
  '/contact',
  '/join',
  '/wechat-callback',
  '/no/such/page',
];
/** A tour loads every page in turn; on a loaded 2-core machine that takes a while. */
const TOUR_TIMEOUT_MS = 240_000;
const ROUTE_TABLE = new URL('../../apps/web/src/app/routes.tsx', import.meta.url);
const SHOTS = process.env.E2E_SCREENSHOTS ?? fileURLToPath(new URL('./screenshots', import.meta.url));

interface Violation {
  page: string;
  what: string;
}

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

/** A page whose every CSP violation (event or console report) lands in `violations`. */
async function watchedPage(violations: Violation[], viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', ...(viewport ? { viewport } : {}) });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  await context.exposeBinding('__reportCspViolation', ({ page }, what: string) => {
    violations.push({ page: page.url(), what });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (what: string) => void }).__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[ -]Security[ -]Policy/i.test(message.text())) {
      violations.push({ page: page.url(), what: message.text() });
    }
  });
  return page;
}

/** Screenshots for a person to look at (tests/e2e/screenshots, git-ignored). */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `security-${name}.png`) });
}

async function tour(page: Page): Promise<void> {
  for (const path of TOUR) {
    await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('networkidle');
  }
}

describe('the portal under its Content-Security-Policy', () => {
  it('tours a route for every entry of the route table', async () => {
    const table = await readFile(ROUTE_TABLE, 'utf8');
    const paths = [...table.matchAll(/(?:page\(\s*|path: )'([^']+)'/g)].map((m) => m[1] ?? '');
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths.filter((p) => p !== '*')) {
      const pattern = new RegExp(`/${path.replace(/:[a-z]+/gi, '[^/]+')}$`);
      expect(
        TOUR.some((toured) => pattern.test(toured)),
        `route ${path} is toured`,
      ).toBe(true);
    }
  });

  it('notices a violation when one happens', async () => {
    const violations: Violation[] = [];
    const page = await watchedPage(violations);
    await page.goto(`${server.url}/index`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  });

  it(
    'reports no violation on any route for a visitor',
    async () => {
      const violations: Violation[] = [];
      await tour(await watchedPage(violations));
      expect(violations).toEqual([]);
    },
    TOUR_TIMEOUT_MS,
  );

  it(
    'reports no violation on any route for a logged-in user, the chat kit open on a conversation included',
    async () => {
      const violations: Violation[] = [];
      const page = await watchedPage(violations);
      await page.goto(`${server.url}/index`);
      await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
      await tour(page);

      await page.goto(`${server.url}/manageCenter/message`);
      const list = page.getByRole('list', { name: '会话列表' });
      await list
        .getByRole('button')
        .filter({ has: page.getByText('李娜', { exact: true }) })
        .click();
      await page.getByRole('region', { name: '消息列表' }).getByText('好的，辛苦了！').waitFor();
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    },
    TOUR_TIMEOUT_MS,
  );
});

describe.each([
  { size: 'desktop', viewport: { width: 1440, height: 900 } },
  { size: 'phone', viewport: { width: 390, height: 844 } },
])('private uploads in the portal on a $size', ({ size, viewport }) => {
  it('open the business licence in its owner’s new tab, and a copied link shows anyone else the not-found answer', async () => {
    const page = await watchedPage([], viewport);
    await page.goto(`${server.url}/index`);
    await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
    await page.goto(`${server.url}/manageCenter/userCenter/enterprise`);
    const link = page.getByRole('link', { name: '查看营业执照' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/\?expires=\d+&viewer=[^&]+&sig=/);
    await shoot(page, `licence-page-${size}`);

    const [tab, opened] = await Promise.all([
      page.context().waitForEvent('page'),
      page.context().waitForEvent('response', (response) => response.url().includes(href.split('?')[0] ?? '')),
      link.click(),
    ]);
    await tab.waitForLoadState();
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/svg+xml');
    await shoot(tab, `licence-tab-${size}`);

    // The same address, pasted into another browser: nothing but the portal's not-found answer.
    const elsewhere = await watchedPage([], viewport);
    const borrowed = await elsewhere.goto(`${server.url}${href}`);
    expect(await borrowed?.json()).toEqual({ code: 404, msg: '访问资源不存在' });
    await shoot(elsewhere, `licence-borrowed-${size}`);
    const bare = await fetch(`${server.url}${href.split('?')[0]}`);
    expect(await bare.json()).toEqual({ code: 404, msg: '访问资源不存在' });
  });
});
