import { Limits, utf8ByteLength } from '@liaison/protocol';
import type { ChatSDK } from '@liaison/sdk';
import { showErrorToast, showSuccessToast } from '../core/toasts/toast-center';
import { topicStoreOf } from '../core/topic-store';
import type { TopicT } from '../i18n/topic-text';

/** Why a topic name cannot be used, or null: not empty, at most Tencent's 150 bytes. */
export function topicNameProblem(name: string, t: TopicT): string | null {
  const trimmed = name.trim();
  if (!trimmed) return t('nameEmpty');
  return utf8ByteLength(trimmed) > Limits.TOPIC_NAME_MAX_BYTES ? t('nameTooLong') : null;
}

/**
 * Creates a topic in the community (owner and admins; the server decides) and lists it at once;
 * resolves its ID, or null after a toast saying why not.
 */
export async function createTopic(chat: ChatSDK, groupID: string, name: string, t: TopicT): Promise<string | null> {
  try {
    const { data } = await chat.createTopicInCommunity({ groupID, topicName: name.trim() });
    const listed = await chat.getTopicList({ groupID, topicIDList: [data.topicID] });
    for (const topic of listed.data.successTopicList) topicStoreOf(chat).put(groupID, topic);
    showSuccessToast(chat, t('created'));
    return data.topicID;
  } catch (error) {
    showErrorToast(chat, error, t('createFailed'));
    return null;
  }
}

/** Renames a topic; true when the server agreed. */
export async function renameTopic(
  chat: ChatSDK,
  groupID: string,
  topicID: string,
  name: string,
  t: TopicT,
): Promise<boolean> {
  try {
    const { data } = await chat.updateTopicProfile({ groupID, topicID, topicName: name.trim() });
    topicStoreOf(chat).put(groupID, data.topic);
    showSuccessToast(chat, t('renamed'));
    return true;
  } catch (error) {
    showErrorToast(chat, error, t('renameFailed'));
    return false;
  }
}

/** Topics deleted from this page: their chat closes without telling the user what they know. */
const deletedHere = new Set<string>();

export function wasDeletedHere(topicID: string): boolean {
  return deletedHere.has(topicID);
}

/** Deletes a topic for every member; true when the server agreed. */
export async function deleteTopic(chat: ChatSDK, groupID: string, topicID: string, t: TopicT): Promise<boolean> {
  try {
    const { data } = await chat.deleteTopicFromCommunity({ groupID, topicIDList: [topicID] });
    // A topic already gone comes back as a failure with its code and text.
    const failure = data.failureTopicList[0];
    if (failure) {
      showErrorToast(chat, failure, t('deleteFailed'));
      return false;
    }
    deletedHere.add(topicID);
    topicStoreOf(chat).remove(groupID, [topicID]);
    showSuccessToast(chat, t('deleted'));
    return true;
  } catch (error) {
    showErrorToast(chat, error, t('deleteFailed'));
    return false;
  }
}
