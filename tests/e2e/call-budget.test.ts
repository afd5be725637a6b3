import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { launchChromium } from './browser';
import { callPageAs, callWindow, FAKE_MEDIA, headerCallButton, openConversation } from './call-pages';
import { startPortal } from './portal-harness';

/**
 * Calling someone, hanging up and calling again past the per-user invite budget (one call here, so
 * the second is over it): the second call rings no one and the caller reads why, in their own
 * language, at 1440×900 and 390×844.
 */
const SHOTS = process.env.E2E_SCREENSHOTS ?? fileURLToPath(new URL('./screenshots', import.meta.url));
const TOO_OFTEN = '呼叫过于频繁，请稍后再试';

const SIZES = [
  { name: 'desktop', caller: 'zhangwei', callee: '李娜', isPhone: false },
  { name: 'mobile', caller: 'lina', callee: '张伟', isPhone: true },
] as const;

let server: LiaisonServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([
    startPortal({ calls: { inviteBurst: 1, invitesPerMinute: 1 } }),
    launchChromium(FAKE_MEDIA),
  ]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.close();
});

describe('calling again too soon', () => {
  for (const size of SIZES) {
    it(`tells the caller to wait and rings no one at ${size.isPhone ? '390×844' : '1440×900'}`, async () => {
      const { context, page } = await callPageAs(server, browser, size.caller, { phone: size.isPhone });
      contexts.push(context);
      await openConversation(page, size.callee, { tap: size.isPhone });
      await press(headerCallButton(page, '语音通话'), size.isPhone);
      // The caller's window, while it rings, offers to cancel.
      const hangUp = callWindow(page).getByRole('button', { name: '取消', exact: true });
      await hangUp.waitFor();
      await press(hangUp, size.isPhone);
      await callWindow(page).waitFor({ state: 'detached' });

      await press(headerCallButton(page, '语音通话'), size.isPhone);
      await page.getByRole('alert').filter({ hasText: TOO_OFTEN }).waitFor();
      expect(await callWindow(page).count()).toBe(0);
      // The first call is the only one the server started: the second rang no one.
      const [calls] = await server.db.query<{ n: unknown }>(
        `SELECT count(*) AS n FROM calls JOIN portal_accounts ON user_id = inviter_id WHERE login_name = $1`,
        [size.caller],
      );
      expect(Number(calls?.n)).toBe(1);
      await page.screenshot({ path: `${SHOTS}/call-budget-${size.name}.png` });
    }, 120_000);
  }
});

/** A tap on phones, a click on desktop. */
async function press(target: Locator, isPhone: boolean): Promise<void> {
  if (isPhone) await target.tap();
  else await target.click();
}
