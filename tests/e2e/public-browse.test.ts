import type { PublicAbility } from '@liaison/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import type { PageOf } from '../../apps/server/src/portal/paging';
import { PortalClient } from '../../apps/server/src/portal/test-client';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';
import { receivedRequestRow, requestCooperation } from './portal-steps';

/**
 * The public portal's browsing paths in Chromium against the built app and a real server with the
 * demo data: a visitor through home and the capability library (tabs, paging, back, a shared
 * link) to a detail that asks them to log in, then asking for a cooperation the enterprise
 * receives in her inbox; a logged-in user following and chatting from an ability; and the
 * portal search. The phone layout of every public page is public-layout.test.ts's.
 */
let server: LiaisonServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** 李娜's warehousing abilities made for this file: more than one page of the 仓储物流 tab. */
const PREFIX = `恒温分拨${process.pid}号`;
let linaId = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  const lina = await client('lina');
  linaId = (await lina.call<{ userId: string }>('GET', '/portal/self/center/info')).data?.userId ?? '';
  for (let n = 1; n <= 14; n += 1) {
    const answer = await lina.call('POST', '/portal/supply/chain/add/product', {
      productName: `${PREFIX}${n}`,
      categoryId: 4,
      summary: `${PREFIX}的温控仓储与区域分拨服务`,
      description: '<h2>服务内容</h2><p>恒温库区、冷链配送与库存可视化。</p>',
      status: 1,
    });
    expect(answer.code, answer.msg).toBe(200);
  }
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.close();
});

async function client(loginName: string): Promise<PortalClient> {
  const who = new PortalClient(server);
  const answer = await who.login(loginName, DEMO_PASSWORD);
  expect(answer.code, answer.msg).toBe(200);
  return who;
}

async function newPage(options: { phone?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    ...(options.phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1440, height: 900 } }),
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  return context.newPage();
}

async function loggedIn(account: string, options: { phone?: boolean } = {}): Promise<Page> {
  const page = await newPage(options);
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, account, DEMO_PASSWORD);
  return page;
}

/** The library's page as a visitor's API call answers it. */
async function library(body: object, pageNum: number): Promise<string[]> {
  const answer = await new PortalClient(server).call<PageOf<PublicAbility>>(
    'POST',
    `/portal/product/list/query?pageNum=${pageNum}&pageSize=12`,
    body,
  );
  return answer.data?.rows.map((row) => row.productName) ?? [];
}

async function abilityId(name: string): Promise<string> {
  const answer = await new PortalClient(server).call<PageOf<PublicAbility>>(
    'POST',
    '/portal/product/list/query?pageNum=1&pageSize=50',
    { keyword: name },
  );
  return answer.data?.rows.find((row) => row.productName === name)?.id ?? '';
}

const abilityList = (page: Page) => page.getByRole('list', { name: '能力列表' });
const cardNames = (page: Page) => abilityList(page).getByRole('heading', { level: 3 }).allTextContents();
const loginModal = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByText('用户登录', { exact: true }) });

describe('browsing the public portal', () => {
  it('takes a visitor from home through the library tabs and pages, back and by a shared link, to a detail that asks them to log in before the cooperation request reaches the enterprise', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/index`);
    await page.getByRole('heading', { level: 1, name: '链联产业服务平台' }).waitFor();
    await page.getByRole('list', { name: '精选能力' }).getByRole('link').first().waitFor();

    await page.getByRole('link', { name: '能力库', exact: true }).first().click();
    await page.waitForURL('**/supply?currentPage=1&activeKey=0');
    await abilityList(page).waitFor();
    await page.getByRole('tab', { name: '仓储物流' }).click();
    await page.waitForURL(/activeKey=4/);
    const [first, second] = await Promise.all([library({ categoryId: 4 }, 1), library({ categoryId: 4 }, 2)]);
    expect(second.length).toBeGreaterThan(0);
    await expect.poll(() => cardNames(page)).toEqual(first);

    await page.locator('.public-pager .ant-pagination-item-2').click();
    await page.waitForURL(/currentPage=2/);
    await expect.poll(() => cardNames(page)).toEqual(second);
    await page.goBack();
    await page.waitForURL(/currentPage=1/);
    await expect.poll(() => cardNames(page)).toEqual(first);

    const shared = await newPage();
    await shared.goto(`${server.url}/supply?currentPage=2&activeKey=4`);
    await expect.poll(() => cardNames(shared)).toEqual(second);
    expect(await shared.getByRole('tab', { name: '仓储物流', selected: true }).count()).toBe(1);

    // The newest ability (on the first page) asks the visitor to log in; the login's reload opens it.
    const name = `${PREFIX}14`;
    await abilityList(page)
      .getByRole('link', { name: new RegExp(name) })
      .click();
    await page.waitForURL(/\/supplyDetail\?id=/);
    // Its captcha loaded before it closes, so the login below reads the answer of its own captcha.
    await loginModal(page).getByRole('img', { name: '图形验证码' }).waitFor();
    await page.keyboard.press('Escape');
    await loginThroughPortal(server, page, 'zhangwei', DEMO_PASSWORD);
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const message = `想了解${name}的恒温库容与月结价格，每月约300托。`;
    await requestCooperation(page, { phone: '13912345678', message });

    // 李娜, in her own browser, finds the request waiting in her cooperation inbox.
    const lina = await loggedIn('lina');
    await lina.goto(`${server.url}/manageCenter/userCenter/cooperation`);
    const row = await receivedRequestRow(lina, message);
    await row.getByText(name, { exact: true }).waitFor();
    await row.getByText('张伟', { exact: true }).waitFor();
    await row.getByText('待处理', { exact: true }).waitFor();
    await row.getByRole('button', { name: '处理' }).click();
    const detail = lina.getByRole('dialog').filter({ has: lina.getByText('合作申请详情', { exact: true }) });
    await detail.getByText('13912345678').waitFor();
  });

  it('lets a logged-in user follow the enterprise and open the chat with it from an ability', async () => {
    const page = await loggedIn('zhangwei');
    const name = `${PREFIX}3`;
    await page.goto(`${server.url}/supplyDetail?id=${await abilityId(name)}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('heading', { name: '服务内容' }).waitFor();

    const company = page.getByRole('complementary', { name: '发布企业' });
    const zhangwei = await client('zhangwei');
    const isFollowing = async () =>
      (await zhangwei.call<boolean>('GET', `/portal/supply/chain/has/follow/${linaId}`)).data;
    if (await isFollowing()) {
      // The demo data may already have 张伟 follow 李娜's enterprise: start from not following.
      await company.getByRole('button', { name: '已关注' }).click();
      await company.getByRole('button', { name: '关注企业' }).waitFor();
      expect(await isFollowing()).toBe(false);
    }
    await company.getByRole('button', { name: '关注企业' }).click();
    await company.getByRole('button', { name: '已关注' }).waitFor();
    expect(await isFollowing()).toBe(true);

    await page.getByRole('button', { name: '在线沟通' }).click();
    await page.waitForURL(`**/manageCenter/message?conversationID=C2C${linaId}`);
    await page.locator('.lc-chat__title').getByText('李娜').waitFor();
    await page.getByRole('textbox', { name: '消息输入框' }).waitFor();
  });

  it('searches two keywords as the user types and marks the matches in the all view and the tab', async () => {
    const page = await loggedIn('zhangwei');
    await page.goto(`${server.url}/search`);
    await page.getByRole('searchbox', { name: '搜索能力、企业、专家和资讯' }).fill(`${PREFIX} 区域`);
    await page.waitForURL(/keyword=/);

    const all = page.getByRole('region', { name: '能力结果' });
    await all.getByText('14 条').waitFor();
    expect(await all.getByRole('link').count()).toBe(3);
    const marked = await all.getByRole('link').first().locator('mark').allTextContents();
    expect(marked).toContain(PREFIX);
    expect(marked).toContain('区域');

    await page.getByRole('tab', { name: '能力 14' }).click();
    await page.waitForURL(/type=ability/);
    const tab = page.getByRole('list', { name: '能力结果列表' });
    await expect.poll(() => tab.getByRole('link').count()).toBe(10);
    expect(await tab.locator('mark', { hasText: '区域' }).count()).toBeGreaterThan(0);
  });
});
