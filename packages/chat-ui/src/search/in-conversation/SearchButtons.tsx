import { type ChatSession, useChatSession } from '../../chat/actions/chat-session';
import { useKit } from '../../core/kit-context';
import { useConversationSearchText } from '../../i18n/conversation-search-text';
import { SearchIcon } from './icons';
import { searchPanelOf, useSearchPanelOpen } from './search-opener';

/**
 * The search extension at the end of the composer's toolbar (spec chat.md §2): desktop only, and
 * only while the MessageSearch feature is on. Outside a chat window there is no panel to open.
 */
export function ConversationSearchToolbarButton() {
  const { features, isH5 } = useKit();
  const session = useChatSession();
  if (!features.MessageSearch || isH5 || !session) return null;
  return <SearchToggle session={session} className="lc-icon-button lc-csearch-toggle--toolbar" />;
}

/** On phones the toolbar has no room for it: the chat header offers the search instead. */
export function ConversationSearchHeaderButton({ session }: { session: ChatSession }) {
  const { features, isH5 } = useKit();
  if (!features.MessageSearch || !isH5) return null;
  return <SearchToggle session={session} className="lc-icon-button lc-csearch-toggle--header" />;
}

function SearchToggle({ session, className }: { session: ChatSession; className: string }) {
  const t = useConversationSearchText();
  const isOpen = useSearchPanelOpen(session);
  const label = t('open');
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={label}
      aria-expanded={isOpen}
      aria-haspopup="dialog"
      onClick={() => searchPanelOf(session).set(!isOpen)}
    >
      <SearchIcon />
    </button>
  );
}
