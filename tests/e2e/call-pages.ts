import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LiaisonServer } from '../../apps/server/src/app';
import { openMessageCentre } from './portal-harness';

/**
 * The message centre as a calls test sees it, shared by the calls e2e spec and the calls bench's
 * browser part (bench/scenarios/calls-browser.ts): Chromium's fake camera and microphone (a test
 * pattern and a tone) with no permission prompt, the call UI's landmarks, and the page's own
 * RTCPeerConnections. An init script keeps every peer connection the page creates
 * (window.__e2ePeerConnections) and the moment each first reached 'connected', so a test reads
 * connectionState and getStats() as webrtc-internals would, without a hook in the product.
 */
export const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** A demo person in the message centre of a fresh context (1440×900, or a phone), peer connections watched. */
export async function callPageAs(
  server: Pick<LiaisonServer, 'url'>,
  browser: Browser,
  account: string,
  options: { phone?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  return openMessageCentre(server, browser, account, {
    ...(options.phone ? { phone: true } : { viewport: { width: 1440, height: 900 } }),
    initScript: watchPeerConnections,
  });
}

export const conversationList = (page: Page) => page.getByRole('list', { name: '会话列表' });
export const messages = (page: Page) => page.getByRole('region', { name: '消息列表' });
export const ringing = (page: Page) => page.getByRole('dialog', { name: '来电' });
export const callWindow = (page: Page) => page.locator('.lc-call-window');

export async function openConversation(page: Page, name: string, options: { tap?: boolean } = {}): Promise<void> {
  const row = conversationList(page)
    .getByRole('button')
    .filter({ has: page.getByText(name, { exact: true }) });
  await (options.tap ? row.tap() : row.click());
  await messages(page).waitFor();
}

/** The header's call button (the composer's toolbar has the same two). */
export function headerCallButton(page: Page, kind: '视频通话' | '语音通话') {
  return page.locator('.lc-chat__header').getByRole('button', { name: kind, exact: true });
}

export interface PeerStats {
  connectionState: string;
  framesDecoded: number;
  /** Date.now() when it first reached 'connected' (the machine's clock, as Node's), or null. */
  connectedAt: number | null;
}

/** Every live peer connection of the page: its state, when it connected and the video frames it has decoded. */
export function peerStats(page: Page): Promise<PeerStats[]> {
  return page.evaluate(async () => {
    const watched = window as unknown as {
      __e2ePeerConnections: RTCPeerConnection[];
      __e2ePeerConnectedAt: Map<RTCPeerConnection, number>;
    };
    const live = watched.__e2ePeerConnections.filter((pc) => pc.connectionState !== 'closed');
    return Promise.all(
      live.map(async (pc) => {
        let framesDecoded = 0;
        (await pc.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
          if (report.type === 'inbound-rtp' && report.kind === 'video') framesDecoded += report.framesDecoded ?? 0;
        });
        const connectedAt = watched.__e2ePeerConnectedAt.get(pc) ?? null;
        return { connectionState: pc.connectionState, framesDecoded, connectedAt };
      }),
    );
  });
}

/** Runs in the page (serialised by Playwright): it may use nothing from this module. */
function watchPeerConnections(): void {
  const Native = window.RTCPeerConnection;
  const created: RTCPeerConnection[] = [];
  const connectedAt = new Map<RTCPeerConnection, number>();
  Object.assign(window, { __e2ePeerConnections: created, __e2ePeerConnectedAt: connectedAt });
  window.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      created.push(this);
      // Stamped here rather than when a test polls, so a measurement has the moment itself.
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected' && !connectedAt.has(this)) connectedAt.set(this, Date.now());
      });
    }
  };
}
