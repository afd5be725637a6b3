import type { ChatSDK } from '@liaison/sdk';

/** Per SDK instance: the topic last opened in each community, for the page's life. */
const lastTopics = new WeakMap<ChatSDK, Map<string, string>>();

/** The community's topic opened last (to open again when the community is), or null. */
export function lastTopicOf(chat: ChatSDK, groupID: string): string | null {
  return lastTopics.get(chat)?.get(groupID) ?? null;
}

export function rememberTopic(chat: ChatSDK, groupID: string, topicID: string): void {
  let topics = lastTopics.get(chat);
  if (!topics) {
    topics = new Map();
    lastTopics.set(chat, topics);
  }
  topics.set(groupID, topicID);
}
