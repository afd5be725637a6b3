import { highlightParts } from './highlight';

interface HighlightedProps {
  text: string;
  /** The server's match offsets in this text; none: plain text. */
  ranges?: readonly (readonly [number, number])[];
}

/**
 * A text with the search's matches marked; React text nodes only, so nothing in the text can run.
 * One inline element, so a flex row around it keeps the text in one piece.
 */
export function Highlighted({ text, ranges }: HighlightedProps) {
  if (!ranges || ranges.length === 0) return <span>{text}</span>;
  return (
    <span>
      {highlightParts(text, ranges).map((part, index) =>
        part.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <mark key={index} className="public-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}
