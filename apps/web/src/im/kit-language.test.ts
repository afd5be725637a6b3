import { describe, expect, it } from 'vitest';
import { kitLanguage } from './kit-language';

describe('kitLanguage', () => {
  it.each([0, 20_000_000, 55_555_555, 89_999_999, 1_720_000_000, 1_789_999_999])('speaks English for %i', (id) => {
    expect(kitLanguage(id)).toBe('en');
  });

  it.each([1, 19_999_999, 90_000_000, 1_400_000_001, 1_719_999_999, 1_790_000_000])('speaks Chinese for %i', (id) => {
    expect(kitLanguage(id)).toBe('zh-CN');
  });
});
