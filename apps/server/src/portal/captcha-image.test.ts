import { describe, expect, it } from 'vitest';
import { renderCaptchaSvg, toDataUrl } from './captcha-image';

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

const EXPRESSIONS = ['7 + 3 = ?', '12 × 4 = ?', '90 - 56 = ?'];

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
    expect(svg).not.toContain(expression.replaceAll(' ', ''));
    // Operators never appear, and outside attribute values (which hold only coordinates,
    // sizes and colours) there is no character data at all, so no digits can leak.
    for (const op of ['×', '+', '?']) expect(svg).not.toContain(op);
    const withoutAttributeValues = svg.replace(/"[^"]*"/g, '""');
    expect(withoutAttributeValues).not.toMatch(/\d/);
    expect(withoutAttributeValues).not.toMatch(/>[^<]/);
  });

  it('draws different path data for different expressions', () => {
    const a = pathData(renderCaptchaSvg('7 + 3 = ?', seeded(3)));
    const b = pathData(renderCaptchaSvg('7 + 8 = ?', seeded(3)));
    expect(a).not.toEqual(b);
  });

  it('produces identical output for the same seed', () => {
    expect(renderCaptchaSvg('12 × 4 = ?', seeded(42))).toBe(renderCaptchaSvg('12 × 4 = ?', seeded(42)));
  });

  it('produces different output for different seeds', () => {
    expect(renderCaptchaSvg('12 × 4 = ?', seeded(42))).not.toBe(renderCaptchaSvg('12 × 4 = ?', seeded(43)));
  });

  it('falls back to Math.random when no random source is given', () => {
    const svg = renderCaptchaSvg('1 - 1 = ?');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toBe(renderCaptchaSvg('1 - 1 = ?'));
  });

  it('throws on a character outside the supported set', () => {
    expect(() => renderCaptchaSvg('7 / 3 = ?', seeded(1))).toThrow(Error);
    expect(() => renderCaptchaSvg('a + 1 = ?', seeded(1))).toThrow(/unsupported character/);
  });
});

describe('toDataUrl', () => {
  it('round-trips the svg through base64', () => {
    const svg = renderCaptchaSvg('12 × 4 = ?', seeded(7));
    const url = toDataUrl(svg);
    const prefix = 'data:image/svg+xml;base64,';
    expect(url.startsWith(prefix)).toBe(true);
    expect(Buffer.from(url.slice(prefix.length), 'base64').toString('utf8')).toBe(svg);
  });
});
