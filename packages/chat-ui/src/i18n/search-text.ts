import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Global search: the box, its type and time tabs, results grouped per conversation, a
 * conversation's hits, contacts and groups, and the search toasts (spec chat.md §2 "Search",
 * §4 "Search", §8; spec portal.md §5, §8).
 */
const en = {
  searchLabel: 'Search messages, contacts and groups',
  clear: 'Clear and close search',
  resultsLabel: 'Search results',
  typeTabs: 'What to search',
  tabAll: 'All',
  tabContacts: 'Contacts',
  tabGroups: 'Groups',
  messagesHeading: 'Chat history',
  contactsHeading: 'Contacts',
  groupsHeading: 'Groups',
  seeMore: 'See more',
  relatedMessages: '{{shown}} related messages',
  hitsHeading: '{{count}} related messages in {{name}}',
  enterChat: 'Enter chat',
  back: 'Back to results',
  chooseConversation: 'Choose a conversation to see its messages',
  contactSearchFailed: 'Failed to find contact or group',
  enterFailed: 'Failed to enter session',
  userID: 'ID: {{id}}',
  memberCount: '{{count}} members',
};

export type SearchTextKey = keyof typeof en;

const zhCN: Record<SearchTextKey, string> = {
  searchLabel: '搜索消息、联系人和群组',
  clear: '清空并关闭搜索',
  resultsLabel: '搜索结果',
  typeTabs: '搜索范围',
  tabAll: '全部',
  tabContacts: '联系人',
  tabGroups: '群组',
  messagesHeading: '聊天记录',
  contactsHeading: '联系人',
  groupsHeading: '群组',
  seeMore: '查看更多',
  relatedMessages: '{{shown}}条相关消息',
  hitsHeading: '“{{name}}”的{{count}}条相关消息',
  enterChat: '进入聊天',
  back: '返回搜索结果',
  chooseConversation: '选择会话查看相关消息',
  contactSearchFailed: '查找联系人或群组失败',
  enterFailed: '进入会话失败',
  userID: 'ID：{{id}}',
  memberCount: '{{count}}人',
};

const zhTW: Record<SearchTextKey, string> = {
  searchLabel: '搜尋訊息、聯絡人和群組',
  clear: '清除並關閉搜尋',
  resultsLabel: '搜尋結果',
  typeTabs: '搜尋範圍',
  tabAll: '全部',
  tabContacts: '聯絡人',
  tabGroups: '群組',
  messagesHeading: '聊天記錄',
  contactsHeading: '聯絡人',
  groupsHeading: '群組',
  seeMore: '查看更多',
  relatedMessages: '{{shown}}則相關訊息',
  hitsHeading: '「{{name}}」的{{count}}則相關訊息',
  enterChat: '進入聊天',
  back: '返回搜尋結果',
  chooseConversation: '選擇會話查看相關訊息',
  contactSearchFailed: '查找聯絡人或群組失敗',
  enterFailed: '進入會話失敗',
  userID: 'ID：{{id}}',
  memberCount: '{{count}}人',
};

export const searchText = { en, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

/** Translates a key of the `search` namespace, with `{{name}}` values. */
export type SearchT = (key: SearchTextKey, values?: Record<string, string | number>) => string;

/** The search namespace's `t`, typed to its keys. */
export function useSearchText(): SearchT {
  const { t } = useTranslation('search');
  return useCallback<SearchT>((key, values) => String(t(key, values ?? {})), [t]);
}
