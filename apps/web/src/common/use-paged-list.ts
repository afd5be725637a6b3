import type { Page } from '../api/page';
import { useLoad } from './use-load';

export interface PagedList<T> {
  rows: T[];
  total: number;
  isLoading: boolean;
  hasFailed: boolean;
  reload: () => Promise<void>;
}

/** One RuoYi-style list, fetched whenever the query (a JSON value) changes. */
export function usePagedList<Q, T>(fetchPage: (query: Q) => Promise<{ data: Page<T> }>, query: Q): PagedList<T> {
  const { loaded, reload } = useLoad(JSON.stringify(query), async () => (await fetchPage(query)).data);
  return {
    rows: loaded.data?.rows ?? [],
    total: loaded.data?.total ?? 0,
    isLoading: loaded.state === 'loading',
    hasFailed: loaded.state === 'failed',
    reload,
  };
}
