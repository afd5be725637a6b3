import { highlightParts } from './highlight';

/** The text with every keyword marked; React text nodes only, so no markup in the text can run. */
export function Highlight({ text, keywords }: { text: string; keywords: readonly string[] }) {
  return (
    <>
      {highlightParts(text, keywords).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <mark key={index} className="lc-search-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
