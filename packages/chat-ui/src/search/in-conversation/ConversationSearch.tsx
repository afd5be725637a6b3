import type { ChatSession } from '../../chat/actions/chat-session';
import { useKit } from '../../core/kit-context';
import { ConversationSearchPanel } from './ConversationSearchPanel';
import { searchPanelOf, useSearchPanelOpen } from './search-opener';

/** The open conversation's search panel, while a search button has opened it and MessageSearch is on. */
export function ConversationSearch({ conversationID, session }: { conversationID: string; session: ChatSession }) {
  const { features } = useKit();
  const isOpen = useSearchPanelOpen(session);
  if (!isOpen || !features.MessageSearch) return null;
  return <ConversationSearchPanel conversationID={conversationID} onClose={() => searchPanelOf(session).set(false)} />;
}
