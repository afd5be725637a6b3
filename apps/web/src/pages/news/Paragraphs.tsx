/** Plain text the platform wrote (an introduction), one paragraph per line; `empty` when there is none. */
export function Paragraphs({ text, empty }: { text: string; empty: string }) {
  const paragraphs = text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="public-quiet">{empty}</p>;
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never reorder
        <p key={index}>{paragraph}</p>
      ))}
    </>
  );
}
