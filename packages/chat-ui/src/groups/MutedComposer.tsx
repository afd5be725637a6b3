import { useGroupText } from '../i18n/group-text';
import './group.css';

/**
 * What takes the composer's place while I may not speak (spec chat.md §2, §6): the mute text,
 * and no editor and no send button.
 */
export function MutedComposer({ reason }: { reason: 'muted' | 'mutedAll' }) {
  const t = useGroupText();
  return (
    <p className="lc-muted-composer" role="status">
      {t(reason === 'muted' ? 'mutedByAdmin' : 'mutedAll')}
    </p>
  );
}
