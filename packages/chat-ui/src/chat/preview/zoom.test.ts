import { describe, expect, it } from 'vitest';
import { buttonZoom, pinchZoom, rotate, swipeDirection, wheelZoom } from './zoom';

describe('image previewer zoom and rotation', () => {
  it('zooms with the wheel between 0.125 and 4', () => {
    expect(wheelZoom(1, -100)).toBe(1.1);
    expect(wheelZoom(1, 100)).toBe(0.9);
    expect(wheelZoom(4, -100)).toBe(4);
    expect(wheelZoom(0.2, 100)).toBe(0.125);
    expect(wheelZoom(0.125, 100)).toBe(0.125);
  });

  it('zooms by 0.1 per button press, never below 0.1', () => {
    let zoom = 1;
    for (let i = 0; i < 3; i++) zoom = buttonZoom(zoom, 1);
    expect(zoom).toBe(1.3);
    for (let i = 0; i < 30; i++) zoom = buttonZoom(zoom, -1);
    expect(zoom).toBe(0.1);
  });

  it('pinches between 0.5 and 4 in proportion to the fingers’ distance', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(1, 100, 10)).toBe(0.5);
    expect(pinchZoom(2, 100, 400)).toBe(4);
  });

  it('rotates by quarter turns both ways', () => {
    expect(rotate(0, 1)).toBe(90);
    expect(rotate(0, -1)).toBe(270);
    expect(rotate(270, 1)).toBe(0);
  });

  it('switches image only on a swipe longer than 100 px', () => {
    expect(swipeDirection(99)).toBe(0);
    expect(swipeDirection(-101)).toBe(1);
    expect(swipeDirection(150)).toBe(-1);
  });
});
