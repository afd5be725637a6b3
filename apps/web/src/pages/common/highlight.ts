/** A piece of a text, marked when the search matched it. */
export interface TextPart {
  text: string;
  isMatch: boolean;
}

/**
 * Cuts a text at the server's match offsets ([start, end) in UTF-16 units): overlapping or
 * touching ranges merge, ranges outside the text are clipped, empty ones dropped.
 */
export function highlightParts(text: string, ranges: readonly (readonly [number, number])[] = []): TextPart[] {
  const merged: [number, number][] = [];
  const clipped = ranges
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as [number, number])
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0]);
  for (const range of clipped) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  const parts: TextPart[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) parts.push({ text: text.slice(at, start), isMatch: false });
    parts.push({ text: text.slice(start, end), isMatch: true });
    at = end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), isMatch: false });
  return parts;
}
