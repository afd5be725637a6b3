import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * Deployment plans (docs/deploy.md): the platform admin switches translation off on 部署方案, and
 * a user who asks the chat to translate is told the plan leaves it out. Screenshots go to
 * E2E_SCREENSHOTS (default: a folder in the temporary directory) for a person to look at.
 */
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-deployment-plans');
const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 }, isMobile: false },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true },
} as const;
const BOT = 'plan_bot';
const TEXT = 'Could you confirm the delivery date?';

let server: LiaisonServer;
let browser: Browser;
let bot: Chat;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  const [zhang] = await server.db.query<{ user_id: string }>(
    "SELECT user_id FROM portal_accounts WHERE login_name = 'zhangwei'",
  );
  bot = await connect(server, BOT);
  await bot.sendMessage(
    bot.createTextMessage({ to: zhang?.user_id ?? '', conversationType: 'C2C', payload: { text: TEXT } }),
  );
}, 180_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await bot?.logout().catch(() => undefined);
  await server?.close();
});

async function loggedIn(size: keyof typeof VIEWPORTS, account: string): Promise<Page> {
  const { viewport, isMobile } = VIEWPORTS[size];
  const context = await browser.newContext({ locale: 'zh-CN', viewport, isMobile, hasTouch: isMobile });
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, account, DEMO_PASSWORD);
  return page;
}

const translationSwitch = (page: Page) => page.getByRole('switch', { name: '消息翻译' });

describe('deployment plans', () => {
  it('an admin switches translation off on 部署方案, at both sizes', async () => {
    for (const size of ['phone', 'desktop'] as const) {
      const admin = await loggedIn(size, 'admin');
      await admin.goto(`${server.url}/manageCenter/userCenter/deployment`);
      await expect.poll(() => translationSwitch(admin).getAttribute('aria-checked')).toBe('true');
      if (size === 'desktop') {
        await translationSwitch(admin).click();
        await admin.getByText('保存成功').waitFor();
        await expect.poll(() => translationSwitch(admin).getAttribute('aria-checked')).toBe('false');
      }
      await admin.screenshot({ path: join(SHOTS, `deployment-page-${size}.png`), fullPage: true });
    }
    expect(server.abilities.abilities.translation).toBe(false);
  }, 180_000);

  it('a user who asks the chat to translate is told the plan leaves it out', async () => {
    const zhang = await loggedIn('desktop', 'zhangwei');
    await zhang.goto(`${server.url}/manageCenter/message`);
    const conversations = zhang.getByRole('list', { name: '会话列表' });
    await conversations.getByRole('button').filter({ hasText: BOT }).first().click();
    const bubble = zhang.getByRole('region', { name: '消息列表' }).locator('.lc-bubble').filter({ hasText: TEXT });
    await bubble.click({ button: 'right' });
    await zhang.getByRole('menu', { name: '消息操作' }).getByRole('menuitem', { name: '翻译' }).click();
    const toast = zhang.getByRole('alert').filter({ hasText: '当前套餐未包含翻译功能' });
    await toast.waitFor();
    await zhang.screenshot({ path: join(SHOTS, 'translate-upgrade-desktop.png') });
    expect(await toast.textContent()).toContain('请联系管理员升级套餐并开通');
  }, 120_000);
});
