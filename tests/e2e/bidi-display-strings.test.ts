import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/credentials';
import { type Chat, connect } from '../../apps/server/src/integration/harness';
import { launchChromium } from './browser';
import { loginThroughPortal, startPortal } from './portal-harness';

/**
 * Display strings with a right-to-left override, written by the owner of a group 李娜 is in: the
 * group's introduction, the name card the owner gives her and the name of a file the owner sends.
 * She reads them in the built app at desktop and phone sizes: the file's name in the chat and the
 * name it downloads under, the introduction and her name card in the group panel all read as
 * typed, without the override, so nothing reads backwards (`invoice\u202Efdp.exe` as `invoiceexe.pdf`).
 */
const RLO = '\u202e';
const INTRO = `只收${RLO}fdp.exe发票`;
const SHOWN_INTRO = '只收fdp.exe发票';
const CARD = `财务${RLO}fdp.exe`;
const SHOWN_CARD = '财务fdp.exe';
const FILE = `invoice${RLO}fdp.exe`;
const SHOWN_FILE = 'invoicefdp.exe';
const GROUP = 'GROUPbidi-cards';
const SHOTS = process.env.E2E_SCREENSHOTS ?? fileURLToPath(new URL('./screenshots', import.meta.url));

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'mobile', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

let server: LiaisonServer;
let browser: Browser;
let mallory: Chat;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startPortal(), launchChromium()]);
  const [lina] = await server.db.query<{ user_id: string }>(
    "SELECT user_id FROM portal_accounts WHERE login_name = 'lina'",
  );
  const linaID = lina?.user_id ?? '';
  mallory = await connect(server, 'bidi-mallory');
  await mallory.createGroup({
    type: 'Private',
    name: '对账群',
    groupID: 'bidi-cards',
    introduction: INTRO,
    memberList: [{ userID: linaID }],
  });
  await mallory.setGroupMemberNameCard({ groupID: 'bidi-cards', userID: linaID, nameCard: CARD });
  const file = mallory.createFileMessage({
    to: 'bidi-cards',
    conversationType: 'GROUP',
    payload: { file: new File(['not an invoice'], FILE, { type: 'application/octet-stream' }) },
  });
  await mallory.sendMessage(file);
}, 120_000);

afterAll(async () => {
  await mallory?.logout().catch(() => undefined);
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.close();
});

describe('display strings with a bidi override', () => {
  for (const size of SIZES) {
    it(`read as typed, without the override, in the chat, the download and the group panel at ${size.viewport.width}×${size.viewport.height}`, async () => {
      const page = await messageCentreAsLina(size);
      await press(page, page.locator(`[data-conversation-id="${GROUP}"]`));
      const messages = page.getByRole('region', { name: '消息列表' });
      const fileName = messages.locator('.lc-file__name').first();
      await fileName.waitFor();
      expect(await fileName.textContent()).toBe(SHOWN_FILE);
      await page.screenshot({ path: `${SHOTS}/bidi-display-strings-${size.name}-chat.png` });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        press(page, messages.locator('.lc-file').first().getByRole('button').first()),
      ]);
      expect(download.suggestedFilename()).toBe(SHOWN_FILE);

      await press(page, page.getByRole('button', { name: '群设置', exact: true }));
      const panel = page.getByRole('dialog', { name: '群设置', exact: true });
      await panel.getByText(SHOWN_INTRO, { exact: true }).waitFor();
      await panel.getByText(SHOWN_CARD, { exact: true }).first().waitFor();
      expect(await panel.textContent()).not.toContain(RLO);
      await page.screenshot({ path: `${SHOTS}/bidi-display-strings-${size.name}-panel.png` });
    }, 120_000);
  }
});

async function messageCentreAsLina(size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: size.viewport,
    acceptDownloads: true,
    ...(size.isMobile ? { isMobile: true, hasTouch: true } : {}),
  });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/index`);
  await loginThroughPortal(server, page, 'lina', DEMO_PASSWORD);
  await page.goto(`${server.url}/manageCenter/message`);
  await page.getByRole('list', { name: '会话列表' }).waitFor();
  return page;
}

/** A tap on phones, a click on desktop. */
async function press(page: Page, target: Locator): Promise<void> {
  if (page.viewportSize()?.width === 390) await target.tap();
  else await target.click();
}
