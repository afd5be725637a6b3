import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * What a newcomer meets in the portal's shell, on a desktop (1440×900) and a phone (390×844): a tab
 * left open across a deploy, the way to the portal search, the ICP line, the login modal, the one
 * main landmark. Screenshots go to the git-ignored tests/e2e/screenshots for a person to look at.
 */
const SHOTS = fileURLToPath(new URL('./screenshots', import.meta.url));
const ICP = '闽ICP备2026000001号-1';
const DEVICES: ReadonlyArray<readonly [string, BrowserContextOptions]> = [
  ['desktop', { viewport: { width: 1440, height: 900 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

let server: LiaisonServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startPortal({ portal: { testHooks: true, devOutboxEndpoint: true, icp: ICP } }),
    launchChromium(),
  ]);
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

const loginModal = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByText('用户登录', { exact: true }) });

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

  it('opens the portal search from the header and from the home page’s box, with the typed words', async () => {
    const page = await openPage(options, '/index');
    await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
    await page.screenshot({ path: `${SHOTS}/newcomer-${device}-home-search.png` });
    // The header's search fits beside the logo and a member's buttons, on one row.
    const middles = await page.evaluate(() =>
      ['.portal-header__logo', '.portal-header__actions'].map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box ? Math.round((box.top + box.bottom) / 2) : -1;
      }),
    );
    expect(Math.abs((middles[0] ?? 0) - (middles[1] ?? -100))).toBeLessThanOrEqual(4);

    const hero = page.getByRole('main').getByRole('search', { name: '站内搜索' });
    await hero.getByRole('searchbox', { name: '搜索能力、企业、专家和资讯' }).fill('仓储');
    await hero.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/\/search\?keyword=%E4%BB%93%E5%82%A8$/);
    const pageBox = page.getByRole('main').getByRole('searchbox', { name: '搜索能力、企业、专家和资讯' });
    await expect.poll(() => pageBox.inputValue()).toBe('仓储');
    // The search page has its own box: the header offers no second one there.
    await expect.poll(() => page.getByRole('banner').getByRole('search').count()).toBe(0);

    await page.getByRole('banner').getByRole('link', { name: '首页' }).click();
    await page.waitForURL(/\/index$/);
    const header = page.getByRole('banner');
    if (device === 'desktop') {
      const box = header.getByRole('search', { name: '站内搜索' }).getByRole('searchbox');
      await box.fill('冷链 物流');
      await box.press('Enter');
      await page.waitForURL(/\/search\?keyword=%E5%86%B7%E9%93%BE%20%E7%89%A9%E6%B5%81$/);
    } else {
      // No room for a box on a phone's header: an icon opens the search page.
      expect(await header.getByRole('search').count()).toBe(0);
      await header.getByRole('link', { name: '搜索' }).click();
      await page.waitForURL(/\/search$/);
    }
    await pageBox.waitFor();
    await page.screenshot({ path: `${SHOTS}/newcomer-${device}-search.png` });
  });

  it('shows the configured ICP filing number in the footer, linked to MIIT’s filing site', async () => {
    const page = await openPage(options, '/index');
    const icp = page.getByRole('contentinfo').getByRole('link', { name: ICP });
    await icp.waitFor();
    expect(await icp.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    await icp.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/newcomer-${device}-footer.png` });
  });

  it('opens the login modal on its first field, and a toast keeps clear of the modal’s title', async () => {
    const page = await openPage(options, '/index');
    await page.getByRole('button', { name: '登录/注册' }).click();
    const modal = loginModal(page);
    const account = modal.getByRole('textbox', { name: '账号', exact: true });
    await expect.poll(() => account.evaluate((input) => input === document.activeElement)).toBe(true);

    await account.fill('zhangwei');
    await modal.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    // No sum of the arithmetic captcha comes to this: the server refuses it with a toast.
    await modal.getByRole('textbox', { name: '图形验证码', exact: true }).fill('9999');
    await modal.getByRole('button', { name: '登录', exact: true }).click();
    const toast = page.locator('.ant-message-notice').first();
    await toast.waitFor();
    const title = modal.locator('.ant-modal-title');
    const [toastBox, titleBox] = await Promise.all([toast.boundingBox(), title.boundingBox()]);
    await page.screenshot({ path: `${SHOTS}/newcomer-${device}-login-toast.png` });
    expect(toastBox && titleBox && toastBox.y + toastBox.height <= titleBox.y).toBe(true);
  });

  it('has one main landmark on the home page and in the message centre', async () => {
    const page = await openPage(options, '/index');
    await page.getByRole('heading', { name: '链联产业服务平台', level: 1 }).waitFor();
    expect(await page.getByRole('main').count()).toBe(1);
    await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
    await page.goto(`${server.url}/manageCenter/message`);
    await page.getByRole('list', { name: '会话列表' }).waitFor();
    expect(await page.getByRole('main').count()).toBe(1);
  });

  it('names the period the Top 10 views chart counts on the statistics page', async () => {
    const page = await openPage(options, '/index');
    await loginThroughPortal(server, page, 'lina', DEMO_PASSWORD);
    await page.goto(`${server.url}/manageCenter/statistics`);
    await page.getByRole('img', { name: '累计浏览量前十的能力' }).waitFor();
    await page.getByText('能力浏览量 Top 10（累计）').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/newcomer-${device}-statistics.png` });
  });

  it('writes the time of today’s sign-in on the day the sign-in strip calls today, for a reader whose clock is elsewhere', async () => {
    // Shanghai's date now, and a browser zone whose date is another one at this hour.
    const shanghaiNow = new Date(Date.now() + 8 * 3_600_000);
    const today = shanghaiNow.toISOString().slice(0, 10);
    const timezoneId = shanghaiNow.getUTCHours() < 18 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const page = await openPage({ ...options, timezoneId }, '/index');
    await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
    await page.goto(`${server.url}/manageCenter/userCenter/points`);
    const signIn = page.getByRole('button', { name: /立即签到|今日已签到/ });
    if ((await signIn.textContent())?.includes('立即签到')) await signIn.click();
    await page.getByRole('button', { name: '今日已签到' }).waitFor();
    await page.getByRole('listitem', { name: `${today}已签到` }).waitFor();
    const newest = page.getByRole('table').getByRole('row').nth(1).getByRole('cell').first();
    await expect.poll(() => newest.textContent()).toMatch(new RegExp(`^${today} \\d\\d:\\d\\d$`));
  });

  it('writes the times in the chat in the same zone as the rest of the portal, for a reader whose clock is elsewhere', async () => {
    const page = await openPage({ ...options, timezoneId: 'Pacific/Pago_Pago' }, '/index');
    await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
    await page.goto(`${server.url}/manageCenter/message`);
    await page.locator('[data-conversation-id^="C2C"]').first().click();
    const stamp = page.locator('.lc-row__time time').first();
    await stamp.waitFor();
    // Shanghai's wall clock at the message's instant (UTC+8 all year); Pago Pago's is 19 hours behind.
    const instant = Date.parse((await stamp.getAttribute('datetime')) ?? '');
    const shanghaiClock = new Date(instant + 8 * 3_600_000).toISOString().slice(11, 16);
    expect(await stamp.textContent()).toContain(shanghaiClock);
  });

  it('keeps the end of each page clear of the floating cooperation reminder', async () => {
    const page = await openPage(options, '/index');
    await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
    for (const path of ['/index', '/supply?currentPage=1&activeKey=0', '/manageCenter/userCenter/points']) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('status').filter({ hasText: '条新的合作消息' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // What the reminder lies over once the page is scrolled to its end: nothing.
      const covered = await page.evaluate(() => {
        const bar = document.querySelector('.todo-bar')?.getBoundingClientRect();
        if (!bar) return ['no reminder'];
        return Array.from(document.querySelectorAll('main *, footer *'))
          .filter((el) => el.children.length === 0 && (el.textContent ?? '').trim() !== '')
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.bottom > bar.top + 1 && box.top < bar.bottom && box.right > bar.left && box.left < bar.right;
          })
          .map((el) => (el.textContent ?? '').slice(0, 20));
      });
      expect(covered, path).toEqual([]);
    }
    await page.screenshot({ path: `${SHOTS}/newcomer-${device}-reminder-end.png` });
  });

  it('plays a learning video as long as its card says, titled without a length it does not have', async () => {
    const page = await openPage(options, '/index');
    await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
    await page.goto(`${server.url}/manageCenter/userCenter/education`);
    const card = page.getByRole('button', { name: /^播放\s*发布企业能力：三步上手/ });
    await card.getByText('0:20').waitFor();
    expect(await page.getByRole('main').textContent()).not.toMatch(/\d+分钟|示例|Liaison/);
    await card.click();
    const video = page.getByRole('dialog').locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => Math.round(element.duration || 0))).toBe(20);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.currentTime = 16;
      await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    });
    await page.screenshot({ path: `${SHOTS}/newcomer-${device}-lesson.png` });
  });
});
