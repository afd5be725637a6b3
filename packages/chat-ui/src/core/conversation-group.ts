import { communityOfTopic, isTopicID } from '@liaison/protocol';

const GROUP_PREFIX = 'GROUP';

/** The topic a conversation is about (`GROUP<topicID>`, Tencent's CONV_TOPIC), else null. */
export function topicOfConversation(conversationID: string): string | null {
  if (!conversationID.startsWith(GROUP_PREFIX)) return null;
  const id = conversationID.slice(GROUP_PREFIX.length);
  return isTopicID(id) ? id : null;
}

/**
 * The group whose members, roles and mutes govern a group conversation: the group itself, or the
 * community a topic belongs to; null for one-to-one conversations.
 */
export function groupOfConversation(conversationID: string): string | null {
  if (!conversationID.startsWith(GROUP_PREFIX) || conversationID.length === GROUP_PREFIX.length) return null;
  const id = conversationID.slice(GROUP_PREFIX.length);
  return isTopicID(id) ? communityOfTopic(id) : id;
}

/** The conversation a group's or a topic's ID opens. */
export function groupConversationID(groupOrTopicID: string): string {
  return `${GROUP_PREFIX}${groupOrTopicID}`;
}

/** The conversation list's row a conversation is under: a topic's is its community's. */
export function listedConversationID(conversationID: string): string {
  const topicID = topicOfConversation(conversationID);
  return topicID ? groupConversationID(communityOfTopic(topicID)) : conversationID;
}
