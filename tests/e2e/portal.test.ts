import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { launchChromium } from './browser';
import { loginThroughPortal, nextCaptchaAnswer, smsCodeFromOutbox, startPortal } from './portal-harness';

/** The portal in Debian's Chromium against the built app and a real server (demo data seeded). */
let server: LiaisonServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openPage(path: string): Promise<Page> {
  context = await browser.newContext({ locale: 'zh-CN' });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

const dialog = (title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
const loginButton = () => page.getByRole('button', { name: '登录/注册' });
const manageButton = () => page.getByRole('link', { name: '管理中心' });

const loginByAccount = (account: string, password: string) => loginThroughPortal(server, page, account, password);

async function dismissVerificationPrompt(): Promise<void> {
  const later = page.getByRole('button', { name: '暂 不' }).or(page.getByRole('button', { name: '暂不' }));
  if (await later.isVisible().catch(() => false)) await later.click();
}

describe('the portal in a browser', () => {
  it('registers by SMS code from the dev outbox, logs out, and logs back in by account', async () => {
    await openPage('/index');
    const mobile = '13912345678';
    const [answer] = await Promise.all([nextCaptchaAnswer(server, page), loginButton().click()]);
    await page.getByRole('button', { name: '没有账号？立即注册' }).click();
    const modal = dialog('账号注册');
    await modal.getByRole('textbox', { name: '手机号', exact: true }).fill(mobile);
    await modal.getByRole('textbox', { name: '图形验证码', exact: true }).fill(answer);
    await modal.getByRole('button', { name: '获取验证码' }).click();
    await modal
      .getByRole('button', { name: /秒后重新发送/ })
      .first()
      .waitFor();
    await modal.getByRole('textbox', { name: '短信验证码', exact: true }).fill(await smsCodeFromOutbox(server, mobile));
    await modal.getByLabel('密码', { exact: true }).fill('Browser2026');
    await modal.getByLabel('确认密码').fill('Browser2026');
    // Registration logs in and reloads the page (spec portal.md §4).
    await Promise.all([
      page.waitForEvent('load', { timeout: 15_000 }),
      modal
        .getByRole('button', { name: '注 册' })
        .or(modal.getByRole('button', { name: '注册' }))
        .click(),
    ]);
    await manageButton().first().waitFor();

    // A new account has not verified a real name: the management centre sends it there.
    await page.goto(`${server.url}/manageCenter`);
    await page.waitForURL('**/manageCenter/userCenter/person-auth');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL('**/index');
    await page.getByText('退出成功').first().waitFor();
    await loginButton().first().waitFor();

    await loginByAccount(mobile, 'Browser2026');
    await dismissVerificationPrompt();
    const stored = await page.evaluate(() => Object.keys(localStorage).join(','));
    expect(stored.length).toBeGreaterThan(0);
  });

  it('offers no WeChat icon while WeChat login is not configured', async () => {
    await openPage('/index');
    await loginButton().click();
    await dialog('用户登录').getByRole('img', { name: '图形验证码' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await dialog('用户登录').getByRole('button', { name: '微信登录' }).count()).toBe(0);
  });

  it('sends a visitor away from the management centre to the home page', async () => {
    await openPage('/manageCenter/home');
    await page.waitForURL('**/index');
    expect(new URL(page.url()).pathname).toBe('/index');
  });

  it('takes an approved enterprise to its abilities and an unverified person to real-name verification', async () => {
    await openPage('/index');
    await loginByAccount('zhangwei', DEMO_PASSWORD);
    await page.goto(`${server.url}/manageCenter`);
    await page.waitForURL('**/manageCenter/abilities');
    // Two cooperation requests wait for 张伟: the floating bar says so and leads to the centre.
    await page.goto(`${server.url}/index`);
    await page
      .getByText(/合作消息/)
      .first()
      .waitFor();
    await context.close();

    await openPage('/index');
    await loginByAccount('chenlei', DEMO_PASSWORD);
    await page.getByText('您还未完成实名认证', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: /去\s?认\s?证/ }).click();
    await page.waitForURL('**/manageCenter/userCenter/person-auth');
  });

  it('keeps a user whose beta application awaits review off beta pages, showing the beta notice', async () => {
    await openPage('/index');
    await loginByAccount('wangfang', DEMO_PASSWORD);
    await page.goto(`${server.url}/ai`);
    await page.waitForURL('**/index');
    await page.getByText('已申请内测，等待审核').first().waitFor();
  });

  it('opens the login modal when the session ends mid-session (401)', async () => {
    await openPage('/index');
    await loginByAccount('lina', DEMO_PASSWORD);
    await page.goto(`${server.url}/manageCenter/abilities`);
    await page.waitForURL('**/manageCenter/abilities');
    // The menu shows an entry once the user's permissions have arrived: under load that can be
    // after the page went quiet, and a revoked session would then refuse the permissions instead.
    const enterpriseEntry = page.getByRole('navigation', { name: '管理中心导航' }).getByText('企业认证');
    await enterpriseEntry.waitFor();
    await page.waitForLoadState('networkidle');
    const [account] = await server.db.query<{ user_id: string }>(
      "SELECT user_id FROM portal_accounts WHERE login_name = 'lina'",
    );
    await server.db.query('UPDATE portal_sessions SET revoked = true WHERE user_id = $1', [account?.user_id]);

    // The enterprise page asks the server for its material: the answer is a 401. On a loaded
    // machine a request the page sent on its own can meet the revoked session first, and the menu
    // then leaves with the session before the click lands: the user sees the same either way.
    const loginDialog = dialog('用户登录').first();
    await Promise.race([enterpriseEntry.click(), loginDialog.waitFor()]);
    await page.getByText('无效的会话，或者会话已过期，请重新登录。').first().waitFor();
    await loginDialog.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('loginStatus'))).not.toBe('true');
  });

  it('refuses the same submission again within one second, sending it once', async () => {
    await openPage('/index');
    await loginByAccount('chenlei', DEMO_PASSWORD);
    await dismissVerificationPrompt();
    await page.goto(`${server.url}/manageCenter/userCenter/person-auth`);
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/portal/self/center/personal/real/name/auth')) sent += 1;
    });
    await page.getByLabel('真实姓名').fill('陈磊');
    // A well-formed number with a wrong check digit: the server refuses it at once.
    await page.getByLabel('身份证号').fill('110105194912310021');
    const submit = page.getByRole('button', { name: /提交认证|提 交 认 证/ });
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/real/name/auth')), submit.click()]);
    // Within a second of the first, with the same data.
    await submit.click();
    await page.getByText('身份证号码校验位不正确').first().waitFor();
    await page.getByText('数据正在处理，请勿重复提交').first().waitFor();
    expect(sent).toBe(1);
  });
});
