import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The in-conversation search (spec chat.md §2 "Search (global and in-conversation)", §4 "Search",
 * §8 'Message cloud search failed'): its toolbar and header buttons, the panel, the type and time
 * tabs, the results and their actions.
 */
const en = {
  open: 'Search chat history',
  title: 'Search chat history',
  inputLabel: 'Search this conversation',
  clear: 'Clear',
  typeTabs: 'Message type',
  tabMedia: 'Image/Video',
  resultCount_one: '{{count}} result',
  resultCount_other: '{{count}} results',
  typeToSearch: 'Enter a keyword and press Enter to search the messages',
  download: 'Download',
  downloadFailed: 'Download failed',
  openImage: 'View image',
  playVideo: 'Play video',
  image: 'Image',
  audio: 'Voice message',
  location: 'Location',
  merger: 'Chat record',
};

export type ConversationSearchTextKey = keyof typeof en;

const zhCN: Record<ConversationSearchTextKey, string> = {
  open: '搜索聊天记录',
  title: '搜索聊天记录',
  inputLabel: '搜索本会话',
  clear: '清空',
  typeTabs: '消息类型',
  tabMedia: '图片/视频',
  resultCount_one: '共 {{count}} 条结果',
  resultCount_other: '共 {{count}} 条结果',
  typeToSearch: '输入关键词后按回车搜索消息',
  download: '下载',
  downloadFailed: '下载失败',
  openImage: '查看图片',
  playVideo: '播放视频',
  image: '图片',
  audio: '语音',
  location: '位置',
  merger: '聊天记录',
};

const zhTW: Record<ConversationSearchTextKey, string> = {
  open: '搜尋聊天紀錄',
  title: '搜尋聊天紀錄',
  inputLabel: '搜尋本會話',
  clear: '清除',
  typeTabs: '訊息類型',
  tabMedia: '圖片/影片',
  resultCount_one: '共 {{count}} 筆結果',
  resultCount_other: '共 {{count}} 筆結果',
  typeToSearch: '輸入關鍵字後按 Enter 搜尋訊息',
  download: '下載',
  downloadFailed: '下載失敗',
  openImage: '檢視圖片',
  playVideo: '播放影片',
  image: '圖片',
  audio: '語音',
  location: '位置',
  merger: '聊天紀錄',
};

export const conversationSearchText = { en, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

type PluralKey = 'resultCount';

/** Translates a key of the `conversationSearch` namespace, with `{{name}}` values (and `count` for plurals). */
export type ConversationSearchT = (
  key: ConversationSearchTextKey | PluralKey,
  values?: Record<string, string | number>,
) => string;

/** The conversationSearch namespace's `t`, typed to its keys. */
export function useConversationSearchText(): ConversationSearchT {
  const { t } = useTranslation('conversationSearch');
  return useCallback<ConversationSearchT>((key, values) => String(t(key, values ?? {})), [t]);
}
