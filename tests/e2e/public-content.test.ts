import type {
  ArticleSummary,
  ExpertSummary,
  IndustryChain,
  IndustryMember,
  MallGoods,
  MallOrder,
  OfficialServiceApplication,
  PointsInfo,
  ReportRow,
} from '@liaison/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import type { PageOf } from '../../apps/server/src/portal/paging';
import { freshMobile, PortalClient } from '../../apps/server/src/portal/test-client';
import { launchChromium, settledOptions } from './browser';
import { loginThroughPortal, nextCaptchaAnswer, smsCodeFromOutbox, startPortal } from './portal-harness';

/**
 * The portal's own content in Chromium against the built app and a real server with the demo
 * data: a visitor through the industry diagram, a release and the expert library; the
 * official-service application with its SMS code; a member redeeming in the points mall; a
 * report filed from the footer. The phone layout of every public page is public-layout.test.ts's.
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

/** A public GET, as any visitor's browser makes it. */
async function publicData<T>(url: string): Promise<T> {
  const answer = await new PortalClient(server).call<T>('GET', url);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as T;
}

/** The platform administrator, through the API. */
async function admin(): Promise<PortalClient> {
  const who = new PortalClient(server);
  expect((await who.login('admin', DEMO_PASSWORD)).code).toBe(200);
  return who;
}

const loginDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByText('用户登录', { exact: true }) });

describe('the portal’s content pages in a browser', () => {
  /** 李娜, logged in by the mall test; the report test goes on with her. */
  let lina: Page;
  let linaId = '';

  it('takes a visitor through the industry diagram to an enterprise, whose page asks them to log in', async () => {
    const chains = await publicData<IndustryChain[]>('/portal/industry/chains');
    const chain = chains.find((c) => c.segments.some((s) => s.memberCount > 0)) as IndustryChain;
    const segment = chain.segments.find((s) => s.memberCount > 0) as IndustryChain['segments'][number];
    const members = await publicData<PageOf<IndustryMember>>(
      `/portal/industry/segment/members?segmentId=${segment.id}&pageNum=1&pageSize=10`,
    );
    const member = members.rows[0] as IndustryMember;

    const page = await newPage();
    await page.goto(`${server.url}/industry`);
    await page.getByRole('tab', { name: chain.name }).click();
    const diagram = page.getByRole('region', { name: `${chain.name}产业链图谱` });
    const button = diagram.getByRole('button', { name: `${segment.name}，${segment.memberCount} 家企业` });
    // Keyboard first: the segments are real buttons.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('segmentId')).toBe(segment.id);
    await page.getByRole('heading', { name: `“${segment.name}”环节的企业` }).waitFor();

    await page.getByRole('link', { name: member.enterpriseName }).click();
    await loginDialog(page).waitFor();
  });

  it('opens a release and its ability link, which asks a visitor to log in', async () => {
    const releases = await publicData<PageOf<ArticleSummary>>(
      '/portal/article/list?kind=release&pageNum=1&pageSize=12',
    );
    const release = releases.rows.find((r) => r.productId !== null) as ArticleSummary;

    const page = await newPage();
    await page.goto(`${server.url}/newRelease`);
    await page.getByRole('list', { name: '新品发布列表' }).getByRole('link', { name: release.title }).click();
    await page.getByRole('heading', { level: 1, name: release.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/publish-detail');
    expect(await page.getByText(`发布企业：${release.enterpriseName}`).count()).toBe(1);
    const ability = page.getByRole('link', { name: '查看能力详情' });
    expect(await ability.getAttribute('href')).toBe(`/supplyDetail?id=${release.productId}`);
    await ability.click();
    await loginDialog(page).waitFor();

    await page.goto(`${server.url}/newRelease`);
    await page.getByRole('tab', { name: '行业资讯' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('news');
    const news = await publicData<PageOf<ArticleSummary>>('/portal/article/list?kind=news&pageNum=1&pageSize=12');
    await page.getByRole('list', { name: '行业资讯列表' }).getByRole('link', { name: news.rows[0]?.title }).waitFor();
  });

  it('filters the experts by field and keyword, and the address keeps the filter', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/expert`);
    const list = page.getByRole('list', { name: '专家列表' });
    await list.waitFor();
    // The radio buttons' inputs are hidden under their labels, which a person clicks.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '检验检测' }) })
      .click();
    await page.waitForURL(/field=/);
    const testers = await publicData<PageOf<ExpertSummary>>(
      `/portal/expert/list?field=${encodeURIComponent('检验检测')}&pageNum=1&pageSize=12`,
    );
    expect(testers.rows.length).toBeGreaterThan(0);
    await expect
      .poll(() => list.getByRole('heading', { level: 3 }).allTextContents())
      .toEqual(testers.rows.map((e) => e.name));

    const wanted = testers.rows[0] as ExpertSummary;
    await page.getByRole('searchbox', { name: '搜索专家' }).fill(wanted.name);
    await page.keyboard.press('Enter');
    await page.waitForURL(/keyword=/);
    await expect.poll(() => list.getByRole('heading', { level: 3 }).allTextContents()).toEqual([wanted.name]);

    await page.reload();
    await expect.poll(() => list.getByRole('heading', { level: 3 }).allTextContents()).toEqual([wanted.name]);
    await list.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: wanted.name }).waitFor();
    await page.getByRole('button', { name: '登录后查看联系方式' }).click();
    await loginDialog(page).waitFor();
  });

  it('sends an official-service application after an SMS code from the dev outbox', async () => {
    const mobile = freshMobile();
    const page = await newPage();
    await page.goto(`${server.url}/matchOperations`);
    const [captcha] = await Promise.all([
      nextCaptchaAnswer(server, page),
      page.getByRole('button', { name: '申请官方服务' }).first().click(),
    ]);
    const dialog = page.getByRole('dialog', { name: '申请官方服务' });
    await dialog.getByRole('textbox', { name: '手机号' }).fill(mobile);
    await dialog.getByRole('textbox', { name: '图形验证码' }).fill(captcha);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: /秒后重新发送/ }).waitFor();
    await dialog.getByRole('textbox', { name: '短信验证码' }).fill(await smsCodeFromOutbox(server, mobile));
    await dialog.getByRole('button', { name: '下一步' }).click();

    await dialog.getByLabel('服务类型').click();
    await settledOptions(page).filter({ hasText: '供应链金融' }).click();
    await dialog.locator('.ant-select', { hasText: '供应链金融' }).waitFor();
    await dialog.getByLabel('企业名称').fill('宁波甬新电子科技有限公司');
    await dialog.getByLabel('联系人').fill('周敏');
    await dialog.getByLabel('需求描述').fill('年出口额约三千万元，希望对接订单融资和出口信用保险。');
    const [applied] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/apply/official/service2')),
      dialog.getByRole('button', { name: '提交申请' }).click(),
    ]);
    const answer = (await applied.json()) as { code: number; data: { id: string } };
    expect(answer.code).toBe(200);
    await dialog.getByText('申请已提交').waitFor();

    const list = await (await admin()).call<PageOf<OfficialServiceApplication>>(
      'GET',
      '/system/official/service/list?pageNum=1&pageSize=10',
    );
    expect(list.data?.rows.find((row) => row.id === answer.data.id)).toMatchObject({
      mobile,
      company: '宁波甬新电子科技有限公司',
    });
  });

  it('lets a member redeem a mall item: the points go down by its cost, the stock by one, the order is listed', async () => {
    const api = new PortalClient(server);
    expect((await api.login('lina', DEMO_PASSWORD)).code).toBe(200);
    linaId = (await api.call<{ userId: string }>('GET', '/portal/self/center/info')).data?.userId ?? '';
    const balance = async () => (await api.call<PointsInfo>('GET', '/portal/self/center/points/info')).data?.balance;
    const before = (await balance()) as number;
    const goods = await publicData<PageOf<MallGoods>>('/portal/mall/goods?pageNum=1&pageSize=12');
    const item = goods.rows.find((g) => g.stock > 0 && g.pointsCost <= before) as MallGoods;

    const page = await newPage();
    lina = page;
    await page.goto(`${server.url}/index`);
    await loginThroughPortal(server, page, 'lina', DEMO_PASSWORD);
    await page.goto(`${server.url}/goodStore`);
    const mine = page.getByRole('complementary', { name: '我的积分' });
    await mine.getByText(`我的积分 ${before}`).waitFor();
    const card = page.getByRole('article', { name: item.name });
    await card.getByRole('button', { name: `兑换${item.name}` }).click();
    const dialog = page.getByRole('dialog', { name: '兑换商品' });
    await dialog.getByText(`合计 ${item.pointsCost} 积分，兑换后剩余 ${before - item.pointsCost} 积分`).waitFor();
    await dialog.getByLabel('收货地址').fill('浙江省宁波市北仑区明州路66号 李娜 13800000002');
    await dialog.getByRole('button', { name: '确认兑换' }).click();
    await dialog.getByText('兑换成功').waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();

    const after = before - item.pointsCost;
    expect(await balance()).toBe(after);
    await mine.getByText(`我的积分 ${after}`).waitFor();
    await card.getByText(`库存 ${item.stock - 1}`).waitFor();
    const orders = await api.call<PageOf<MallOrder>>('GET', '/portal/mall/orders?pageNum=1&pageSize=5');
    const order = orders.data?.rows[0] as MallOrder;
    expect(order).toMatchObject({ goodsName: item.name, quantity: 1, points: item.pointsCost, status: 0 });
    const history = page.getByRole('region', { name: '我的兑换记录' });
    await history.getByRole('row').filter({ hasText: order.id }).filter({ hasText: '待发货' }).waitFor();
  });

  it('files a member’s report from the footer and shows its number', async () => {
    const page = lina;
    await page.goto(`${server.url}/index`);
    await page.getByRole('navigation', { name: '关于平台' }).getByRole('link', { name: '举报中心' }).click();
    await page.getByRole('heading', { level: 1, name: '举报中心' }).waitFor();
    await page.getByLabel('举报类型').click();
    await settledOptions(page).filter({ hasText: '侵权' }).click();
    await page.locator('.ant-select', { hasText: '侵权' }).waitFor();
    await page.getByLabel('被举报页面链接').fill(`${server.url}/supplyDetail?id=1`);
    await page.getByLabel('举报内容').fill('该能力介绍中的产品图片未经授权使用了我司的宣传照片。');
    const [filed] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/portal/report')),
      page.getByRole('button', { name: '提交举报' }).click(),
    ]);
    const answer = (await filed.json()) as { code: number; data: { id: string } };
    expect(answer.code).toBe(200);
    await page.getByText('举报已提交').waitFor();
    await page.getByText(`举报编号：${answer.data.id}。`, { exact: false }).waitFor();
    const reports = await (await admin()).call<PageOf<ReportRow>>('GET', '/system/report/list?pageNum=1&pageSize=10');
    expect(reports.data?.rows.find((row) => row.id === answer.data.id)).toMatchObject({
      category: '侵权',
      reporterId: linaId,
    });
  });
});
