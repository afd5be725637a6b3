import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useKit } from '../kit/kit-context';
import { Composer } from './composer/Composer';
import { MessageList } from './message-list/MessageList';
import './chat.css';

export interface ChatWindowProps {
  /** The open conversation, or null for the placeholder. */
  conversationID: string | null;
  /** Closes the chat (the back button on h5). */
  onBack(): void;
}

/**
 * The chat window (spec chat.md §2): a placeholder without a conversation; otherwise a header
 * with the conversation's name (and a back button on h5), the message list and the composer.
 */
export function ChatWindow({ conversationID, onBack }: ChatWindowProps) {
  const { t } = useTranslation('chat');
  if (!conversationID) {
    return (
      <div className="lc-chat lc-chat--empty">
        <p>{t('selectConversation')}</p>
      </div>
    );
  }
  return <OpenChat key={conversationID} conversationID={conversationID} onBack={onBack} />;
}

function OpenChat({ conversationID, onBack }: { conversationID: string; onBack(): void }) {
  const { chat, isH5 } = useKit();
  const { t } = useTranslation('chat');
  const name = useConversationName(conversationID);
  return (
    <div className="lc-chat">
      <header className="lc-chat__header">
        {isH5 && (
          <button type="button" className="lc-icon-button" aria-label={t('back')} onClick={onBack}>
            ‹
          </button>
        )}
        <h2 className="lc-chat__title">
          <bdi>{name}</bdi>
        </h2>
      </header>
      <MessageList conversationID={conversationID} />
      <Composer key={`${chat.getLoginUser()}/${conversationID}`} conversationID={conversationID} />
    </div>
  );
}

/** The conversation's display name from the SDK's store: group name, peer nick, else the ID. */
export function useConversationName(conversationID: string): string {
  const { chat } = useKit();
  const select = useCallback(() => {
    const conversation = chat.conversationStore.get(conversationID);
    return (
      conversation?.groupProfile?.name ||
      conversation?.userProfile?.nick ||
      conversation?.userProfile?.userID ||
      conversationID.replace(/^(C2C|GROUP)/, '')
    );
  }, [chat, conversationID]);
  return useSyncExternalStore(chat.conversationStore.subscribe, select, select);
}
