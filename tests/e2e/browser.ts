import { type Browser, chromium, type Page } from 'playwright-core';
import { chosenChromium, installChromium } from './chromium';

/**
 * `extraArgs`: more Chromium switches, e.g. the fake microphone for recording tests. `choice`: a
 * Chromium binary or `bundled` (see chosenChromium; `CHROMIUM_PATH` by default).
 */
export async function launchChromium(extraArgs: readonly string[] = [], choice = chosenChromium()): Promise<Browser> {
  const { executablePath, env } = await installChromium(choice);
  return chromium.launch({
    executablePath,
    env: { ...process.env, ...env },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}

/** The options of the open antd select once its opening motion has ended (a list still sliding in moves under the pointer). */
export function settledOptions(page: Page) {
  return page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="ant-slide-up-"]) .ant-select-item-option',
  );
}

/**
 * Every finite CSS animation and transition on the page has ended (spinners loop and are not
 * waited for): a drawer still fading in has text of partial opacity, which a contrast check
 * rightly fails.
 */
export async function motionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
