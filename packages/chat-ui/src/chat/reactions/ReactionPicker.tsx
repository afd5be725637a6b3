import type { Message } from '@liaison/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BASIC_EMOJI, type BasicEmoji } from '../../common/emoji/basic-emoji';
import { emojiName } from '../../common/emoji/emoji-names';
import { useKit } from '../../core/kit-context';
import { useAwarenessText } from '../../i18n/awareness-text';
import type { MenuReactionsProps } from '../actions/menu-reactions';
import { canCarryReactions, useMessageReactions, useToggleReaction } from './ReactionBar';
import './reactions.css';

/** The reactions offered first, before the whole set is opened. */
const QUICK_KEYS = [
  '[TUIEmoji_Like]',
  '[TUIEmoji_Ok]',
  '[TUIEmoji_Heart]',
  '[TUIEmoji_TearsLaugh]',
  '[TUIEmoji_Celebrate]',
  '[TUIEmoji_Amazed]',
];
const QUICK: readonly BasicEmoji[] = QUICK_KEYS.flatMap((key) => BASIC_EMOJI.filter((emoji) => emoji.key === key));

/**
 * The reaction row at the top of a message's action menu (spec §5 "reactions"): a few common
 * reactions and a button that opens the whole basic set. The ones I already gave are marked, and
 * choosing one takes it back. Its buttons are menu items, so the menu's arrow keys reach them.
 * Nothing when the EmojiReaction feature is off or the message cannot carry reactions.
 */
export function ReactionPicker({ message, onDone }: MenuReactionsProps) {
  const { features } = useKit();
  if (!features.EmojiReaction || !canCarryReactions(message)) return null;
  return <PickerRow message={message} onDone={onDone} />;
}

function PickerRow({ message, onDone }: { message: Message; onDone(): void }) {
  const t = useAwarenessText();
  const { i18n } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const reactions = useMessageReactions(message);
  const toggle = useToggleReaction();
  const mine = new Set(reactions.filter((r) => r.reactedByMyself).map((r) => r.reactionID));
  const shown = isOpen ? BASIC_EMOJI : QUICK;
  return (
    <fieldset className={`lc-reaction-picker${isOpen ? ' lc-reaction-picker--all' : ''}`}>
      <legend className="lc-reaction-picker__legend">{t('reactionPicker')}</legend>
      {shown.map((emoji) => {
        const name = emojiName(emoji, i18n.language);
        const isMine = mine.has(emoji.key);
        return (
          <button
            key={emoji.key}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={`lc-reaction-picker__item${isMine ? ' lc-reaction-picker__item--mine' : ''}`}
            aria-label={isMine ? t('reactionYours', { name }) : name}
            title={name}
            data-reaction-id={emoji.key}
            onClick={() => {
              toggle(message, emoji.key);
              onDone();
            }}
          >
            <img src={emoji.src} alt="" width={22} height={22} draggable={false} />
          </button>
        );
      })}
      {isOpen ? null : (
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="lc-reaction-picker__item lc-reaction-picker__more"
          aria-label={t('moreReactions')}
          title={t('moreReactions')}
          aria-expanded={false}
          onClick={() => setIsOpen(true)}
        >
          <span aria-hidden="true">＋</span>
        </button>
      )}
    </fieldset>
  );
}
