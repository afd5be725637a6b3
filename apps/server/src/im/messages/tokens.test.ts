import { describe, expect, it } from 'vitest';
import { indexTokens, queryTokens } from './tokens';

describe('search tokens', () => {
  it('index Chinese as single characters and neighbouring pairs', () => {
    expect(indexTokens('报价单')).toEqual(['报', '价', '报价', '单', '价单']);
  });

  it('index other words lower-cased, and the letter and digit parts of mixed words', () => {
    expect(indexTokens('Invoice PO-2026-118, SKU12345')).toEqual([
      'invoice',
      'po',
      '2026',
      '118',
      'sku12345',
      'sku',
      '12345',
    ]);
  });

  it('split mixed Chinese and Latin text where the script changes', () => {
    expect(indexTokens('v2报价')).toEqual(['v2', 'v', '2', '报', '价', '报价']);
  });

  it('ask for every pair of a Chinese keyword, its one character alone, whole words, and the last word as a prefix', () => {
    expect(queryTokens('报价单')).toEqual({ exact: ['报价', '价单'], prefix: [] });
    expect(queryTokens('单')).toEqual({ exact: ['单'], prefix: [] });
    expect(queryTokens('PO-2026-11')).toEqual({ exact: ['po', '2026'], prefix: ['11'] });
    expect(queryTokens('v2报价')).toEqual({ exact: ['v2', '报价'], prefix: [] });
    expect(queryTokens('ship')).toEqual({ exact: [], prefix: ['ship'] });
  });

  it('find nothing to ask for in a keyword of punctuation only', () => {
    expect(queryTokens('?!—')).toEqual({ exact: [], prefix: [] });
  });

  it('every query token of a substring of a text is found among that text’s tokens (or prefixes one)', () => {
    const text = '请把PO-2026-118的报价单发给Zhang经理, SKU12345交期v2';
    const tokens = indexTokens(text);
    for (const keyword of ['报价', '单', '价单发', 'Zhang', 'zha', 'PO-2026', 'sku123', '交期v2', '经理']) {
      const { exact, prefix } = queryTokens(keyword);
      for (const token of exact) expect(tokens, `${keyword}: ${token}`).toContain(token);
      for (const token of prefix)
        expect(
          tokens.some((t) => t.startsWith(token)),
          `${keyword}: ${token}*`,
        ).toBe(true);
    }
  });
});
