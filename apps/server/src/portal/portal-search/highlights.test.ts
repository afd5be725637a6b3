import { describe, expect, it } from 'vitest';
import { highlightsOf, matchRanges } from './highlights';

describe('search highlights', () => {
  it('marks every occurrence of every keyword, case-insensitively', () => {
    expect(matchRanges('CNC加工与cnc编程', ['cnc'])).toEqual([
      [0, 3],
      [6, 9],
    ]);
    expect(matchRanges('精密加工中心', ['加工', '精密'])).toEqual([[0, 4]]);
  });

  it('merges overlapping and touching matches', () => {
    expect(matchRanges('aaaa', ['aa'])).toEqual([[0, 4]]);
    expect(matchRanges('供应链金融', ['供应链', '链金'])).toEqual([[0, 4]]);
    expect(matchRanges('供应链金融', ['供应', '链金融'])).toEqual([[0, 5]]);
  });

  it('counts offsets in UTF-16 units and takes pattern characters literally', () => {
    expect(matchRanges('😀良品率99%', ['99%'])).toEqual([[5, 8]]);
    expect(matchRanges('a.b axb', ['a.b'])).toEqual([[0, 3]]);
    expect(matchRanges('(1+1)', ['1+1'])).toEqual([[1, 4]]);
  });

  it('names only the fields that matched', () => {
    const item = { productName: '五轴加工', summary: '航空铝合金', keywords: 'CNC', viewCount: 3 };
    expect(highlightsOf(item, ['productName', 'summary', 'keywords'], ['加工', '铝'])).toEqual({
      productName: [[2, 4]],
      summary: [[2, 3]],
    });
  });
});
