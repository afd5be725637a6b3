import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CallButtons } from '../calls/CallButtons';
import { GroupCallBanner } from '../calls/GroupCallBanner';
import { ChatSession, ChatSessionProvider } from '../chat/actions/chat-session';
import { useMembership } from '../chat/actions/use-membership';
import { Composer, preloadComposer } from '../chat/composer/Composer';
import { ForwardPanel } from '../chat/forward/ForwardPanel';
import { MultiSelectPanel } from '../chat/forward/MultiSelectPanel';
import { MessageList } from '../chat/message-list/MessageList';
import { TypingTitle } from '../chat/typing/TypingTitle';
import { useStoreValue } from '../common/value-store';
import { useKit } from '../core/kit-context';
import { GroupPanel } from '../groups/GroupPanel';
import { JoinRequestBanner } from '../groups/JoinRequestBanner';
import { MutedComposer } from '../groups/MutedComposer';
import { useSilence } from '../groups/use-silence';
import { useGroupText } from '../i18n/group-text';
import { ConversationSearch } from '../search/in-conversation/ConversationSearch';
import {
  ConversationSearchHeaderButton,
  ConversationSearchToolbarButton,
} from '../search/in-conversation/SearchButtons';
import '../chat/chat.css';

export interface ChatWindowProps {
  /** The open conversation, or null for the placeholder. */
  conversationID: string | null;
  /** Closes the chat (the back button on h5). */
  onBack(): void;
}

/**
 * The chat window (spec chat.md §2): a placeholder without a conversation; otherwise a header
 * with the conversation's name (and a back button on h5; in groups the group panel's button), the
 * join-request banner of a group, the message list, and one bottom area out of three: the reason
 * for leaving when the user is no longer in the group, the multi-select panel in multi-select
 * mode, else the composer (or the mute text while the user may not speak). The forward panel
 * opens over it; the group panel beside it (over it on h5).
 */
export function ChatWindow({ conversationID, onBack }: ChatWindowProps) {
  const { t } = useTranslation('chat');
  // The editor's code comes apart from the kit: asked for once the window shows, it is there
  // when a conversation opens.
  useEffect(preloadComposer, []);
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
  const { t: ta } = useTranslation('action');
  const tg = useGroupText();
  const name = useConversationName(conversationID);
  // What the list, the multi-select panel and the forward panel share while this conversation is open.
  const [session] = useState(() => new ChatSession(conversationID));
  const isSelecting = useStoreValue(session.selection, (selection) => selection.isActive);
  const forward = useStoreValue(session.forward, (request) => request);
  const membership = useMembership(conversationID);
  const groupID = conversationID.startsWith('GROUP') && membership.isMember ? conversationID.slice(5) : null;
  const silence = useSilence(groupID);
  const [isPanelOpen, setPanelOpen] = useState(false);
  return (
    <div className="lc-chat-frame">
      <div className="lc-chat">
        <header className="lc-chat__header">
          {isH5 && (
            <button type="button" className="lc-icon-button" aria-label={t('back')} onClick={onBack}>
              ‹
            </button>
          )}
          <h2 className="lc-chat__title">
            <TypingTitle conversationID={conversationID} name={name} />
          </h2>
          <ConversationSearchHeaderButton session={session} />
          {(groupID || conversationID.startsWith('C2C')) && (
            <CallButtons conversationID={conversationID} placement="header" />
          )}
          {groupID && (
            <button
              type="button"
              className="lc-icon-button lc-chat__group-button"
              aria-label={tg('openPanel')}
              aria-expanded={isPanelOpen}
              aria-haspopup="dialog"
              onClick={() => setPanelOpen((open) => !open)}
            >
              <GroupIcon />
            </button>
          )}
        </header>
        {groupID && <JoinRequestBanner groupID={groupID} />}
        {groupID && <GroupCallBanner groupID={groupID} />}
        <ChatSessionProvider value={session}>
          <MessageList conversationID={conversationID} isMember={membership.isMember} />
          {membership.isMember ? (
            <>
              {isSelecting && <MultiSelectPanel session={session} />}
              {silence ? (
                // spec §2, §6: while I may not speak the mute text takes the input's place, with no send button.
                !isSelecting && <MutedComposer reason={silence} />
              ) : (
                // Hidden, not closed, while selecting: the text being written stays as it is.
                <div className="lc-chat__composer" hidden={isSelecting}>
                  <Composer
                    key={`${chat.getLoginUser()}/${conversationID}`}
                    conversationID={conversationID}
                    toolbarEnd={
                      <>
                        <CallButtons conversationID={conversationID} placement="toolbar" />
                        <ConversationSearchToolbarButton />
                      </>
                    }
                  />
                </div>
              )}
            </>
          ) : (
            <p className="lc-chat__left" role="status">
              {ta(membership.reason)}
            </p>
          )}
          {forward && <ForwardPanel session={session} request={forward} />}
        </ChatSessionProvider>
      </div>
      <ConversationSearch conversationID={conversationID} session={session} />
      {groupID && isPanelOpen && <GroupPanel groupID={groupID} onClose={() => setPanelOpen(false)} />}
    </div>
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

/** The conversation's display name from the SDK's store: group name, my remark for the peer, their nick, else the ID. */
export function useConversationName(conversationID: string): string {
  const { chat } = useKit();
  const select = useCallback(() => {
    const conversation = chat.conversationStore.get(conversationID);
    return (
      conversation?.groupProfile?.name ||
      conversation?.remark ||
      conversation?.userProfile?.nick ||
      conversation?.userProfile?.userID ||
      conversationID.replace(/^(C2C|GROUP)/, '')
    );
  }, [chat, conversationID]);
  return useSyncExternalStore(chat.conversationStore.subscribe, select, select);
}
