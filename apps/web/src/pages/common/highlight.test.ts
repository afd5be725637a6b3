import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('highlightParts', () => {
  it('marks each range of the text and keeps the rest plain', () => {
    expect(
      highlightParts('精密加工与模具设计', [
        [0, 2],
        [5, 7],
      ]),
    ).toEqual([
      { text: '精密', isMatch: true },
      { text: '加工与', isMatch: false },
      { text: '模具', isMatch: true },
      { text: '设计', isMatch: false },
    ]);
  });

  it('merges overlapping and touching ranges, whatever their order', () => {
    expect(
      highlightParts('冷链物流仓储', [
        [2, 4],
        [0, 3],
        [4, 5],
      ]),
    ).toEqual([
      { text: '冷链物流仓', isMatch: true },
      { text: '储', isMatch: false },
    ]);
  });

  it('clips ranges beyond the text and drops empty ones', () => {
    expect(
      highlightParts('CNC', [
        [-2, 1],
        [2, 9],
        [1, 1],
      ]),
    ).toEqual([
      { text: 'C', isMatch: true },
      { text: 'N', isMatch: false },
      { text: 'C', isMatch: true },
    ]);
  });

  it('answers the whole text unmarked without ranges', () => {
    expect(highlightParts('检验检测')).toEqual([{ text: '检验检测', isMatch: false }]);
    expect(highlightParts('')).toEqual([{ text: '', isMatch: false }]);
  });
});
