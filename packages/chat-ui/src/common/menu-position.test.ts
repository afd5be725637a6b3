import { describe, expect, it } from 'vitest';
import { positionMenu } from './menu-position';

const VIEWPORT = { width: 400, height: 600 };
const MENU = { width: 160, height: 120 };

describe('positionMenu', () => {
  it('opens below and right of the pointer when there is room', () => {
    expect(positionMenu({ x: 50, y: 60 }, MENU, VIEWPORT)).toEqual({ left: 50, top: 60 });
  });

  it('flips left and up near the right and bottom edges so the menu stays on screen', () => {
    expect(positionMenu({ x: 390, y: 590 }, MENU, VIEWPORT)).toEqual({ left: 230, top: 470 });
  });

  it('keeps a margin from the edges when the menu fits neither side of the pointer', () => {
    const tall = { width: 160, height: 580 };
    expect(positionMenu({ x: 10, y: 300 }, tall, VIEWPORT)).toEqual({ left: 10, top: 12 });
    expect(positionMenu({ x: 0, y: 0 }, MENU, VIEWPORT)).toEqual({ left: 8, top: 8 });
  });
});
