import { describe, expect, it } from 'vitest';
import { fitMediaBox, imageMaxPx, videoMaxPx } from './media-size';

describe('media box sizes', () => {
  it('fits a large picture in 300 px keeping its shape', () => {
    expect(fitMediaBox(1200, 800, 300)).toEqual({ width: 300, height: 200 });
    expect(fitMediaBox(400, 1600, 300)).toEqual({ width: 75, height: 300 });
  });

  it('never enlarges a small picture', () => {
    expect(fitMediaBox(120, 80, 300)).toEqual({ width: 120, height: 80 });
  });

  it('leaves the size unset when a dimension is zero', () => {
    expect(fitMediaBox(0, 80, 300)).toBeUndefined();
    expect(fitMediaBox(80, 0, 300)).toBeUndefined();
  });

  it('limits pictures to min(app width − 180, 300) and videos to min(list width − 172, 300) on phones', () => {
    expect(imageMaxPx(false, 390)).toBe(300);
    expect(imageMaxPx(true, 390)).toBe(210);
    expect(imageMaxPx(true, 1024)).toBe(300);
    expect(videoMaxPx(true, 390)).toBe(218);
    expect(videoMaxPx(false, 390)).toBe(300);
  });
});
