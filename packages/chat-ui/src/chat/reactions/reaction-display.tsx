import { useTranslation } from 'react-i18next';
import { findEmoji } from '../../common/emoji/basic-emoji';
import { emojiName } from '../../common/emoji/emoji-names';

/** A reaction's readable name: the emoji's name in the UI language, or the reaction ID itself. */
export function useReactionName(): (reactionID: string) => string {
  const { i18n } = useTranslation();
  return (reactionID) => {
    const emoji = findEmoji(reactionID);
    return emoji ? emojiName(emoji, i18n.language) : reactionID;
  };
}

/** A reaction as drawn: the kit's emoji picture for an emoji key, else the ID as text (an app's own). */
export function ReactionGlyph({ reactionID }: { reactionID: string }) {
  const emoji = findEmoji(reactionID);
  if (!emoji) return <span className="lc-reaction__text">{reactionID}</span>;
  return <img className="lc-reaction__emoji" src={emoji.src} alt="" width={18} height={18} draggable={false} />;
}
