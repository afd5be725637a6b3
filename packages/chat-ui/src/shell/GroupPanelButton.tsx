import { useGroupText } from '../i18n/group-text';

/** The button that opens and closes the group panel (in a group's chat header, or a community's topics). */
export function GroupPanelButton({ isOpen, onToggle }: { isOpen: boolean; onToggle(): void }) {
  const tg = useGroupText();
  return (
    <button
      type="button"
      className="lc-icon-button lc-chat__group-button"
      aria-label={tg('openPanel')}
      aria-expanded={isOpen}
      aria-haspopup="dialog"
      onClick={onToggle}
    >
      <GroupIcon />
    </button>
  );
}

/** Three figures: the group's settings. */
function GroupIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="4" cy="10" r="1.6" fill="currentColor" />
      <circle cx="10" cy="10" r="1.6" fill="currentColor" />
      <circle cx="16" cy="10" r="1.6" fill="currentColor" />
    </svg>
  );
}
