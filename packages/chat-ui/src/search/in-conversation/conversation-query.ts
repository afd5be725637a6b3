import type { SearchCloudMessagesOptions } from '@liaison/protocol';
import { TYPES } from '@liaison/sdk';
import { type DateRange, keywordsOf, type TimeTab, timeWindowFor } from '../search-query';

/** The in-conversation type tabs (spec chat.md §2), Text by default. */
export const SEARCH_TABS = ['text', 'file', 'media', 'other'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** What the user has asked for: the committed keyword text, the type tab and the time filter. */
export interface SearchQuery {
  keyword: string;
  tab: SearchTab;
  time: TimeTab;
  range: DateRange;
}

/**
 * The request for one conversation's search, or null when there is nothing to ask yet. Text needs a
 * keyword; File and Other list everything of their types until one is given; Image/Video is found
 * by type only (pictures carry no text), so it always lists the conversation's pictures and videos.
 */
export function searchOptionsFor(
  conversationID: string,
  query: SearchQuery,
  now: number,
  timeZone?: string,
): Omit<SearchCloudMessagesOptions, 'cursor' | 'count'> | null {
  const keywordList = query.tab === 'media' ? [] : keywordsOf(query.keyword);
  if (query.tab === 'text' && keywordList.length === 0) return null;
  return {
    conversationID,
    ...(keywordList.length > 0 ? { keywordList, keywordListMatchType: 'and' as const } : {}),
    messageTypeList: [...TAB_TYPES[query.tab]],
    ...timeWindowFor(query.time, query.range, now, timeZone),
  };
}

const TAB_TYPES = {
  text: [TYPES.MSG_TEXT],
  file: [TYPES.MSG_FILE],
  media: [TYPES.MSG_IMAGE, TYPES.MSG_VIDEO],
  other: [TYPES.MSG_LOCATION, TYPES.MSG_CUSTOM, TYPES.MSG_MERGER, TYPES.MSG_SOUND],
} as const satisfies Record<SearchTab, readonly string[]>;
