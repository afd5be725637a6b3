import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { axeViolations } from './axe';
import { launchChromium, motionsEnded, settledOptions } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';
import { expectSuccessToast, openAbilityFromLibrary, receivedRequestRow, requestCooperation } from './portal-steps';

/**
 * The management centre's business in Chromium against the built app and a real server with the
 * demo data: an ability from creation to a cooperation chat, a sub-account's narrow view, and the
 * statistics charts. The steps build on each other, in order.
 */
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

async function loggedIn(account: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, account, DEMO_PASSWORD);
  return page;
}

const ABILITY = '冷链集装箱海运拼箱（宁波—洛杉矶）';
const KEYBOARD_ABILITY = '跨境电商海外仓一件代发（键盘录入）';
const REQUEST_MESSAGE = '我们每月有两个40尺柜的精密零部件发往美西，想了解拼箱与海外仓一体化报价。';

const manageNav = (page: Page) => page.getByRole('navigation', { name: '管理中心导航' });
const drawer = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
const categoryField = (editor: Locator) =>
  editor.locator('.ant-form-item').filter({ hasText: '能力分类' }).locator('.ant-select');
const abilityRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const todoBar = (page: Page) => page.getByRole('status').filter({ hasText: '合作消息' });
const conversationList = (page: Page) => page.getByRole('list', { name: '会话列表' });
const messages = (page: Page) => page.getByRole('region', { name: '消息列表' });

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: '消息输入框' }).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** A portal call as the web app's request() makes it: the stored token as the bearer. */
function callAs<T>(page: Page, url: string, method = 'GET', body?: unknown): Promise<{ code: number; data: T }> {
  return page.evaluate(
    async ({ url, method, body }) => {
      const token = (JSON.parse(localStorage.getItem('user') ?? 'null') as { token: string } | null)?.token;
      const response = await fetch(`/prod-api${url}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.json();
    },
    { url, method, body },
  );
}

/** A visually hidden chart table, as a screen reader reads it: row header, then the numbers. */
async function chartTable(page: Page, caption: string): Promise<Array<[string, ...number[]]>> {
  const table = page.locator('table').filter({ has: page.locator('caption', { hasText: caption }) });
  await table.waitFor({ state: 'attached' });
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const [name, ...values] = Array.from(row.children, (cell) => cell.textContent ?? '');
      return [name ?? '', ...values.map(Number)] as [string, ...number[]];
    }),
  );
}

async function cardValue(cards: Locator, label: string): Promise<number> {
  const text = await cards.locator('li').filter({ hasText: label }).locator('.ant-statistic-content').textContent();
  return Number((text ?? '').replace(/,/g, ''));
}

/** Presses Tab until `target` has the focus, as a keyboard user would reach it; fails if it never does. */
async function tabTo(page: Page, target: Locator, most = 40): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** The page has loaded what it shows: no spinner, no skeleton. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
}

describe('the management centre in a browser', () => {
  let lina: Page;
  let zhang: Page;

  it('lets an approved enterprise create an ability as a draft and publish it from the list', async () => {
    lina = await loggedIn('lina');
    await lina.goto(`${server.url}/manageCenter/abilities`);
    await lina.getByRole('heading', { name: '我的能力' }).waitFor();
    await lina.getByRole('button', { name: '新增能力' }).click();

    const editor = drawer(lina, '新增能力');
    await editor.getByLabel('能力名称').fill(ABILITY);
    await editor.getByLabel('能力分类').click();
    const category = settledOptions(lina).first();
    const categoryName = (await category.textContent()) ?? '';
    await category.click();
    await expect.poll(() => categoryField(editor).innerText()).toBe(categoryName);
    await editor.getByLabel('能力简介').fill('宁波港出发，冷链拼箱直达洛杉矶，全程温控与海外仓接驳。');
    await editor.getByRole('button', { name: '保存草稿' }).click();
    await expectSuccessToast(lina, '保存成功');
    await editor.waitFor({ state: 'hidden' });

    const row = abilityRow(lina, ABILITY);
    await row.getByText('草稿', { exact: true }).waitFor();
    await row.getByText(categoryName, { exact: true }).waitFor();
    await row.getByRole('button', { name: '发布', exact: true }).click();
    await row.getByText('已发布', { exact: true }).waitFor();
    await row.getByRole('button', { name: '下架', exact: true }).waitFor();
  });

  it('creates a draft ability by keyboard alone, and the focus comes back to 新增能力 when the editor closes', async () => {
    await lina.goto(`${server.url}/manageCenter/abilities`);
    const add = lina.getByRole('button', { name: '新增能力' });
    await tabTo(lina, add);
    await lina.keyboard.press('Enter');
    const editor = drawer(lina, '新增能力');
    await editor.waitFor();

    await tabTo(lina, editor.getByLabel('能力名称'));
    await lina.keyboard.type(KEYBOARD_ABILITY);
    await tabTo(lina, editor.getByLabel('能力分类'));
    // The first category, chosen as a keyboard user does: open the list, take the active option.
    await lina.keyboard.press('ArrowDown');
    const active = settledOptions(lina).and(lina.locator('.ant-select-item-option-active'));
    const categoryName = (await active.textContent()) ?? '';
    await lina.keyboard.press('Enter');
    await expect.poll(() => categoryField(editor).innerText()).toBe(categoryName);
    await tabTo(lina, editor.getByRole('button', { name: '保存草稿' }));
    await lina.keyboard.press('Enter');

    await expectSuccessToast(lina, '保存成功');
    await editor.waitFor({ state: 'hidden' });
    await abilityRow(lina, KEYBOARD_ABILITY).getByText('草稿', { exact: true }).waitFor();
    await expect.poll(() => hasFocus(add)).toBe(true);
  });

  it('shows a cooperation request in the floating bar; agreeing opens the chat naming the ability, and both chat', async () => {
    // No request waits for 李娜 in the demo data: no reminder yet.
    await lina.goto(`${server.url}/manageCenter/home`);
    await lina.waitForLoadState('networkidle');
    expect(await todoBar(lina).count()).toBe(0);

    // 张伟 finds the newly published ability in the capability library and asks for a cooperation.
    zhang = await loggedIn('zhangwei');
    await openAbilityFromLibrary(zhang, server.url, ABILITY);
    await requestCooperation(zhang, { phone: '13800000001', message: REQUEST_MESSAGE });

    await lina.goto(`${server.url}/manageCenter/home`);
    await todoBar(lina).getByText('您有 1 条新的合作消息').waitFor();
    await todoBar(lina).getByRole('button', { name: '您有 1 条新的合作消息' }).click();
    await lina.waitForURL('**/manageCenter/userCenter/cooperation');
    const request = await receivedRequestRow(lina, REQUEST_MESSAGE);
    await request.getByText('张伟', { exact: true }).waitFor();
    await request.getByText('待处理', { exact: true }).waitFor();
    await request.getByRole('button', { name: '处理' }).click();
    const detail = drawer(lina, '合作申请详情');
    await detail.getByText(REQUEST_MESSAGE).waitFor();
    await detail.getByText(ABILITY).first().waitFor();
    await detail.getByRole('button', { name: '同意', exact: true }).click();
    await lina.getByRole('tooltip').getByRole('button', { name: '同意', exact: true }).click();
    await detail.getByText('已同意', { exact: true }).waitFor();

    await detail.getByRole('button', { name: '去聊天' }).click();
    await lina.waitForURL('**/manageCenter/message**');
    await lina.locator('.lc-chat__title').getByText('张伟').waitFor();
    // The opening message is the server's; the user sees it name the ability.
    await messages(lina).getByText(ABILITY, { exact: false }).waitFor();

    await zhang.goto(`${server.url}/manageCenter/message`);
    await conversationList(zhang)
      .getByRole('button')
      .filter({ has: zhang.getByText('李娜', { exact: true }) })
      .click();
    await messages(zhang).getByText(ABILITY, { exact: false }).waitFor();

    await send(zhang, '李总好，冷链拼箱的报价什么时候方便发我？');
    await messages(lina).getByText('李总好，冷链拼箱的报价什么时候方便发我？').waitFor();
    await send(lina, '张总好，今天下班前发您。');
    await messages(zhang).getByText('张总好，今天下班前发您。').waitFor();
  });

  it('answers a cooperation request by keyboard, the focus returning to the row when the detail closes', async () => {
    // A request the demo data leaves waiting for 张伟.
    const [waiting] = await server.db.query<{ message: string }>(
      `SELECT r.message FROM portal_cooperation_requests r JOIN portal_accounts a ON a.user_id = r.to_user
        WHERE a.login_name = 'zhangwei' AND r.apply_status = 0 ORDER BY r.created_at DESC LIMIT 1`,
    );
    const message = waiting?.message ?? '';
    expect(message).not.toBe('');
    await zhang.goto(`${server.url}/manageCenter/userCenter/cooperation`);
    const action = zhang
      .getByRole('row')
      .filter({ hasText: message })
      .getByRole('button', { name: /^(处理|去聊天)$/ });
    await tabTo(zhang, action);
    await expect.poll(() => action.textContent()).toBe('处理');

    await zhang.keyboard.press('Enter');
    const detail = drawer(zhang, '合作申请详情');
    await detail.getByText(message).waitFor();
    await zhang.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => hasFocus(action)).toBe(true);

    await zhang.keyboard.press('Enter');
    await tabTo(zhang, detail.getByRole('button', { name: '同意', exact: true }));
    await zhang.keyboard.press('Enter');
    // The question's confirming button has the focus: Enter agrees.
    const confirm = zhang.getByRole('tooltip').getByRole('button', { name: '同意', exact: true });
    await expect.poll(() => hasFocus(confirm)).toBe(true);
    await zhang.keyboard.press('Enter');
    await detail.getByText('已同意', { exact: true }).waitFor();
    await expect.poll(() => hasFocus(detail.getByRole('button', { name: '去聊天' }))).toBe(true);

    await zhang.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => action.textContent()).toBe('去聊天');
    await expect.poll(() => hasFocus(action)).toBe(true);
  });

  it('shows a sub-account only its granted ability, which it may edit, without adding, deleting or sub-accounts', async () => {
    const ops = await loggedIn('zhangwei_ops');
    const [granted] = await server.db.query<{ product_name: string }>(
      `SELECT p.product_name FROM portal_products p
         JOIN portal_accounts a ON a.login_name = 'zhangwei'
        WHERE p.owner_id = a.user_id AND p.deleted_at IS NULL ORDER BY p.id LIMIT 1`,
    );
    const name = granted?.product_name ?? '';
    expect(name).not.toBe('');

    await ops.goto(`${server.url}/manageCenter/abilities`);
    await ops.getByRole('heading', { name: '我的能力' }).waitFor();
    await abilityRow(ops, name).waitFor();
    await ops.getByText('共 1 条').waitFor();
    // Only the header row and the granted ability.
    expect(await ops.getByRole('row').count()).toBe(2);
    expect(await ops.getByRole('button', { name: '新增能力' }).count()).toBe(0);
    expect(await ops.getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(await ops.getByRole('tab', { name: '回收站' }).count()).toBe(0);
    await manageNav(ops).getByText('我的能力').waitFor();
    expect(await manageNav(ops).getByText('子账号').count()).toBe(0);

    await abilityRow(ops, name).getByRole('button', { name: '编辑' }).click();
    const editor = drawer(ops, '编辑能力');
    const summary = editor.getByLabel('能力简介');
    await expect.poll(() => summary.inputValue()).not.toBe('');
    await summary.fill('运营助理更新：支持小批量打样，72小时交付首件。');
    await editor.getByRole('button', { name: '保存', exact: true }).click();
    await expectSuccessToast(ops, '修改成功');
    await editor.waitFor({ state: 'hidden' });
    await abilityRow(ops, name).getByText('运营助理更新：支持小批量打样，72小时交付首件。').waitFor();
  });

  it('draws statistics charts with the numbers the server returns for the user', async () => {
    await lina.goto(`${server.url}/manageCenter/statistics`);
    await lina.getByRole('heading', { name: '数据统计' }).waitFor();
    await lina.getByRole('img', { name: '近7天浏览、关注、合作申请与收藏趋势' }).locator('svg').first().waitFor();

    const [totals, fresh, week, top, keywords, categories] = await Promise.all([
      callAs<{ enterprises: number; publishedAbilities: number; cooperationRequests: number; openNeeds: number }>(
        lina,
        '/portal/supply/chain/statistics',
      ),
      callAs<{ abilities: number; enterprises: number; needs: number }>(lina, '/portal/supply/chain/new/statistics'),
      callAs<{ days: string[]; views: number[]; follows: number[]; cooperations: number[]; collections: number[] }>(
        lina,
        '/portal/self/center/week/chart/statistics/data',
      ),
      callAs<Array<{ productName: string; views: number }>>(lina, '/portal/self/center/ability/top/ten/statistics'),
      callAs<Array<{ keyword: string; count: number }>>(lina, '/portal/self/center/keywords/top/ten/statistics'),
      callAs<Array<{ categoryName: string; total: number; published: number }>>(
        lina,
        '/portal/supply/chain/ability/statistic',
      ),
    ]);

    const cards = lina.getByRole('list', { name: '平台概况' });
    expect(await cardValue(cards, '入驻企业')).toBe(totals.data.enterprises);
    expect(await cardValue(cards, '已发布能力')).toBe(totals.data.publishedAbilities);
    expect(await cardValue(cards, '合作申请')).toBe(totals.data.cooperationRequests);
    expect(await cardValue(cards, '开放需求')).toBe(totals.data.openNeeds);
    await cards.getByText(`本周新增 ${fresh.data.abilities}`).waitFor();

    const { days, views, follows, cooperations, collections } = week.data;
    expect(await chartTable(lina, '近7天浏览、关注、合作申请与收藏趋势')).toEqual(
      days.map((day, i) => [day, views[i], follows[i], cooperations[i], collections[i]]),
    );
    // The new request about 李娜's ability counts today.
    expect(cooperations.at(-1)).toBeGreaterThanOrEqual(1);
    await lina.getByText('能力浏览量 Top 10（累计）').waitFor();
    expect(await chartTable(lina, '累计浏览量前十的能力')).toEqual(top.data.map((a) => [a.productName, a.views]));
    expect(top.data.length).toBeGreaterThan(0);
    expect(keywords.data.length).toBeGreaterThan(0);
    expect(await chartTable(lina, '近30天热门搜索词前十')).toEqual(keywords.data.map((k) => [k.keyword, k.count]));
    expect(await chartTable(lina, '我的能力分类分布')).toEqual(
      categories.data.map((c) => [c.categoryName, c.total, c.published]),
    );
    expect(categories.data.some((c) => c.published > 0)).toBe(true);
  });

  // One test per page, each within its own time limit: under load one scan of a large page takes
  // several seconds, and twenty of them in one test outran its minute.
  describe('has no serious accessibility problems', () => {
    it.each([
      'home',
      'abilities',
      'need-push',
      'integrated',
      'industry',
      'statistics',
      'sub-account',
      'userCenter/cooperation',
      'userCenter/follows',
      'userCenter/official-push',
      'userCenter/vip',
      'userCenter/points',
      'userCenter/education',
    ])('on the page %s', async (path) => {
      await lina.goto(`${server.url}/manageCenter/${path}`);
      await settled(lina);
      expect(await axeViolations(lina, '.manage')).toEqual([]);
    });

    it('in the ability editor', async () => {
      await lina.goto(`${server.url}/manageCenter/abilities`);
      await lina.getByRole('button', { name: '编辑' }).first().click();
      await drawer(lina, '编辑能力').getByRole('button', { name: '保存', exact: true }).waitFor();
      await motionsEnded(lina);
      expect(await axeViolations(lina, '.ant-drawer-section')).toEqual([]);
    });

    it('in the cooperation request detail', async () => {
      await zhang.goto(`${server.url}/manageCenter/userCenter/cooperation`);
      await zhang.getByRole('button', { name: '查看' }).first().click();
      await drawer(zhang, '合作申请详情').getByText('申请时间').waitFor();
      await motionsEnded(zhang);
      expect(await axeViolations(zhang, '.ant-drawer-section')).toEqual([]);
    });

    // The phone layouts: the menu across the top, cards in place of tables.
    describe('on a phone', () => {
      let linaPhone: Page;
      beforeAll(async () => {
        const phone = await browser.newContext({
          locale: 'zh-CN',
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          storageState: await lina.context().storageState(),
        });
        contexts.push(phone);
        linaPhone = await phone.newPage();
      });

      it.each(['home', 'abilities', 'statistics', 'userCenter/cooperation', 'userCenter/follows'])(
        'on the page %s',
        async (path) => {
          await linaPhone.goto(`${server.url}/manageCenter/${path}`);
          await settled(linaPhone);
          expect(await axeViolations(linaPhone, '.manage')).toEqual([]);
        },
      );
    });
  });
});
