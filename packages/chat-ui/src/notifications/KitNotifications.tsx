import { type Conversation, EVENT, type Message, TYPES } from '@liaison/sdk';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { messageAbstract } from '../conversations/message-abstract';
import { useConversationText } from '../conversations/use-conversation-text';
import { groupOfConversation, topicOfConversation } from '../core/conversation-group';
import { useDisplayName } from '../core/display-name';
import { useKit } from '../core/kit-context';
import { topicStoreOf } from '../core/topic-store';
import { useAwarenessText } from '../i18n/awareness-text';
import { DesktopNotifier, type NotificationContent } from './desktop-notifier';
import { askNotificationPermissionOnFirstUse } from './notification-permission';
import { TabCoordinator } from './tab-coordinator';
import { keepUnreadInTitle } from './tab-title';

export interface KitNotificationsProps {
  /** Desktop notifications for incoming messages (the tab title's unread count is always kept). */
  isEnabled: boolean;
  /** A notification was clicked: open that conversation. */
  onOpen(conversationID: string): void;
}

/**
 * The kit's ways of getting attention from outside the page: the total unread count in the tab's
 * title ('(3) …'), and desktop notifications while the user looks elsewhere (see DesktopNotifier),
 * with the permission asked when the user first sends a message. Renders nothing.
 */
export function KitNotifications({ isEnabled, onOpen }: KitNotificationsProps) {
  const { chat } = useKit();
  const describe = useDescribeMessage();
  const latest = useRef({ describe, onOpen });
  latest.current = { describe, onOpen };

  useEffect(() => {
    const title = keepUnreadInTitle(document);
    // The SDK's total leaves community topics out, as Tencent's does; the kit counts them in, as
    // their community's row does.
    const topics = topicStoreOf(chat);
    const handleTotal = () => title.update(chat.getTotalUnreadMessageCount() + topics.unreadTotal());
    chat.on(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, handleTotal);
    const stopTopics = topics.subscribe(handleTotal);
    handleTotal();
    return () => {
      chat.off(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, handleTotal);
      stopTopics();
      title.stop();
    };
  }, [chat]);

  useEffect(() => {
    if (!isEnabled || typeof Notification === 'undefined') return;
    const tabs = new TabCoordinator(window);
    const notifier = new DesktopNotifier({
      chat,
      tabs,
      describe: (message, conversation) => latest.current.describe(message, conversation),
      onOpen: (conversationID) => latest.current.onOpen(conversationID),
    });
    notifier.start();
    const stopAsking = askNotificationPermissionOnFirstUse(document.documentElement);
    return () => {
      stopAsking();
      notifier.stop();
      tabs.stop();
    };
  }, [chat, isEnabled]);

  return null;
}

/** The notification for a message: who (or which group) as the title, what was said as the body. */
function useDescribeMessage(): (message: Message, conversation: Conversation | undefined) => NotificationContent {
  const t = useAwarenessText();
  const tc = useConversationText();
  const { i18n } = useTranslation();
  const nameOf = useDisplayName();
  const { chat } = useKit();
  const topics = topicStoreOf(chat);
  return (message, conversation) => {
    const sender = nameOf({ userID: message.from, nameCard: message.nameCard, nick: message.nick });
    const abstract = messageAbstract(message, i18n.language, tc)
      .map((part) => part.text)
      .join('');
    const icon = message.avatar || undefined;
    if (message.conversationType === TYPES.CONV_GROUP) {
      const group = conversation?.groupProfile?.name || message.to;
      const topicID = topicOfConversation(message.conversationID);
      const communityID = groupOfConversation(message.conversationID);
      const topic = topicID && communityID ? topics.channel(communityID, topicID) : null;
      const title = topic ? t('notificationTopicTitle', { group, topic: topic.name }) : group;
      return { title, body: t('notificationFromGroup', { sender, abstract }), ...(icon ? { icon } : {}) };
    }
    return { title: sender, body: abstract, ...(icon ? { icon } : {}) };
  };
}
