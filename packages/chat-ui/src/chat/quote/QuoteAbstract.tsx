import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { emojiName } from '../../common/emoji/emoji-names';
import { parseTextParts } from '../../common/emoji/text-parts';
import { quoteLabelKey } from './message-reply';

/**
 * A quoted message's abstract: its text (emoji drawn as pictures, links left as text, since the
 * quote itself is a button), or for anything else the type label in the reader's language
 * ('[Image]', '[Voice]'…), whatever language the quote was made in.
 */
export function QuoteAbstract({ type, text }: { type: string | number; text: string }) {
  const { t, i18n } = useTranslation('conversation');
  const parts = useMemo(() => parseTextParts(text), [text]);
  const labelKey = quoteLabelKey(type);
  if (labelKey) return <span>{t(labelKey)}</span>;
  return (
    <bdi className="lc-message-text" dir="auto">
      {parts.map((part, index) =>
        // Parts of one text never move, so their position is a stable key.
        part.type === 'emoji' ? (
          <img
            key={String(index)}
            className="lc-emoji"
            src={part.src}
            alt={part.key}
            title={emojiName(part, i18n.language)}
            width={16}
            height={16}
            draggable={false}
          />
        ) : (
          <span key={String(index)}>{part.text}</span>
        ),
      )}
    </bdi>
  );
}
