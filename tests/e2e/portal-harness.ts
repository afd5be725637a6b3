import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LiaisonServer, ServerOptions } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { startServer } from '../../apps/server/src/integration/harness';

/** The built portal, as `npm start` serves it; `npm test` builds it first. */
export const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** A server with the built web app, demo people, and the test hooks a browser test needs. */
export async function startPortal(options: Partial<ServerOptions> = {}): Promise<LiaisonServer> {
  if (!existsSync(`${WEB_DIST}/index.html`)) {
    throw new Error(`no web build in ${WEB_DIST}: run npm run build:web first (npm test does)`);
  }
  return startServer({ testHooks: true, devOutboxEndpoint: true }, { webDir: WEB_DIST, demo: true, ...options });
}

/**
 * Waits for the page's next captcha and reads its answer through the test hook, so a test
 * types what a person would read off the picture.
 */
export function nextCaptchaAnswer(server: Pick<LiaisonServer, 'url'>, page: Page): Promise<string> {
  return page
    .waitForResponse((r) => r.url().includes('/prod-api/portal/verify/code/arithmetic'))
    .then(async (response) => {
      const { data } = (await response.json()) as { data: { id: string } };
      const peek = await fetch(`${server.url}/prod-api/test/captcha/${data.id}`);
      return ((await peek.json()) as { data: { answer: string } }).data.answer;
    });
}

/** The last SMS code sent to a number, read from the dev outbox as a developer would. */
export async function smsCodeFromOutbox(server: LiaisonServer, mobile: string): Promise<string> {
  const response = await fetch(`${server.url}/prod-api/dev/sms/outbox`);
  const { data } = (await response.json()) as { data: Array<{ mobile: string; text: string }> };
  const text = data.filter((m) => m.mobile === mobile).at(-1)?.text ?? '';
  const code = /\d{6}/.exec(text)?.[0];
  if (!code) throw new Error(`no SMS code in the dev outbox for ${mobile}`);
  return code;
}

/** Account login through the portal's modal, as a person types it; resolves once the page has reloaded. */
export async function loginThroughPortal(
  server: Pick<LiaisonServer, 'url'>,
  page: Page,
  account: string,
  password: string,
): Promise<void> {
  const [answer] = await Promise.all([
    nextCaptchaAnswer(server, page),
    page.getByRole('button', { name: '登录/注册' }).click(),
  ]);
  const modal = page.getByRole('dialog').filter({ has: page.getByText('用户登录', { exact: true }) });
  await modal.getByRole('textbox', { name: '账号', exact: true }).fill(account);
  await modal.getByLabel('密码', { exact: true }).fill(password);
  await modal.getByRole('textbox', { name: '图形验证码', exact: true }).fill(answer);
  // A successful login reloads the page (spec portal.md §4).
  await Promise.all([
    page.waitForEvent('load', { timeout: 15_000 }),
    modal.getByRole('button', { name: '登录', exact: true }).click(),
  ]);
  await page.getByRole('link', { name: '管理中心' }).first().waitFor();
}

/**
 * A fresh browser context logged in as a demo person, on the message centre with the
 * conversation list loaded. `phone` gives a 390x844 touch screen; otherwise `viewport` (if any).
 */
export async function openMessageCentre(
  server: Pick<LiaisonServer, 'url'>,
  browser: Browser,
  account: string,
  options: {
    phone?: boolean;
    viewport?: { width: number; height: number };
    /** Runs in every page of the context before the page's own scripts (Playwright's addInitScript). */
    initScript?: () => void;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    ...(options.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
    ...(!options.phone && options.viewport ? { viewport: options.viewport } : {}),
  });
  context.setDefaultTimeout(20_000);
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, account, DEMO_PASSWORD);
  await page.goto(`${server.url}/manageCenter/message`);
  await page.getByRole('list', { name: '会话列表' }).waitFor();
  return { context, page };
}
