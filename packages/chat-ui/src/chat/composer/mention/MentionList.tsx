import { Avatar } from '../../../common/Avatar';
import { useGroupText } from '../../../i18n/group-text';
import type { MentionCandidate } from './mention-candidates';
import './mention.css';

export interface MentionListProps {
  id: string;
  candidates: readonly MentionCandidate[];
  activeIndex: number;
  onChoose(candidate: MentionCandidate): void;
}

/** The option's element ID, for the editor's aria-activedescendant. */
export function mentionOptionID(listID: string, index: number): string {
  return `${listID}-option-${index}`;
}

/**
 * The @-mention list over the composer (spec chat.md §2, §4): 'everyone' (owner and admins),
 * then the members; the highlighted one follows the arrow keys typed in the editor, which keeps
 * the focus. A click chooses without taking the focus from the editor.
 */
export function MentionList({ id, candidates, activeIndex, onChoose }: MentionListProps) {
  const t = useGroupText();
  return (
    <div id={id} className="lc-mention-list" role="listbox" aria-label={t('mentionList')}>
      {candidates.map((candidate, index) => (
        // The editor keeps the focus and takes the keys (arrows, Enter, Escape) for the list, as a
        // combobox's listbox: the options are chosen by click here, never focused.
        // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: see above
        <div
          key={candidate.userID}
          id={mentionOptionID(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          className={`lc-mention__item${index === activeIndex ? ' lc-mention__item--active' : ''}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(candidate)}
        >
          {candidate.isAll ? (
            <span className="lc-mention__all" aria-hidden="true">
              @
            </span>
          ) : (
            <Avatar url={candidate.avatar} size={24} />
          )}
          <bdi className="lc-mention__name">{candidate.name}</bdi>
        </div>
      ))}
    </div>
  );
}
