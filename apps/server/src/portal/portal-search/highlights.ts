import type { Highlights } from '@liaison/protocol';

/**
 * Where the keywords are in the named text fields of an item: [start, end) UTF-16 offsets,
 * found case-insensitively, overlapping and touching ranges merged (spec portal.md §5). Fields
 * without a match are left out.
 */
export function highlightsOf<T extends object>(
  item: T,
  fields: readonly (keyof T & string)[],
  keywords: readonly string[],
): Highlights {
  const highlights: Highlights = {};
  for (const field of fields) {
    const value = item[field];
    if (typeof value !== 'string') continue;
    const ranges = matchRanges(value, keywords);
    if (ranges.length > 0) highlights[field] = ranges;
  }
  return highlights;
}

export function matchRanges(text: string, keywords: readonly string[]): [number, number][] {
  const found: [number, number][] = [];
  for (const keyword of keywords) {
    if (keyword === '') continue;
    const pattern = new RegExp(escapeRegExp(keyword), 'giu');
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      found.push([match.index, match.index + match[0].length]);
      // Step one character, not past the match, so overlapping occurrences are found too.
      pattern.lastIndex = match.index + ((text.codePointAt(match.index) ?? 0) > 0xffff ? 2 : 1);
    }
  }
  return merge(found);
}

function merge(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
