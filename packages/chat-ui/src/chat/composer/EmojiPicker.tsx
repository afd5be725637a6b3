import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BASIC_EMOJI } from '../emoji/basic-emoji';
import { emojiName } from '../emoji/emoji-names';

export interface EmojiPickerProps {
  /** Called with the chosen emoji's tag, e.g. `[TUIEmoji_Smile]`. */
  onSelect(key: string): void;
  onClose(): void;
}

/** The 62 basic emoji in a grid; Escape closes it. */
export function EmojiPicker({ onSelect, onClose }: EmojiPickerProps) {
  const { t, i18n } = useTranslation('chat');
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div
      className="lc-emoji-picker"
      role="dialog"
      aria-label={t('emojiPicker')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      {BASIC_EMOJI.map((emoji, index) => {
        const name = emojiName(emoji, i18n.language);
        return (
          <button
            key={emoji.key}
            ref={index === 0 ? first : undefined}
            type="button"
            aria-label={name}
            title={name}
            onClick={() => onSelect(emoji.key)}
          >
            <img src={emoji.src} alt="" width={20} height={20} />
          </button>
        );
      })}
    </div>
  );
}
