import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { launchChromium } from './browser';
import { startPortal } from './portal-harness';

/**
 * What a newcomer meets in the portal's shell, on a desktop (1440×900) and a phone (390×844): a tab
 * left open across a deploy. Screenshots go to the git-ignored tests/e2e/screenshots for a person to look at.
 */
const SHOTS = fileURLToPath(new URL('./screenshots', import.meta.url));
const DEVICES: ReadonlyArray<readonly [string, BrowserContextOptions]> = [
  ['desktop', { viewport: { width: 1440, height: 900 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

let server: LiaisonServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openPage(device: BrowserContextOptions, path: string): Promise<Page> {
  context = await browser.newContext({ locale: 'zh-CN', ...device });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

describe.for(DEVICES)('the portal shell for a newcomer on a %s', ([device, options]) => {
  const chunks = [
    // A page's script the deploy removed, the connection dropping on it.
    ['a script', /\/assets\/LegalPage-[^/]+\.js$/, '法律声明'],
    // A page's stylesheet the deploy removed, answered 404 as the server now does.
    ['a stylesheet', /\/assets\/IndustryPage-[^/]+\.css$/, '产业链'],
  ] as const;

  it.for(chunks)(
    'a tab whose next page lost %s in a deploy reloads once, then says 页面加载失败 inside the portal, and 重新加载 brings the page',
    async ([kind, chunk, linkName]) => {
      const page = await openPage(options, '/index');
      await page.getByRole('heading', { name: '链联产业服务平台', level: 1 }).waitFor();
      await page.route(chunk, (route) =>
        kind === 'a script' ? route.abort() : route.fulfill({ status: 404, contentType: 'text/css', body: '' }),
      );
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });

      const link =
        kind === 'a script'
          ? page.getByRole('contentinfo').getByRole('link', { name: linkName })
          : page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: linkName });
      await link.click();

      await page.getByText('页面加载失败').waitFor();
      await page.waitForTimeout(1_000);
      expect(loads, 'one automatic reload, no loop').toBe(1);
      await expect.poll(() => page.getByRole('banner').isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('contentinfo').isVisible()).toBe(true);
      expect(await page.locator('body').textContent()).not.toMatch(/Unexpected Application Error|Hey developer/);
      await page.screenshot({ path: `${SHOTS}/newcomer-${device}-stale-chunk.png`, fullPage: true });

      await page.unroute(chunk);
      await page.getByRole('button', { name: '重新加载' }).click();
      await page.getByText('页面加载失败').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(kind === 'a script' ? '/legal' : '/industry');
    },
  );
});
