import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useMembership } from '../chat/actions/use-membership';
import { groupConversationID } from '../core/conversation-group';
import { useKit } from '../core/kit-context';
import { showErrorToast } from '../core/toasts/toast-center';
import type { TopicChannel } from '../core/topic-store';
import { GroupPanel } from '../groups/GroupPanel';
import { JoinRequestBanner } from '../groups/JoinRequestBanner';
import { useTopicText } from '../i18n/topic-text';
import { lastTopicOf, rememberTopic } from '../topics/last-topic';
import { TopicList } from '../topics/TopicList';
import { wasDeletedHere } from '../topics/topic-actions';
import { useTopicChannels } from '../topics/use-topics';
import { GroupPanelButton } from './GroupPanelButton';
import '../topics/topics.css';

export interface CommunityWindowProps {
  /** A community that supports topics. */
  groupID: string;
  /** The topic whose chat is open, or null for the community's topics alone. */
  topicID: string | null;
  onOpen(conversationID: string): void;
  /** Back to the conversation list (phones). */
  onBack(): void;
  /** The open topic's chat, given its channel (null until listed) and the way back to the topics. */
  children(channel: TopicChannel | null, onBackToTopics: () => void): ReactNode;
}

/**
 * A community that supports topics (Tencent's community topics): the community itself takes no
 * messages (2115), so it opens as its topics, channels in a column beside the chosen topic's chat on
 * desktop (the topic opened last in it opens again), and on phones as a screen of topics, then the
 * topic's chat with a back button to them. The community's settings (group panel) and join requests
 * sit with its topics; its own conversation, where only tips arrive, is read on opening.
 */
export function CommunityWindow({ groupID, topicID, onOpen, onBack, children }: CommunityWindowProps) {
  const { chat, isH5 } = useKit();
  const t = useTopicText();
  const { status, channels } = useTopicChannels(groupID);
  const channel = topicID ? (channels.find((known) => known.topicID === topicID) ?? null) : null;
  const communityConversation = groupConversationID(groupID);
  const membership = useMembership(communityConversation);
  const [isPanelOpen, setPanelOpen] = useState(false);
  useReadOwnConversation(communityConversation);

  // Desktop: the topic last opened in this community opens again, as a channel list does.
  const isListed = status === 'ready';
  const remembered = lastTopicOf(chat, groupID);
  const isRememberedListed = remembered !== null && channels.some((known) => known.topicID === remembered);
  useEffect(() => {
    if (topicID) rememberTopic(chat, groupID, topicID);
    else if (!isH5 && isListed && remembered && isRememberedListed) onOpen(groupConversationID(remembered));
  }, [chat, groupID, topicID, isH5, isListed, remembered, isRememberedListed, onOpen]);

  // The open topic was deleted (by someone else, or from here): back to the community's topics.
  const shown = useRef<TopicChannel | null>(null);
  if (channel) shown.current = channel;
  const isGone = topicID !== null && isListed && channel === null;
  useEffect(() => {
    if (!isGone || !topicID) return;
    const name = shown.current?.name;
    if (name && !wasDeletedHere(topicID)) showErrorToast(chat, new Error(t('topicGone', { name })));
    onOpen(communityConversation);
  }, [isGone, topicID, chat, t, onOpen, communityConversation]);

  const showTopics = !isH5 || topicID === null;
  const backToTopics = () => onOpen(communityConversation);
  return (
    <div className="lc-chat-frame lc-community">
      {showTopics ? (
        <TopicList
          groupID={groupID}
          activeTopicID={topicID}
          onOpen={onOpen}
          {...(isH5 ? { onBack } : {})}
          headerEnd={
            membership.isMember ? (
              <GroupPanelButton isOpen={isPanelOpen} onToggle={() => setPanelOpen((open) => !open)} />
            ) : null
          }
          banner={membership.isMember ? <JoinRequestBanner groupID={groupID} /> : null}
        />
      ) : null}
      {topicID ? (
        children(channel, backToTopics)
      ) : isH5 ? null : (
        <div className="lc-chat lc-chat--empty">
          <p>{t('chooseTopic')}</p>
        </div>
      )}
      {membership.isMember && isPanelOpen ? <GroupPanel groupID={groupID} onClose={() => setPanelOpen(false)} /> : null}
    </div>
  );
}

/** The community's own conversation holds only tips, shown nowhere: it is read when the community opens. */
function useReadOwnConversation(conversationID: string): void {
  const { chat } = useKit();
  const unread = useSyncExternalStore(
    chat.conversationStore.subscribe,
    () => chat.conversationStore.get(conversationID)?.unreadCount ?? 0,
    () => 0,
  );
  useEffect(() => {
    if (unread > 0) chat.setMessageRead({ conversationID }).catch(() => undefined);
  }, [chat, conversationID, unread]);
}
