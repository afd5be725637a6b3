/** A piece of text, and whether it matched one of the keywords. */
export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * Splits `text` into matched and unmatched parts: every keyword, case-insensitively, anywhere;
 * overlapping or touching matches merge into one part.
 */
export function highlightParts(text: string, keywords: readonly string[]): TextPart[] {
  const lower = text.toLowerCase();
  const ranges: Array<[number, number]> = [];
  for (const keyword of keywords) {
    const needle = keyword.trim().toLowerCase();
    if (needle === '') continue;
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
      ranges.push([at, at + needle.length]);
    }
  }
  if (ranges.length === 0) return text === '' ? [] : [{ text, match: false }];
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const parts: TextPart[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
