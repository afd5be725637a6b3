import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, renderCaptchaSvg, toDataUrl } from './captcha-image';

/** mulberry32: a tiny seeded PRNG so renders are reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pathData(svg: string): string[] {
  return [...svg.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1] ?? '');
}

const EXPRESSIONS = ['K7WPA', 'HX3MR', CAPTCHA_ALPHABET];

describe('renderCaptchaSvg', () => {
  it.each(EXPRESSIONS)('renders %s as a 160×60 svg document', (expression) => {
    const svg = renderCaptchaSvg(expression, seeded(1));
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toMatch(/^<svg[^>]* width="160"/);
    expect(svg).toMatch(/^<svg[^>]* height="60"/);
    expect(pathData(svg).length).toBeGreaterThan(0);
  });

  it.each(EXPRESSIONS)('never exposes %s as text in the markup', (expression) => {
    const svg = renderCaptchaSvg(expression, seeded(2));
    expect(svg).not.toMatch(/<text/i);
    expect(svg).not.toContain(expression);
    // Outside attribute values (which hold only coordinates, sizes and colours) there is no
    // character data at all, so nothing of the code can leak.
    const withoutAttributeValues = svg.replace(/"[^"]*"/g, '""');
    expect(withoutAttributeValues).not.toMatch(/\d/);
    expect(withoutAttributeValues).not.toMatch(/>[^<]/);
  });

  it('draws every character of the alphabet, which holds no lookalikes', () => {
    expect(CAPTCHA_ALPHABET).toHaveLength(23);
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0OQ1IL2Z5S8BG]/);
    for (const ch of CAPTCHA_ALPHABET) expect(pathData(renderCaptchaSvg(ch, seeded(5))).length).toBeGreaterThan(5);
  });

  it('draws different path data for different expressions', () => {
    const a = pathData(renderCaptchaSvg('K7WPA', seeded(3)));
    const b = pathData(renderCaptchaSvg('K7WPX', seeded(3)));
    expect(a).not.toEqual(b);
  });

  it('produces identical output for the same seed', () => {
    expect(renderCaptchaSvg('HX3MR', seeded(42))).toBe(renderCaptchaSvg('HX3MR', seeded(42)));
  });

  it('produces different output for different seeds', () => {
    expect(renderCaptchaSvg('HX3MR', seeded(42))).not.toBe(renderCaptchaSvg('HX3MR', seeded(43)));
  });

  it('falls back to Math.random when no random source is given', () => {
    const svg = renderCaptchaSvg('AAAAA');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toBe(renderCaptchaSvg('AAAAA'));
  });

  it('throws on a character outside the supported set', () => {
    // Lookalikes are not in the alphabet at all, nor is lower case.
    for (const code of ['K0WPA', 'KOWPA', 'K1WPA', 'KSWPA', 'k7wpa']) {
      expect(() => renderCaptchaSvg(code, seeded(1))).toThrow(/unsupported character/);
    }
    expect(() => renderCaptchaSvg('   ', seeded(1))).toThrow(/no characters to draw/);
  });
});

describe('toDataUrl', () => {
  it('round-trips the svg through base64', () => {
    const svg = renderCaptchaSvg('HX3MR', seeded(7));
    const url = toDataUrl(svg);
    const prefix = 'data:image/svg+xml;base64,';
    expect(url.startsWith(prefix)).toBe(true);
    expect(Buffer.from(url.slice(prefix.length), 'base64').toString('utf8')).toBe(svg);
  });
});
