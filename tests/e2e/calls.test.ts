import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import { launchChromium } from './browser';
import {
  callPageAs,
  callWindow,
  FAKE_MEDIA,
  headerCallButton,
  messages,
  openConversation as open,
  peerStats,
  ringing,
} from './call-pages';
import { startPortal } from './portal-harness';

/**
 * Voice and video calls in the message centre (issue 16), in Chromium with its fake camera and
 * microphone: the media really flows peer to peer over loopback. Demo people: 张伟 and 李娜 for
 * one-to-one calls; 张伟, 李娜 and 平台管理员 (all in 长三角供应链交流群) for the group call, the
 * administrator on a phone-sized screen. What the page's WebRTC does is read from its peer
 * connections themselves (call-pages.ts). Screenshots of the call at 1440×900 and 390×844 land in
 * E2E_SCREENSHOTS (a temporary folder unless set).
 */
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-calls');
const GROUP_NAME = '长三角供应链交流群';

let server: LiaisonServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startPortal(), launchChromium(FAKE_MEDIA)]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.close();
});

async function messageCentreAs(account: string, options: { phone?: boolean } = {}): Promise<Page> {
  const { context, page } = await callPageAs(server, browser, account, options);
  contexts.push(context);
  return page;
}

const duration = (page: Page) => callWindow(page).getByRole('timer');

/** Remote videos in the call window that are playing a picture (the local preview excluded). */
function playingRemoteVideos(page: Page): Promise<number> {
  return callWindow(page)
    .locator('.lc-call-tile:not(.lc-call-tile--local) video')
    .evaluateAll(
      (videos) =>
        (videos as HTMLVideoElement[]).filter((v) => !v.paused && v.readyState >= 2 && v.videoWidth > 0).length,
    );
}

/** The duration the call window shows, in seconds ('0:07' → 7), or null before it connects. */
async function shownSeconds(page: Page): Promise<number | null> {
  const text = (await duration(page).textContent()) ?? '';
  const match = /(?:(\d+):)?(\d+):(\d\d)/.exec(text);
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The last call record in the open conversation: its line ('通话时长 0:05', '已拒绝', …). */
function lastCallRecord(page: Page) {
  return messages(page).locator('.lc-call').last();
}

describe('a one-to-one video call between two browsers', () => {
  let zhang: Page;
  let li: Page;

  beforeAll(async () => {
    [zhang, li] = await Promise.all([messageCentreAs('zhangwei'), messageCentreAs('lina')]);
    await Promise.all([open(zhang, '李娜'), open(li, '张伟')]);
  }, 90_000);

  it('rings the callee, connects both peer connections and decodes video on both sides', async () => {
    await headerCallButton(zhang, '视频通话').click();
    // The caller waits in the call window; the callee sees who calls and how.
    await callWindow(zhang).getByText('等待 李娜 接听').waitFor();
    const dialog = ringing(li);
    await dialog.waitFor();
    await dialog.getByText('张伟', { exact: true }).waitFor();
    await dialog.getByText('邀请你视频通话').waitFor();
    await dialog.getByRole('button', { name: '接听' }).click();
    await dialog.waitFor({ state: 'hidden' });

    for (const page of [zhang, li]) {
      await expect
        .poll(async () => (await peerStats(page)).map((s) => s.connectionState), { timeout: 30_000 })
        .toEqual(['connected']);
      await expect
        .poll(async () => (await peerStats(page))[0]?.framesDecoded ?? 0, { timeout: 30_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => playingRemoteVideos(page), { timeout: 20_000 }).toBe(1);
    }
  });

  it('shows the running call duration on both sides', async () => {
    for (const page of [zhang, li]) {
      await expect.poll(() => shownSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    }
    await shoot(zhang, 'c2c-video-1440');
    await shoot(li, 'c2c-video-callee-1440');
  });

  it('hangs up, closes both call windows and leaves a record with the duration in both chats', async () => {
    const seconds = (await shownSeconds(zhang)) ?? 0;
    await callWindow(zhang).getByRole('button', { name: '挂断' }).click();
    await callWindow(zhang).waitFor({ state: 'hidden' });
    await callWindow(li).waitFor({ state: 'hidden', timeout: 10_000 });
    for (const page of [zhang, li]) {
      await expect.poll(() => lastCallRecord(page).textContent(), { timeout: 15_000 }).toMatch(/通话时长 \d+:\d\d/);
      const [, m, s] = /(\d+):(\d\d)/.exec((await lastCallRecord(page).textContent()) ?? '') ?? [];
      // The server's duration (connect → hang-up) and the one the window showed agree within a second or two.
      expect(Math.abs(Number(m) * 60 + Number(s) - seconds)).toBeLessThanOrEqual(2);
      await expect.poll(async () => (await peerStats(page)).length, { timeout: 10_000 }).toBe(0);
    }
  });

  it('records a declined voice call as declined in both chats', async () => {
    await headerCallButton(zhang, '语音通话').click();
    const dialog = ringing(li);
    await dialog.getByText('邀请你语音通话').waitFor();
    await dialog.getByRole('button', { name: '拒绝' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await callWindow(zhang).waitFor({ state: 'hidden', timeout: 10_000 });
    for (const page of [zhang, li]) {
      await expect.poll(() => lastCallRecord(page).textContent(), { timeout: 15_000 }).toContain('已拒绝');
    }
    await shoot(zhang, 'c2c-records-1440');
  });
});

describe('a one-to-one voice call, on a desktop and on a phone', () => {
  it('shows both people as avatars with their names, never a video tile', async () => {
    const [zhang, li] = await Promise.all([messageCentreAs('zhangwei'), messageCentreAs('lina', { phone: true })]);
    await Promise.all([open(zhang, '李娜'), open(li, '张伟', { tap: true })]);
    await headerCallButton(zhang, '语音通话').click();
    await ringing(li).getByRole('button', { name: '接听' }).tap();
    for (const page of [zhang, li]) {
      await expect
        .poll(async () => (await peerStats(page)).map((s) => s.connectionState), { timeout: 30_000 })
        .toEqual(['connected']);
    }
    for (const [page, other] of [
      [zhang, '李娜'],
      [li, '张伟'],
    ] as const) {
      const tiles = callWindow(page).locator('.lc-call-tile');
      expect(await tiles.locator('video').count()).toBe(0);
      expect(await tiles.locator('.lc-call-tile__name').allTextContents()).toEqual(
        expect.arrayContaining([other, '我']),
      );
      for (const avatar of await tiles.locator('.lc-call-tile__avatar img').all()) {
        expect(await avatar.isVisible()).toBe(true);
      }
      expect(await tiles.locator('.lc-call-tile__avatar img').count()).toBe(2);
    }
    await shoot(zhang, 'c2c-voice-1440');
    await shoot(li, 'c2c-voice-390');
    await callWindow(zhang).getByRole('button', { name: '挂断' }).click();
    await callWindow(li).waitFor({ state: 'hidden', timeout: 10_000 });
  }, 90_000);
});

describe('a three-person group video call', () => {
  it('lets everyone see the two others, on a desktop and on a phone, and ends with a record in the group', async () => {
    const [zhang, li, admin] = await Promise.all([
      messageCentreAs('zhangwei'),
      messageCentreAs('lina'),
      messageCentreAs('admin', { phone: true }),
    ]);
    await open(zhang, GROUP_NAME);
    await headerCallButton(zhang, '视频通话').click();
    const selector = zhang.getByRole('dialog', { name: '选择视频通话成员' });
    await selector.getByRole('checkbox', { name: '李娜' }).check();
    await selector.getByRole('checkbox', { name: '平台管理员' }).check();
    await selector.getByRole('button', { name: '呼叫' }).click();

    for (const page of [li, admin]) {
      const dialog = ringing(page);
      await dialog.getByText('张伟 邀请你加入群视频通话').waitFor();
      await dialog.getByRole('button', { name: '接听' }).click();
    }

    for (const page of [zhang, li, admin]) {
      await expect
        .poll(async () => (await peerStats(page)).filter((s) => s.connectionState === 'connected').length, {
          timeout: 40_000,
        })
        .toBe(2);
      await expect.poll(() => playingRemoteVideos(page), { timeout: 30_000 }).toBe(2);
    }
    await expect.poll(() => shownSeconds(zhang), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await shoot(zhang, 'group-video-1440');
    await shoot(admin, 'group-video-390');

    // One leaves: the other two stay connected to each other.
    await callWindow(admin).getByRole('button', { name: '挂断' }).tap();
    await callWindow(admin).waitFor({ state: 'hidden' });
    for (const page of [zhang, li]) {
      await expect.poll(() => playingRemoteVideos(page), { timeout: 15_000 }).toBe(1);
    }
    await callWindow(li).getByRole('button', { name: '挂断' }).click();
    await callWindow(zhang).waitFor({ state: 'hidden', timeout: 15_000 });

    await open(li, GROUP_NAME);
    for (const page of [zhang, li]) {
      await expect.poll(() => lastCallRecord(page).textContent(), { timeout: 15_000 }).toMatch(/通话时长 \d+:\d\d/);
    }
  }, 150_000);
});
