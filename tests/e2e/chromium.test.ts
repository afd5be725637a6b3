import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { BUNDLED, chosenChromium, DEBIAN_CHROMIUM } from './chromium';

const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'liaison-chromium');

describe('choosing the Chromium', () => {
  it('takes CHROMIUM_PATH when it is set, a binary or the bundled one', () => {
    expect(chosenChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, true)).toBe('/opt/chrome/chrome');
    expect(chosenChromium({ CHROMIUM_PATH: BUNDLED }, true)).toBe(BUNDLED);
  });

  it("takes Debian's when CHROMIUM_PATH is unset or empty and it is installed, else the bundled one", () => {
    expect(chosenChromium({}, true)).toBe(DEBIAN_CHROMIUM);
    expect(chosenChromium({ CHROMIUM_PATH: '' }, true)).toBe(DEBIAN_CHROMIUM);
    expect(chosenChromium({}, false)).toBe(BUNDLED);
  });
});

// The bundled one always, so a machine with Debian's still proves the fallback works.
describe.each([...new Set([chosenChromium(), BUNDLED])])('Chromium %s', (choice) => {
  it('starts and draws Chinese in a CJK font, not in boxes', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const browser = await launchChromium([], choice);
    try {
      const page = await browser.newPage({ viewport: { width: 480, height: 120 } });
      // The portal's font stack ends in sans-serif on a machine without PingFang or YaHei.
      await page.setContent(
        '<html lang="zh-CN"><body style="font: 32px sans-serif">' +
          '<span id="chinese">张伟</span> <b>链联产业服务平台</b><br><span id="missing">\uE000\uE000</span> Liaison</body></html>',
      );
      await page.screenshot({ path: join(SHOTS, `chinese-${choice === BUNDLED ? BUNDLED : 'chosen'}.png`) });
      // Characters no font has are drawn as the same empty box each: a missing CJK font shows as two equal pictures.
      const [chinese, missing] = await Promise.all([
        page.locator('#chinese').screenshot(),
        page.locator('#missing').screenshot(),
      ]);
      expect(chinese.equals(missing)).toBe(false);
    } finally {
      await browser.close();
    }
  });
});
