import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BASIC_EMOJI } from '../../common/emoji/basic-emoji';
import { BIG_FACE_GROUPS, bigFaceName } from '../../common/emoji/big-faces';
import { emojiName } from '../../common/emoji/emoji-names';
import { useKit } from '../../core/kit-context';
import { ToolbarPopup } from './ToolbarPopup';

export interface EmojiPickerProps {
  /** Called with the chosen basic emoji's tag, e.g. `[TUIEmoji_Smile]`, to insert into the text. */
  onSelect(key: string): void;
  /** Called with a big face's (or custom emoji's) group and key: it is sent at once as a face message. */
  onFace(index: number, data: string): void;
  onClose(): void;
}

type Tab = { id: string; label: string };

/**
 * The emoji picker (spec chat.md §2, §3): tabs for the 62 basic emoji, the three big-face groups
 * and the host's custom set (only when configured). Names follow the UI language. Choosing closes
 * the picker; Escape or a click outside closes it too.
 */
export function EmojiPicker({ onSelect, onFace, onClose }: EmojiPickerProps) {
  const { t, i18n } = useTranslation('chat');
  const { features, customEmoji } = useKit();
  const tabs: Tab[] = [
    { id: 'basic', label: t('emojiTabBasic') },
    ...(features.InputStickers
      ? BIG_FACE_GROUPS.map((group) => ({
          id: `big${group.groupID}`,
          label: t('emojiTabBig', { number: group.groupID }),
        }))
      : []),
    ...(customEmoji ? [{ id: 'custom', label: t('emojiTabCustom') }] : []),
  ];
  const [tab, setTab] = useState('basic');
  const language = i18n.language;
  const bigGroup = BIG_FACE_GROUPS.find((group) => `big${group.groupID}` === tab);

  return (
    <ToolbarPopup label={t('emojiPicker')} onClose={onClose} className="lc-emoji-picker">
      {tabs.length > 1 && (
        <div className="lc-emoji-picker__tabs" role="tablist" aria-label={t('emojiTabs')}>
          {tabs.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              aria-selected={tab === item.id}
              className={`lc-emoji-picker__tab${tab === item.id ? ' lc-emoji-picker__tab--active' : ''}`}
              onClick={() => setTab(item.id)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      <div className={`lc-emoji-picker__grid${tab === 'basic' ? '' : ' lc-emoji-picker__grid--big'}`} role="tabpanel">
        {tab === 'basic' &&
          BASIC_EMOJI.map((emoji) => {
            const name = emojiName(emoji, language);
            return (
              <button key={emoji.key} type="button" aria-label={name} title={name} onClick={() => onSelect(emoji.key)}>
                <img src={emoji.src} alt="" width={20} height={20} />
              </button>
            );
          })}
        {bigGroup?.faces.map((face) => {
          const name = bigFaceName(face, language);
          return (
            <button
              key={face.key}
              type="button"
              aria-label={name}
              title={name}
              onClick={() => onFace(face.groupID, face.key)}
            >
              <img src={face.src} alt="" width={48} height={48} />
            </button>
          );
        })}
        {tab === 'custom' &&
          customEmoji?.keys.map((key) => (
            <button
              key={key}
              type="button"
              aria-label={key}
              title={key}
              onClick={() => onFace(customEmoji.groupID, key)}
            >
              <img src={`${customEmoji.baseURL}${key}`} alt="" width={48} height={48} />
            </button>
          ))}
      </div>
    </ToolbarPopup>
  );
}
