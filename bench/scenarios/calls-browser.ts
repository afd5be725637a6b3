/**
 * `npm run bench -- calls`, browser part: call set-up time as two people get it, with real WebRTC.
 * Chromium as the browser tests choose it (tests/e2e/chromium.ts: Debian's when installed, else the
 * one inside @sparticuz/chromium; headless, fake camera and microphone) opens the built portal
 * twice, 张伟 and 李娜 in separate contexts, on an embedded server of its own (demo people,
 * PORTAL_TEST_HOOKS for the login captcha), and places BENCH_CALL_BROWSER_CALLS video calls one after another from the
 * chat header, answered as soon as the ringing dialog shows. Each is timed from the click on the
 * call button until both pages' RTCPeerConnections are 'connected' (ICE and DTLS done on
 * loopback), read from the moment each page stamped (tests/e2e/call-pages.ts), not from polling.
 * Phases: click → the callee's ringing dialog, and the answer click → both connected.
 * Numbers only, never asserted.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../tests/e2e/browser';
import {
  callPageAs,
  callWindow,
  FAKE_MEDIA,
  headerCallButton,
  openConversation,
  peerStats,
  ringing,
} from '../../tests/e2e/call-pages';
import { Histogram } from '../histogram';
import { machineBusyCores, sleep } from '../proc';
import { startService } from '../server-process';

export interface BrowserCallSettings {
  /** Video calls placed one after another. */
  calls: number;
}

export function browserCallSettings(quick: boolean, env: NodeJS.ProcessEnv = process.env): BrowserCallSettings {
  const raw = env.BENCH_CALL_BROWSER_CALLS;
  const calls = raw === undefined || raw === '' ? (quick ? 10 : 30) : Number(raw);
  if (!Number.isInteger(calls) || calls < 1) throw new Error('BENCH_CALL_BROWSER_CALLS must be an integer ≥ 1');
  return { calls };
}

export async function browserCallsBench(settings: BrowserCallSettings, tmp: string, log: (line: string) => void) {
  const env = {
    DATA_DIR: join(tmp, 'browser-calls-data'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DEMO_DATA: '1',
    PORTAL_TEST_HOOKS: '1',
  };
  const server = await startService({ name: 'browser-calls', script: 'apps/server/src/main.ts', env, logDir: tmp });
  const contexts: BrowserContext[] = [];
  let browser: Browser | null = null;
  try {
    browser = await launchChromium(FAKE_MEDIA);
    const site = { url: `http://127.0.0.1:${server.port}` };
    const open = async (account: string, peer: string) => {
      const { context, page } = await callPageAs(site, browser as Browser, account);
      contexts.push(context);
      await openConversation(page, peer);
      return page;
    };
    const [caller, callee] = await Promise.all([open('zhangwei', '李娜'), open('lina', '张伟')]);
    // Other jobs on the machine take CPU from Chromium and the server alike: say how busy it was.
    const busyCoresBefore = await machineBusyCores();
    log(`browser calls: ${settings.calls} video calls (machine busy ${busyCoresBefore} cores before)`);
    const total = new Histogram();
    const ring = new Histogram();
    const afterAnswer = new Histogram();
    for (let i = 0; i < settings.calls; i++) {
      const t0 = Date.now();
      await headerCallButton(caller, '视频通话').click();
      const answer = ringing(callee).getByRole('button', { name: '接听' });
      await answer.waitFor();
      const rang = Date.now();
      await answer.click();
      const answered = Date.now();
      const connected = Math.max(...(await Promise.all([connectedAt(caller), connectedAt(callee)])));
      total.record(connected - t0);
      ring.record(rang - t0);
      afterAnswer.record(connected - answered);
      await hangUp(caller, callee);
    }
    return {
      what: 'Chromium (headless, fake devices), two contexts on the built portal, embedded server; click → both RTCPeerConnections connected',
      calls: settings.calls,
      busyCoresBefore,
      /** Click on the video-call button → both peer connections 'connected' (the set-up time). */
      setupMs: total.summary(),
      /** Click → the callee's ringing dialog shows its answer button. */
      ringMs: ring.summary(),
      /** The answer click → both peer connections 'connected' (camera, offer/answer, ICE, DTLS). */
      answerToConnectedMs: afterAnswer.summary(),
    };
  } finally {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
    await server.stop();
  }
}

/** When the page's one live peer connection reached 'connected' (its own stamp). */
async function connectedAt(page: Page, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const live = await peerStats(page);
    const [only] = live;
    if (live.length === 1 && only?.connectedAt) return only.connectedAt;
    if (Date.now() > deadline) throw new Error(`no connected peer connection after ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** The caller hangs up; resolves once both call windows closed and both pages' peer connections are gone. */
async function hangUp(caller: Page, callee: Page): Promise<void> {
  await callWindow(caller).getByRole('button', { name: '挂断' }).click();
  await Promise.all([callWindow(caller), callWindow(callee)].map((w) => w.waitFor({ state: 'hidden' })));
  for (const page of [caller, callee]) {
    const deadline = Date.now() + 10_000;
    while ((await peerStats(page)).length > 0) {
      if (Date.now() > deadline) throw new Error('a peer connection stayed open after the hang-up');
      await sleep(20);
    }
  }
}
