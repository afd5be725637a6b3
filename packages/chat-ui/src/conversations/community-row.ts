import type { Conversation } from '@liaison/sdk';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useKit } from '../core/kit-context';
import { type CommunitySummary, type TopicChannel, topicStoreOf } from '../core/topic-store';

/** What a conversation's row shows of unread messages, mentions and the latest activity. */
export interface RowActivity {
  unreadCount: number;
  /** Unread messages that do not count (a topic that does not notify): a dot if nothing else shows. */
  hasQuietUnread: boolean;
  groupAtInfoList: readonly { atType: number }[];
  lastTime: number;
  /** The topic whose message is the row's latest activity, or null for the conversation's own. */
  latestTopic: TopicChannel | null;
}

/**
 * A community that supports topics takes its messages in its topics, which the conversation list
 * leaves out (as Tencent's does): its row adds theirs — the unread count of the topics that notify
 * to its own, their @-mentions, and their newest message when it is newer than its own.
 */
export function rowActivity(conversation: Conversation, summary: CommunitySummary | null): RowActivity {
  const own = {
    unreadCount: conversation.unreadCount,
    hasQuietUnread: false,
    groupAtInfoList: conversation.groupAtInfoList,
    lastTime: conversation.lastMessage.lastTime,
    latestTopic: null,
  };
  if (!summary) return own;
  const latest = summary.latest;
  const isTopicNewer = latest !== null && latest.lastMessage.lastTime >= own.lastTime;
  return {
    unreadCount: own.unreadCount + summary.unreadCount,
    hasQuietUnread: summary.hasQuietUnread,
    groupAtInfoList: [...own.groupAtInfoList, ...summary.groupAtInfoList],
    lastTime: isTopicNewer ? latest.lastMessage.lastTime : own.lastTime,
    latestTopic: isTopicNewer ? latest : null,
  };
}

/**
 * The topics of the conversation's community summed up, live, but for the open one; null for any
 * other conversation.
 */
export function useCommunitySummary(conversation: Conversation, openTopicID: string | null): CommunitySummary | null {
  const { chat } = useKit();
  const store = topicStoreOf(chat);
  const groupID = conversation.groupProfile?.isSupportTopic ? conversation.groupProfile.groupID : null;
  const read = useCallback(
    () => (groupID ? store.summaryOf(groupID, openTopicID) : null),
    [store, groupID, openTopicID],
  );
  return useSyncExternalStore(store.subscribe, read, read);
}

/**
 * The SDK's list, with each community that supports topics placed by its newest topic message
 * when that is newer than its own (pinned conversations stay first; ties keep the SDK's order).
 */
export function useListedConversations(): readonly Conversation[] {
  const { chat } = useKit();
  const store = topicStoreOf(chat);
  const conversations = useSyncExternalStore(chat.conversationStore.subscribe, chat.conversationStore.getSnapshot);
  // A string, compared by value: the list is sorted again only when a community's topic time moves.
  const readTimes = useCallback(
    () =>
      conversations
        .map((conversation) => {
          const group = conversation.groupProfile;
          return group?.isSupportTopic ? (store.summaryOf(group.groupID)?.latest?.lastMessage.lastTime ?? 0) : 0;
        })
        .join(','),
    [store, conversations],
  );
  const times = useSyncExternalStore(store.subscribe, readTimes, readTimes);
  return useMemo(() => {
    const topicTimes = times.split(',').map(Number);
    const timeOf = (index: number) => Math.max(conversations[index]?.lastMessage.lastTime ?? 0, topicTimes[index] ?? 0);
    const isMoved = conversations.some((conversation, index) => timeOf(index) > conversation.lastMessage.lastTime);
    if (!isMoved) return conversations;
    return conversations
      .map((conversation, index) => ({ conversation, time: timeOf(index) }))
      .sort((a, b) => Number(b.conversation.isPinned) - Number(a.conversation.isPinned) || b.time - a.time)
      .map((entry) => entry.conversation);
  }, [conversations, times]);
}
