import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { launchChromium } from './browser';
import { openMessageCentre, startPortal } from './portal-harness';

/** The desktop the specs look at; phones are 390x844 (openMessageCentre). */
export const DESKTOP = { width: 1440, height: 900 };

export interface BotSceneOptions {
  /** The screenshots' folder under the temporary one, unless E2E_SCREENSHOTS names another. */
  shots: string;
  bot: string;
  botNick: string;
  /** What the bot sends 张伟 (the demo person `zhangwei`) before the first test. */
  seed(bot: Chat, zhangID: string): Promise<void>;
  seedTimeout: number;
}

export interface BotScene {
  /** 张伟 in a fresh browser, on the message centre: a 1440x900 desktop, or a phone. Page errors are collected. */
  openCentre(options?: { phone?: boolean }): Promise<{ page: Page; errors: string[] }>;
  /** Saves a screenshot of the page as `<name>.png` in the scene's folder. */
  shot(page: Page, name: string): Promise<void>;
}

/**
 * A spec's stage: the built portal on a real server, Chromium, and a bot (with a nickname) that has
 * sent the demo person 张伟 what the spec needs; everything is closed after the spec's tests.
 */
export function botScene(options: BotSceneOptions): BotScene {
  const folder = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), options.shots);
  let server: LiaisonServer | undefined;
  let browser: Browser | undefined;
  let bot: Chat | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    [server, browser] = await Promise.all([startPortal(), launchChromium()]);
    const [zhang] = await server.db.query<{ user_id: string }>(
      "SELECT user_id FROM portal_accounts WHERE login_name = 'zhangwei'",
    );
    bot = await connect(server, options.bot);
    await bot.updateMyProfile({ nick: options.botNick });
    await options.seed(bot, zhang?.user_id ?? '');
  }, options.seedTimeout);
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await bot?.logout().catch(() => undefined);
    await server?.close();
  });

  const started = () => {
    if (!server || !browser) throw new Error('the scene starts in beforeAll');
    return { server, browser };
  };
  return {
    async openCentre({ phone = false } = {}) {
      const { server, browser } = started();
      const { context, page } = await openMessageCentre(
        server,
        browser,
        'zhangwei',
        phone ? { phone: true } : { viewport: DESKTOP },
      );
      contexts.push(context);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      return { page, errors };
    },
    async shot(page, name) {
      await page.screenshot({ path: join(folder, `${name}.png`) });
    },
  };
}
