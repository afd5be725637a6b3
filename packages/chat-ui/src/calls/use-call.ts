import type { Profile } from '@liaison/protocol';
import type { ChatSDK } from '@liaison/sdk';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useKit } from '../core/kit-context';
import { type CallController, type CallView, callControllerOf } from './call-controller';

/** The kit's call controller (one per SDK instance). */
export function useCallController(): CallController {
  const { chat } = useKit();
  return callControllerOf(chat);
}

/** One part of the call view; re-renders only when that part changes. */
export function useCallView<T>(select: (view: CallView) => T): T {
  const controller = useCallController();
  const read = () => select(controller.getSnapshot());
  return useSyncExternalStore(controller.subscribe, read, read);
}

export interface Person {
  name: string;
  avatar: string;
}

/**
 * Names and avatars of the people in a call, read once per SDK instance and kept: a call's
 * screens re-render every second, and the people in it do not change their names meanwhile.
 */
export function usePeople(userIDs: readonly string[]): ReadonlyMap<string, Person> {
  const { chat } = useKit();
  const cache = profileCacheOf(chat);
  const key = [...new Set(userIDs)].sort().join('\n');
  const [, setVersion] = useState(0);
  useEffect(() => {
    const missing = key.split('\n').filter((id) => id !== '' && !cache.has(id));
    if (missing.length === 0) return;
    let isCurrent = true;
    chat
      .getUserProfile({ userIDList: missing })
      .then(({ data }) => {
        for (const profile of data) cache.set(profile.userID, profile);
        if (isCurrent) setVersion((v) => v + 1);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [chat, cache, key]);
  const people = new Map<string, Person>();
  for (const userID of userIDs) {
    const profile = cache.get(userID);
    people.set(userID, { name: profile?.nick || userID, avatar: profile?.avatar ?? '' });
  }
  return people;
}

/** A group's name from the conversation list, else from the server, else its ID. */
export function useGroupName(groupID: string | null): string {
  const { chat } = useKit();
  const conversationID = groupID ? `GROUP${groupID}` : '';
  const read = () => (groupID ? chat.conversationStore.get(conversationID)?.groupProfile?.name || '' : '');
  const known = useSyncExternalStore(chat.conversationStore.subscribe, read, read);
  const [fetched, setFetched] = useState('');
  useEffect(() => {
    if (!groupID || known) return;
    let isCurrent = true;
    chat
      .getGroupProfile({ groupID })
      .then(({ data }) => isCurrent && setFetched(data.group.name))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [chat, groupID, known]);
  return known || fetched || (groupID ?? '');
}

const profileCaches = new WeakMap<ChatSDK, Map<string, Profile>>();

function profileCacheOf(chat: ChatSDK): Map<string, Profile> {
  let cache = profileCaches.get(chat);
  if (!cache) {
    cache = new Map();
    profileCaches.set(chat, cache);
  }
  return cache;
}
