import { CATALOGUE_LIMITS, type ProductListQuery } from '@liaison/protocol';
import type { PageQuery } from '../../api/page';
import { readPageNum } from '../common/use-url-params';

/** Cards per page of the capability library (three or four rows of a wide grid). */
export const SUPPLY_PAGE_SIZE = 12;

export type SupplySort = NonNullable<ProductListQuery['sort']>;

export const SORT_OPTIONS: ReadonlyArray<{ value: SupplySort; label: string }> = [
  { value: 'latest', label: '最新发布' },
  { value: 'popular', label: '最多浏览' },
];

/** The library's filter as the address keeps it. */
export interface SupplyQuery extends PageQuery {
  categoryId: number;
  keyword: string;
  sort: SupplySort;
}

/**
 * Spec §2: `/supply?currentPage=1&activeKey=0`, plus `keyword` and `sort`. Whatever a hand-edited
 * link holds, the page reads a valid filter: unknown values fall back to the defaults.
 */
export function readSupplyQuery(params: URLSearchParams): SupplyQuery {
  const activeKey = Number(params.get('activeKey'));
  const sort = params.get('sort');
  return {
    pageNum: readPageNum(params.get('currentPage')),
    pageSize: SUPPLY_PAGE_SIZE,
    categoryId: Number.isSafeInteger(activeKey) && activeKey > 0 ? activeKey : 0,
    keyword: (params.get('keyword') ?? '').trim().slice(0, CATALOGUE_LIMITS.keyword),
    sort: sort === 'popular' ? 'popular' : 'latest',
  };
}

/** The address parameters of a change to the filter; a new filter starts again at page 1. */
export function supplyParams(change: Partial<Omit<SupplyQuery, 'pageSize'>>): Record<string, string | number | null> {
  const params: Record<string, string | number | null> = { currentPage: change.pageNum ?? 1 };
  if (change.categoryId !== undefined) params.activeKey = change.categoryId;
  if (change.keyword !== undefined) params.keyword = change.keyword.trim() || null;
  if (change.sort !== undefined) params.sort = change.sort === 'latest' ? null : change.sort;
  return params;
}

/** The body of `product/list/query` for the filter. */
export function toListQuery(query: SupplyQuery): ProductListQuery & PageQuery {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    categoryId: query.categoryId,
    sort: query.sort,
    ...(query.keyword ? { keyword: query.keyword } : {}),
  };
}
