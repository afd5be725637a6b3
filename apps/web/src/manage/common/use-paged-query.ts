import { useState } from 'react';
import type { Page, PageQuery } from '../../api/page';
import { PAGE_SIZE } from '../../common/PagedList';
import { dataOf, useLoad } from '../../common/use-load';

/**
 * A list's filters and page number, and the page they fetch (again whenever either changes). A
 * new filter starts again at page 1. `paged` is what <PagedList> shows.
 */
export function usePagedQuery<F extends object, T>(
  initial: F,
  fetchPage: (query: F & PageQuery) => Promise<{ data: Page<T> }>,
  firstPageSize = PAGE_SIZE,
) {
  const [filters, setFilters] = useState(initial);
  const [pageNum, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(firstPageSize);
  const query = { pageNum, pageSize, ...filters };
  const { loaded, reload } = useLoad(JSON.stringify(query), () => fetchPage(query).then(dataOf));

  function filter(change: Partial<F>) {
    setFilters((before) => ({ ...before, ...change }));
    setPage(1);
  }

  /** Another page, or another page size (which starts again at page 1). */
  function setPageNum(page: number, size = pageSize) {
    setPage(size === pageSize ? page : 1);
    setPageSize(size);
  }

  return { filters, filter, paged: { loaded, reload, pageNum, setPageNum, pageSize } };
}
