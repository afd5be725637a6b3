import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What the global and the in-conversation search share (spec chat.md §2 "Search", §4 "Search", §8):
 * the box, the type and time tabs both have, the date range, paging and the results' common words.
 */
const en = {
  placeholder: 'Search',
  cancel: 'Cancel',
  tabText: 'Text',
  tabFile: 'File',
  tabOther: 'Other',
  timeTabs: 'Time',
  timeAll: 'All',
  timeToday: 'Today',
  timeThreeDays: 'Last 3 days',
  timeSevenDays: 'Last 7 days',
  timeCustom: 'Custom range',
  rangeLabel: 'Date range',
  rangeFrom: 'From',
  rangeTo: 'To',
  rangeClear: 'Clear dates',
  loading: 'Loading…',
  loadMore: 'Load more',
  allLoaded: 'No more results',
  retry: 'Retry',
  noResults: 'No search results',
  searchFailed: 'Message cloud search failed',
  locate: 'Locate in chat',
};

export type SearchCommonTextKey = keyof typeof en;

const zhCN: Record<SearchCommonTextKey, string> = {
  placeholder: '搜索',
  cancel: '取消',
  tabText: '文本',
  tabFile: '文件',
  tabOther: '其他',
  timeTabs: '时间',
  timeAll: '全部',
  timeToday: '今天',
  timeThreeDays: '近三天',
  timeSevenDays: '近七天',
  timeCustom: '自定义',
  rangeLabel: '日期范围',
  rangeFrom: '开始日期',
  rangeTo: '结束日期',
  rangeClear: '清除日期',
  loading: '加载中…',
  loadMore: '加载更多',
  allLoaded: '没有更多了',
  retry: '重试',
  noResults: '暂无搜索结果',
  searchFailed: '消息云端搜索失败',
  locate: '定位到聊天位置',
};

const zhTW: Record<SearchCommonTextKey, string> = {
  placeholder: '搜尋',
  cancel: '取消',
  tabText: '文字',
  tabFile: '檔案',
  tabOther: '其他',
  timeTabs: '時間',
  timeAll: '全部',
  timeToday: '今天',
  timeThreeDays: '近三天',
  timeSevenDays: '近七天',
  timeCustom: '自訂',
  rangeLabel: '日期範圍',
  rangeFrom: '開始日期',
  rangeTo: '結束日期',
  rangeClear: '清除日期',
  loading: '載入中…',
  loadMore: '載入更多',
  allLoaded: '沒有更多了',
  retry: '重試',
  noResults: '暫無搜尋結果',
  searchFailed: '訊息雲端搜尋失敗',
  locate: '定位到聊天位置',
};

export const searchCommonText = { en, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

/** Translates a key of the `searchCommon` namespace. */
export type SearchCommonT = (key: SearchCommonTextKey) => string;

/** The searchCommon namespace's `t`, typed to its keys. */
export function useSearchCommonText(): SearchCommonT {
  const { t } = useTranslation('searchCommon');
  return useCallback<SearchCommonT>((key) => String(t(key)), [t]);
}
