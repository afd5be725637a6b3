import { PORTAL_SEARCH } from '@liaison/protocol';
import { z } from 'zod';

/**
 * The keywords of a search box (spec portal.md §9: match type 'and'): the text split at spaces,
 * each keyword found as a case-insensitive substring, so Chinese matches inside words. '' or
 * absent: no keyword, no filter. Too long a text or too many keywords is refused, not cut.
 */
export function keywordsSchema(maxChars: number = PORTAL_SEARCH.keywordMax) {
  return z
    .string()
    .max(maxChars, `搜索内容不能超过${maxChars}个字符`)
    .default('')
    .transform(splitKeywords)
    .refine((list) => list.length <= PORTAL_SEARCH.keywordsMax, `关键词最多${PORTAL_SEARCH.keywordsMax}个`);
}

/** Distinct keywords (case-insensitively), in the order typed; any white space separates them. */
export function splitKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const word of text.split(/\s+/u)) {
    const key = word.toLowerCase();
    if (word === '' || seen.has(key)) continue;
    seen.add(key);
    keywords.push(word);
  }
  return keywords;
}
