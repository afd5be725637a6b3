import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { axeViolations } from './axe';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * Accounts that are not an enterprise of their own, as they see the portal in Chromium at both
 * sizes: a sub-account acts for its enterprise (its beta, its verification), the platform
 * administrator lands on its platform board, and neither is asked to verify anything. Screenshots
 * go to tests/e2e/screenshots (git-ignored) for a person to look at.
 */
const SHOTS = process.env.LAYOUT_SCREENSHOTS ?? fileURLToPath(new URL('./screenshots', import.meta.url));

let server: LiaisonServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.close();
});

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
type Size = (typeof VIEWPORTS)[number];

async function loggedIn(size: Size, account: string): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, account, DEMO_PASSWORD);
  return page;
}

const manageNav = (page: Page) => page.getByRole('navigation', { name: '管理中心导航' });
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page has loaded what it shows: no spinner, no skeleton. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
}

/** No verification prompt, beta modal or enterprise form offered anywhere on the page. */
async function asksNothing(page: Page): Promise<void> {
  for (const title of ['实名认证', '企业认证']) {
    expect(await page.getByRole('dialog').filter({ hasText: title }).count(), title).toBe(0);
  }
  expect(await page.getByRole('dialog').filter({ hasText: '内测' }).count()).toBe(0);
  expect(await page.getByText('去企业认证').count()).toBe(0);
  expect(await page.getByRole('heading', { name: '企业认证' }).count()).toBe(0);
}

describe.each(VIEWPORTS)('accounts acting for an enterprise or the platform ($name)', (size) => {
  it('lets a sub-account open every entry of its menu, as its beta enterprise, asking it to verify nothing', async () => {
    const ops = await loggedIn(size, 'zhangwei_ops');
    await settled(ops);
    await asksNothing(ops);

    await ops.goto(`${server.url}/manageCenter`);
    await ops.getByRole('heading', { name: '我的能力' }).waitFor();
    expect(pathOf(ops)).toBe('/manageCenter/abilities');

    const nav = manageNav(ops);
    await nav.getByText('我的消息').waitFor();
    expect(await nav.getByText('实名认证').count()).toBe(0);
    expect(await nav.getByText('企业认证').count()).toBe(0);

    const entries: Array<[string, string]> = [
      ['home', '管理首页'],
      ['abilities', '我的能力'],
      ['userCenter/cooperation', '合作消息'],
      ['userCenter/follows', '关注与收藏'],
      ['userCenter/official-push', '官方推送'],
      ['userCenter/education', '学习视频'],
    ];
    for (const [path, heading] of entries) {
      await ops.goto(`${server.url}/manageCenter/${path}`);
      await ops.getByRole('heading', { name: heading, exact: true }).waitFor();
      await settled(ops);
      expect(pathOf(ops), heading).toBe(`/manageCenter/${path}`);
      expect(await ops.getByText('无权访问此页面').count(), heading).toBe(0);
      await asksNothing(ops);
    }

    await ops.goto(`${server.url}/manageCenter/home`);
    const home = ops.getByRole('list', { name: '我管理的能力' });
    await home.getByText('五轴CNC精密加工').waitFor();
    await ops.getByText('苏州精工智造有限公司 · 子账号').waitFor();
    await settled(ops);
    await ops.screenshot({ path: `${SHOTS}/sub-account-home-${size.name}.png`, fullPage: true });
    expect(await axeViolations(ops, '.manage')).toEqual([]);

    // 我的消息: the chat kit, to talk about the abilities it manages.
    await ops.goto(`${server.url}/manageCenter/message`);
    await ops.getByText('消息服务已连接').waitFor();
    expect(pathOf(ops)).toBe('/manageCenter/message');
    await ops.screenshot({ path: `${SHOTS}/sub-account-message-${size.name}.png` });

    // A public detail page behind the beta.
    const [ability] = await server.db.query<{ id: unknown }>(
      "SELECT id FROM portal_products WHERE product_name = '五轴CNC精密加工'",
    );
    await ops.goto(`${server.url}/supplyDetail?id=${String(ability?.id)}`);
    await ops.getByText('五轴CNC精密加工').first().waitFor();
    expect(pathOf(ops)).toBe('/supplyDetail');

    // Its own verification pages, typed: its enterprise's verification is its own.
    await ops.goto(`${server.url}/manageCenter/userCenter/enterprise`);
    await ops.getByText('无权访问此页面').waitFor();
    expect(await ops.getByRole('button', { name: '提交认证' }).count()).toBe(0);
  });

  it('lands the platform administrator on its platform board, asking it to verify nothing', async () => {
    const admin = await loggedIn(size, 'admin');
    await settled(admin);
    await asksNothing(admin);

    await admin.goto(`${server.url}/manageCenter`);
    await admin.getByRole('heading', { name: '平台看板' }).waitFor();
    expect(pathOf(admin)).toBe('/manageCenter/home');
    const waiting = admin.getByRole('list', { name: '待审核' });
    // zhaomin's enterprise material and chenlei's and wangfang's beta applications wait (README).
    await waiting.getByText('待审核企业认证').waitFor();
    const count = async (label: string) =>
      Number(
        (await waiting.locator('li').filter({ hasText: label }).locator('.ant-statistic-content').textContent()) ?? '',
      );
    expect(await count('待审核企业认证')).toBeGreaterThanOrEqual(1);
    expect(await count('待审核内测申请')).toBeGreaterThanOrEqual(2);
    const platform = admin.getByRole('list', { name: '平台概况' });
    await platform.getByText('入驻企业').waitFor();
    await settled(admin);
    await asksNothing(admin);
    await admin.screenshot({ path: `${SHOTS}/admin-home-${size.name}.png`, fullPage: true });
    expect(await axeViolations(admin, '.manage')).toEqual([]);

    await waiting.getByText('待审核企业认证').click();
    await admin.waitForURL('**/manageCenter/userCenter/review');
    await admin.getByRole('heading', { name: '审核管理' }).waitFor();
  });

  it('leads a user awaiting enterprise approval from a typed /manageCenter/home to 企业认证, not the beta wall', async () => {
    const zhao = await loggedIn(size, 'zhaomin');
    await zhao.goto(`${server.url}/manageCenter/home`);
    await zhao.getByRole('heading', { name: '企业认证' }).waitFor();
    expect(pathOf(zhao)).toBe('/manageCenter/userCenter/enterprise');
    expect(await zhao.getByRole('dialog').filter({ hasText: '内测' }).count()).toBe(0);
    await settled(zhao);
    await zhao.screenshot({ path: `${SHOTS}/awaiting-enterprise-home-${size.name}.png`, fullPage: true });
  });
});
