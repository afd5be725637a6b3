import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, as CI installs it; Playwright never downloads a browser of its own. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: more Chromium switches, e.g. the fake microphone for recording tests. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}
