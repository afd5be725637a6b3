/**
 * Renders a login-captcha code (e.g. `K7WPA`) as an SVG image.
 *
 * Glyphs come from a small stroke font defined below and are baked into jittered path
 * coordinates, so the markup carries no text a bot could read back: no <text>, no
 * glyph ids or classes, and noise paths that look just like glyph paths.
 */

const WIDTH = 160;
const HEIGHT = 60;

/** Returns a float in [0, 1), like Math.random. Injectable so tests are deterministic. */
export type RandomSource = () => number;

/**
 * Renders `expression` (characters of CAPTCHA_ALPHABET and spaces) as an SVG string, 160×60.
 * Throws on any other character, or when there is nothing to draw.
 */
export function renderCaptchaSvg(expression: string, random: RandomSource = Math.random): string {
  const chars = [...expression];
  const glyphs = chars.map((ch) => {
    if (ch === ' ') return null;
    const strokes = FONT.get(ch);
    if (strokes === undefined) {
      throw new Error(`renderCaptchaSvg: unsupported character ${JSON.stringify(ch)}`);
    }
    return strokes;
  });
  if (!glyphs.some((g) => g !== null)) {
    throw new Error('renderCaptchaSvg: expression has no characters to draw');
  }

  const parts: string[] = [];
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="${lightColor(random)}"/>`);

  // Noise goes under the glyphs so they stay readable for humans but still cross them.
  const noiseCount = randomInt(random, 5, 7);
  for (let i = 0; i < noiseCount; i++) parts.push(noiseCurve(random));

  // Shrink the font when the expression is long so it always fits the fixed width.
  const totalUnits = chars.reduce((sum, ch) => sum + (ch === ' ' ? SPACE_ADVANCE : GLYPH_ADVANCE), 0) - GLYPH_GAP;
  const unit = Math.min(MAX_UNIT_PX, (WIDTH - 2 * MARGIN) / totalUnits);
  let x = (WIDTH - totalUnits * unit) / 2;
  for (const strokes of glyphs) {
    if (strokes === null) {
      x += SPACE_ADVANCE * unit;
      continue;
    }
    parts.push(glyphPath(strokes, x + (CELL_W / 2) * unit, HEIGHT / 2, unit, random));
    x += GLYPH_ADVANCE * unit;
  }

  // Dots on top so they also break up the glyph strokes.
  const dotCount = randomInt(random, 25, 40);
  for (let i = 0; i < dotCount; i++) parts.push(noiseDot(random));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

/** Wraps an SVG string as a base64 data URL, usable directly as an <img> src. */
export function toDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

// ---------------------------------------------------------------------------
// Stroke font: each glyph is a list of polylines in a 10×16 cell, y pointing down.

type Point = readonly [number, number];
type Stroke = readonly Point[];

const CELL_W = 10;
const CELL_H = 16;
const GLYPH_GAP = 3;
const GLYPH_ADVANCE = CELL_W + GLYPH_GAP;
const SPACE_ADVANCE = 5;
const MAX_UNIT_PX = 2;
const MARGIN = 6;

/**
 * Glyph outlines as `x y, x y, ... | x y, ...`: `,` separates points, `|` separates
 * strokes. A string table stays readable where nested arrays would sprawl over pages.
 */
const FONT_SOURCE: Readonly<Record<string, string>> = {
  '3': '0 1, 3 0, 8 0, 10 2, 10 6, 7 8, 3 8 | 7 8, 10 10, 10 14, 8 16, 2 16, 0 15',
  '4': '7 16, 7 0, 0 11, 10 11',
  '6': '9 1, 6 0, 3 0, 0 4, 0 13, 3 16, 7 16, 10 13, 10 10, 7 7, 3 7, 0 10',
  '7': '0 0, 10 0, 4 16',
  '9': '10 6, 7 9, 3 9, 0 6, 0 3, 3 0, 7 0, 10 3, 10 12, 7 16, 3 16, 1 15',
  A: '0 16, 5 0, 10 16 | 2 10, 8 10',
  C: '10 2, 8 0, 2 0, 0 3, 0 13, 2 16, 8 16, 10 14',
  D: '0 0, 0 16, 6 16, 10 12, 10 4, 6 0, 0 0',
  E: '10 0, 0 0, 0 16, 10 16 | 0 8, 7 8',
  F: '10 0, 0 0, 0 16 | 0 8, 7 8',
  H: '0 0, 0 16 | 10 0, 10 16 | 0 8, 10 8',
  J: '3 0, 10 0 | 8 0, 8 13, 5 16, 2 16, 0 13',
  K: '0 0, 0 16 | 10 0, 0 10 | 3 7, 10 16',
  M: '0 16, 0 0, 5 9, 10 0, 10 16',
  N: '0 16, 0 0, 10 16, 10 0',
  P: '0 16, 0 0, 7 0, 10 3, 10 6, 7 9, 0 9',
  R: '0 16, 0 0, 7 0, 10 3, 10 6, 7 9, 0 9 | 5 9, 10 16',
  T: '0 0, 10 0 | 5 0, 5 16',
  U: '0 0, 0 13, 3 16, 7 16, 10 13, 10 0',
  V: '0 0, 5 16, 10 0',
  W: '0 0, 2 16, 5 6, 8 16, 10 0',
  X: '0 0, 10 16 | 10 0, 0 16',
  Y: '0 0, 5 8, 10 0 | 5 8, 5 16',
};

/**
 * What a captcha code is made of: capitals and digits a reader cannot take for another
 * (none of 0 O Q, 1 I L, 2 Z, 5 S, 8 B, G; answers are compared case-insensitively).
 */
export const CAPTCHA_ALPHABET = Object.keys(FONT_SOURCE).join('');

const FONT: ReadonlyMap<string, readonly Stroke[]> = new Map(
  Object.entries(FONT_SOURCE).map(([ch, source]) => [ch, parseGlyph(source)]),
);

function parseGlyph(source: string): Stroke[] {
  return source.split('|').map((stroke) =>
    stroke.split(',').map((point): Point => {
      const [x, y] = point.trim().split(/\s+/).map(Number);
      if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) {
        throw new Error(`captcha font: bad point ${JSON.stringify(point)}`);
      }
      return [x, y];
    }),
  );
}

// ---------------------------------------------------------------------------
// Drawing helpers.

/** One <path> per glyph, with rotation/scale/offset baked into the points so no transform hints at the shape. */
function glyphPath(strokes: readonly Stroke[], cx: number, cy: number, unit: number, random: RandomSource): string {
  const angle = (between(random, -15, 15) * Math.PI) / 180;
  const scale = unit * between(random, 0.85, 1.15);
  const ox = cx + between(random, -2, 2);
  const oy = cy + between(random, -5, 5);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);

  const d = strokes
    .map((stroke) =>
      stroke
        .map(([u, v], i) => {
          const lx = (u - CELL_W / 2) * scale;
          const ly = (v - CELL_H / 2) * scale;
          // Per-vertex wobble so the same glyph never repeats exact coordinates.
          const px = ox + lx * cos - ly * sin + between(random, -0.5, 0.5);
          const py = oy + lx * sin + ly * cos + between(random, -0.5, 0.5);
          return `${i === 0 ? 'M' : 'L'}${fmt(px)} ${fmt(py)}`;
        })
        .join(''),
    )
    .join('');

  const width = fmt(between(random, 2.2, 3));
  return `<path d="${d}" fill="none" stroke="${darkColor(random)}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A cubic curve spanning the image edge to edge, styled like a thin glyph stroke. */
function noiseCurve(random: RandomSource): string {
  const y = () => fmt(between(random, 5, HEIGHT - 5));
  const d = `M0 ${y()}C${fmt(between(random, 20, 70))} ${y()} ${fmt(between(random, 90, 140))} ${y()} ${WIDTH} ${y()}`;
  const width = fmt(between(random, 1, 2));
  return `<path d="${d}" fill="none" stroke="${darkColor(random)}" stroke-width="${width}" stroke-linecap="round"/>`;
}

function noiseDot(random: RandomSource): string {
  const cx = fmt(between(random, 0, WIDTH));
  const cy = fmt(between(random, 0, HEIGHT));
  const r = fmt(between(random, 0.6, 1.8));
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${darkColor(random)}"/>`;
}

/** Channels kept low so every colour contrasts with the light background. */
function darkColor(random: RandomSource): string {
  return hexColor(randomInt(random, 0, 120), randomInt(random, 0, 120), randomInt(random, 0, 120));
}

function lightColor(random: RandomSource): string {
  return hexColor(randomInt(random, 225, 255), randomInt(random, 225, 255), randomInt(random, 225, 255));
}

function hexColor(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function between(random: RandomSource, min: number, max: number): number {
  return min + random() * (max - min);
}

/** Inclusive on both ends. */
function randomInt(random: RandomSource, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** One decimal keeps the markup small; `+ 0` turns -0 into 0. */
function fmt(n: number): string {
  return String(Math.round(n * 10) / 10 + 0);
}
