import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useKit } from '../core/kit-context';
import { type TopicChannel, type TopicListStatus, topicStoreOf } from '../core/topic-store';

/** The community's topics as channels, live, with whether they are listed yet; asks for them once. */
export function useTopicChannels(groupID: string): { status: TopicListStatus; channels: readonly TopicChannel[] } {
  const { chat } = useKit();
  const store = topicStoreOf(chat);
  useEffect(() => store.ensure(groupID), [store, groupID]);
  const readStatus = useCallback(() => store.statusOf(groupID), [store, groupID]);
  const readChannels = useCallback(() => store.channelsOf(groupID), [store, groupID]);
  const status = useSyncExternalStore(store.subscribe, readStatus, readStatus);
  const channels = useSyncExternalStore(store.subscribe, readChannels, readChannels);
  return { status, channels };
}
