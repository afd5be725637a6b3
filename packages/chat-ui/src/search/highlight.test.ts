import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('highlightParts', () => {
  it('marks every keyword case-insensitively, keeping the text as written', () => {
    expect(highlightParts('Invoice PO-2026 and invoice', ['INVOICE'])).toEqual([
      { text: 'Invoice', match: true },
      { text: ' PO-2026 and ', match: false },
      { text: 'invoice', match: true },
    ]);
  });

  it('merges overlapping and touching matches into one mark', () => {
    expect(highlightParts('请发报价单给我', ['报价', '价单', '给'])).toEqual([
      { text: '请发', match: false },
      { text: '报价单给', match: true },
      { text: '我', match: false },
    ]);
  });

  it('leaves markup in the text as text, and ignores blank keywords', () => {
    expect(highlightParts('<b>x</b>', ['<b>', ' '])).toEqual([
      { text: '<b>', match: true },
      { text: 'x</b>', match: false },
    ]);
    expect(highlightParts('abc', [])).toEqual([{ text: 'abc', match: false }]);
  });
});
