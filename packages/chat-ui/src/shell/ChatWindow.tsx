import { isCommunityID } from '@liaison/protocol';
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
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
import { groupOfConversation, listedConversationID, topicOfConversation } from '../core/conversation-group';
import { useKit } from '../core/kit-context';
import type { TopicChannel } from '../core/topic-store';
import { GroupPanel } from '../groups/GroupPanel';
import { JoinRequestBanner } from '../groups/JoinRequestBanner';
import { MutedComposer } from '../groups/MutedComposer';
import { useGroup } from '../groups/use-group';
import { useSilence } from '../groups/use-silence';
import { ConversationSearch } from '../search/in-conversation/ConversationSearch';
import {
  ConversationSearchHeaderButton,
  ConversationSearchToolbarButton,
} from '../search/in-conversation/SearchButtons';
import { TopicActionsButton } from '../topics/TopicActionsButton';
import { CommunityWindow } from './CommunityWindow';
import { GroupPanelButton } from './GroupPanelButton';
import '../chat/chat.css';

export interface ChatWindowProps {
  /** The open conversation, or null for the placeholder. */
  conversationID: string | null;
  /** Closes the chat (the back button on h5). */
  onBack(): void;
  /**
   * Opens another conversation: a community's topic, or back from a topic to its community's
   * topics. Without it the window follows those choices itself, until `conversationID` changes.
   */
  onOpen?(conversationID: string): void;
}

/**
 * The chat window (spec chat.md §2): a placeholder without a conversation; otherwise a header
 * with the conversation's name (and a back button on h5; in groups the group panel's button), the
 * join-request banner of a group, the message list, and one bottom area out of three: the reason
 * for leaving when the user is no longer in the group, the multi-select panel in multi-select
 * mode, else the composer (or the mute text while the user may not speak). The forward panel
 * opens over it; the group panel beside it (over it on h5). A community that supports topics and
 * its topics' conversations open the community window (CommunityWindow): its topics as channels.
 */
export function ChatWindow({ conversationID: given, onBack, onOpen }: ChatWindowProps) {
  const { t } = useTranslation('chat');
  // The editor's code comes apart from the kit: asked for once the window shows, it is there
  // when a conversation opens.
  useEffect(preloadComposer, []);
  const [chosen, setChosen] = useState<{ from: string | null; conversationID: string } | null>(null);
  const conversationID = !onOpen && chosen?.from === given ? chosen.conversationID : given;
  const open = onOpen ?? ((next: string) => setChosen({ from: given, conversationID: next }));
  if (!conversationID) {
    return (
      <div className="lc-chat lc-chat--empty">
        <p>{t('selectConversation')}</p>
      </div>
    );
  }
  // Keyed by the list's row: moving between a community's topics keeps its topic list as it is.
  return (
    <ConversationWindow
      key={listedConversationID(conversationID)}
      conversationID={conversationID}
      onBack={onBack}
      onOpen={open}
    />
  );
}

function ConversationWindow({
  conversationID,
  onBack,
  onOpen,
}: {
  conversationID: string;
  onBack(): void;
  onOpen(conversationID: string): void;
}) {
  const topicID = topicOfConversation(conversationID);
  const groupID = groupOfConversation(conversationID);
  const group = useGroup(!topicID && groupID && isCommunityID(groupID) ? groupID : '');
  if (groupID && (topicID || group?.isSupportTopic)) {
    return (
      <CommunityWindow groupID={groupID} topicID={topicID} onOpen={onOpen} onBack={onBack}>
        {(channel, onBackToTopics) => (
          <OpenChat
            key={conversationID}
            conversationID={conversationID}
            onBack={onBackToTopics}
            topic={channel}
            headerEnd={channel ? <TopicActionsButton channel={channel} /> : null}
          />
        )}
      </CommunityWindow>
    );
  }
  return <OpenChat conversationID={conversationID} onBack={onBack} />;
}

interface OpenChatProps {
  conversationID: string;
  onBack(): void;
  /** A community's topic: its chat, named after it, with the community's members and mutes. */
  topic?: TopicChannel | null;
  /** Buttons at the end of the header (the topic's actions). */
  headerEnd?: ReactNode;
}

function OpenChat({ conversationID, onBack, topic, headerEnd }: OpenChatProps) {
  const { chat, isH5 } = useKit();
  const { t } = useTranslation('chat');
  const { t: ta } = useTranslation('action');
  const conversationName = useConversationName(conversationID);
  const name = topic ? `# ${topic.name}` : topic === null ? '' : conversationName;
  // What the list, the multi-select panel and the forward panel share while this conversation is open.
  const [session] = useState(() => new ChatSession(conversationID));
  const isSelecting = useStoreValue(session.selection, (selection) => selection.isActive);
  const forward = useStoreValue(session.forward, (request) => request);
  const membership = useMembership(conversationID);
  const isTopic = topic !== undefined;
  // The group screens (panel, requests, calls) are a topic's community's, beside its topics.
  const groupID =
    !isTopic && conversationID.startsWith('GROUP') && membership.isMember ? conversationID.slice(5) : null;
  const silence = useSilence(
    membership.isMember ? groupOfConversation(conversationID) : null,
    topic?.muteAllMembers ?? false,
  );
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
          {headerEnd}
          {(groupID || conversationID.startsWith('C2C')) && (
            <CallButtons conversationID={conversationID} placement="header" />
          )}
          {groupID && <GroupPanelButton isOpen={isPanelOpen} onToggle={() => setPanelOpen((open) => !open)} />}
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
