import { PORTAL_SEARCH, type PortalSearchType } from '@liaison/protocol';
import { readPageNum } from '../common/use-url-params';

/** Hits per page of one type's tab. */
export const SEARCH_PAGE_SIZE = 10;

export const SEARCH_TABS: ReadonlyArray<{ type: PortalSearchType; label: string }> = [
  { type: 'all', label: '全部' },
  { type: 'ability', label: '能力' },
  { type: 'enterprise', label: '企业' },
  { type: 'expert', label: '专家' },
  { type: 'news', label: '资讯' },
];

const TYPES = new Set<string>(SEARCH_TABS.map((tab) => tab.type));

/** The search as the address keeps it: `/search?keyword=&type=all&pageNum=`. */
export interface SearchState {
  keyword: string;
  type: PortalSearchType;
  pageNum: number;
}

export function readSearchState(params: URLSearchParams): SearchState {
  const type = params.get('type') ?? '';
  return {
    keyword: (params.get('keyword') ?? '').trim(),
    type: TYPES.has(type) ? (type as PortalSearchType) : 'all',
    pageNum: readPageNum(params.get('pageNum')),
  };
}

/** The keywords of a search box's text: separated by spaces (full-width too), all must match. */
export function keywordsOf(text: string): string[] {
  return text.split(/[\s\u3000]+/).filter(Boolean);
}

/** Why the server would refuse these keywords, said before asking it; null when they are fine. */
export function keywordProblem(text: string): string | null {
  if (text.trim().length > PORTAL_SEARCH.keywordMax) return `搜索内容不能超过${PORTAL_SEARCH.keywordMax}个字符`;
  if (keywordsOf(text).length > PORTAL_SEARCH.keywordsMax)
    return `最多${PORTAL_SEARCH.keywordsMax}个关键词，请用空格分隔`;
  return null;
}

/** The page size the server is asked for: the all view takes its fixed few per type. */
export function pageSizeOf(type: PortalSearchType): number {
  return type === 'all' ? PORTAL_SEARCH.perTypeInAll : SEARCH_PAGE_SIZE;
}
