import { type SearchCloudMessagesOptions, SearchLimits } from '@liaison/protocol';
import type { Friend, Group, Message, SearchResultItem } from '@liaison/sdk';
import { useMemo, useState } from 'react';
import { useKit } from '../core/kit-context';
import { showErrorToast } from '../core/toasts/toast-center';
import { useContacts } from '../core/use-contacts';
import { useSearchCommonText } from '../i18n/search-common-text';
import { useSearchText } from '../i18n/search-text';
import { friendName, friendSummary, matches, type PersonSummary } from '../relations/contact-model';
import { type GlobalQuery, messageSearchFor } from './global-query';
import { keywordsOf } from './search-query';
import { type Paged, usePaged } from './use-paged';

/** Conversations a page across conversations; messages a page in one (enough to fill a panel and a grid row or two more). */
export const CONVERSATIONS_PAGE = 20;
export const HITS_PAGE = 20;

/** The query's matches grouped per conversation, latest match first (spec chat.md §2). */
export function useConversationResults(query: GlobalQuery): Paged<SearchResultItem> {
  const { chat, timeZone } = useKit();
  const t = useSearchCommonText();
  // The time window is fixed when the query is asked, not at every render.
  const [asked, now] = useAsked(query);
  const options = useMemo(() => messageSearchFor(asked, now, undefined, timeZone), [asked, now, timeZone]);
  return usePaged(
    options ? JSON.stringify(options) : '',
    async (cursor) => {
      if (!options) return { items: [], totalCount: 0, cursor: '' };
      const { data } = await chat.searchCloudMessages({
        ...options,
        count: CONVERSATIONS_PAGE,
        ...(cursor ? { cursor } : {}),
      });
      return { items: data.searchResultList, totalCount: data.totalCount, cursor: data.cursor };
    },
    (item) => item.conversationID,
    (error) => showErrorToast(chat, error, t('searchFailed')),
  );
}

/** The query's matches in one conversation, newest first. */
export function useConversationHits(query: GlobalQuery, conversationID: string | null): Paged<Message> {
  const { timeZone } = useKit();
  const [asked, now] = useAsked(query);
  const options = useMemo(
    () => (conversationID ? messageSearchFor(asked, now, conversationID, timeZone) : null),
    [asked, now, conversationID, timeZone],
  );
  return useMessageHits(options);
}

/**
 * One conversation's messages that `options` finds (null: nothing to ask), newest first, page by
 * page; a failure shows 'Message cloud search failed'. The in-conversation search runs on it too.
 */
export function useMessageHits(options: Omit<SearchCloudMessagesOptions, 'cursor' | 'count'> | null): Paged<Message> {
  const { chat } = useKit();
  const t = useSearchCommonText();
  return usePaged(
    options ? JSON.stringify(options) : '',
    async (cursor) => {
      if (!options) return { items: [], totalCount: 0, cursor: '' };
      const { data } = await chat.searchCloudMessages({ ...options, count: HITS_PAGE, ...(cursor ? { cursor } : {}) });
      const item = data.searchResultList[0];
      return { items: item?.messageList ?? [], totalCount: data.totalCount, cursor: data.cursor };
    },
    (message) => message.ID,
    (error) => showErrorToast(chat, error, t('searchFailed')),
  );
}

/** A person a search found, and whether they are a friend (a friend's name is their remark, if any). */
export interface FoundPerson extends PersonSummary {
  isFriend: boolean;
}

/** Friends whose name or ID holds the keyword (from the local list), then others `searchUsers` finds. */
export function usePeopleResults(keyword: string): Paged<FoundPerson> {
  const { chat } = useKit();
  const t = useSearchText();
  const friends = useContacts(selectFriends);
  const words = keywordsOf(keyword);
  const term = words.join(' ');
  return usePaged(
    term ? `people:${term}` : '',
    async () => {
      const mine: FoundPerson[] = friends
        .filter((friend) => matches(friendName(friend), term) || matches(friend.userID, term))
        .map((friend) => ({ ...friendSummary(friend), nick: friendName(friend), isFriend: true }));
      const { data } = await chat.searchUsers({ keyword: term });
      const others = data.userList
        .filter((user) => !mine.some((friend) => friend.userID === user.userID))
        .map((user) => ({ ...user, isFriend: false }));
      const items = [...mine, ...others];
      return { items, totalCount: items.length, cursor: '' };
    },
    (person) => person.userID,
    (error) => showErrorToast(chat, error, t('contactSearchFailed')),
  );
}

/** Groups by ID or name, mine first (`searchCloudGroups`), paged by the server's cursor. */
export function useGroupResults(keyword: string): Paged<Group> {
  const { chat } = useKit();
  const t = useSearchText();
  const keywordList = keywordsOf(keyword);
  return usePaged(
    keywordList.length > 0 ? `groups:${JSON.stringify(keywordList)}` : '',
    async (cursor) => {
      const { data } = await chat.searchCloudGroups({
        keywordList,
        count: SearchLimits.GROUPS_PAGE_DEFAULT,
        ...(cursor ? { cursor } : {}),
      });
      return { items: data.searchResultList, totalCount: data.totalCount, cursor: data.cursor };
    },
    (group) => group.groupID,
    (error) => showErrorToast(chat, error, t('contactSearchFailed')),
  );
}

/** The query and the moment it was asked: 'today' and 'last 3 days' count back from then. */
function useAsked(query: GlobalQuery): [GlobalQuery, number] {
  const key = JSON.stringify(query);
  const [asked, setAsked] = useState<{ key: string; query: GlobalQuery; now: number }>(() => ({
    key,
    query,
    now: Date.now(),
  }));
  if (asked.key !== key) {
    const next = { key, query, now: Date.now() };
    setAsked(next);
    return [next.query, next.now];
  }
  return [asked.query, asked.now];
}

function selectFriends(state: { friends: readonly Friend[] }): readonly Friend[] {
  return state.friends;
}
