import type { SearchCloudMessagesOptions } from '@liaison/protocol';
import { TYPES } from '@liaison/sdk';
import { type DateRange, keywordsOf, type TimeTab, timeWindowFor } from './search-query';

/** The global type tabs (spec chat.md §2): message types, then the wider search's contacts and groups. */
export const GLOBAL_TABS = ['all', 'text', 'file', 'other', 'contacts', 'groups'] as const;
export type GlobalTab = (typeof GLOBAL_TABS)[number];

/** What the user has asked for: the committed text, the type tab and the time filter. */
export interface GlobalQuery {
  keyword: string;
  tab: GlobalTab;
  time: TimeTab;
  range: DateRange;
}

/** spec chat.md §3 "Search state": All covers these; Other is all of them but text and file. */
const ALL_TYPES = [
  TYPES.MSG_TEXT,
  TYPES.MSG_FILE,
  TYPES.MSG_IMAGE,
  TYPES.MSG_VIDEO,
  TYPES.MSG_SOUND,
  TYPES.MSG_LOCATION,
  TYPES.MSG_CUSTOM,
  TYPES.MSG_MERGER,
] as const;

const TAB_TYPES: Record<'all' | 'text' | 'file' | 'other', readonly (typeof ALL_TYPES)[number][]> = {
  all: ALL_TYPES,
  text: [TYPES.MSG_TEXT],
  file: [TYPES.MSG_FILE],
  other: ALL_TYPES.filter((type) => type !== TYPES.MSG_TEXT && type !== TYPES.MSG_FILE),
};

/** Whether the tab searches messages (and so shows the time tabs). */
export function isMessageTab(tab: GlobalTab): tab is keyof typeof TAB_TYPES {
  return tab in TAB_TYPES;
}

/**
 * The message search for the query across conversations (or in one, with `conversationID`), or null
 * when there is nothing to ask: no keyword, or a contacts or groups tab. Keywords match 'and'
 * (spec portal.md §9).
 */
export function messageSearchFor(
  query: GlobalQuery,
  now: number,
  conversationID?: string,
  timeZone?: string,
): Omit<SearchCloudMessagesOptions, 'cursor' | 'count'> | null {
  const keywordList = keywordsOf(query.keyword);
  const tab = query.tab === 'contacts' || query.tab === 'groups' ? 'all' : query.tab;
  if (keywordList.length === 0 || (!isMessageTab(query.tab) && !conversationID)) return null;
  return {
    keywordList,
    keywordListMatchType: 'and',
    messageTypeList: [...TAB_TYPES[tab]],
    ...timeWindowFor(query.time, query.range, now, timeZone),
    ...(conversationID ? { conversationID } : {}),
  };
}
