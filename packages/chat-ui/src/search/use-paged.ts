import { useCallback, useEffect, useRef, useState } from 'react';

/** One page of a cursor-paged search: '' as the cursor when nothing follows. */
export interface Page<T> {
  items: readonly T[];
  totalCount: number;
  cursor: string;
}

/** A search's pages so far, in the server's order. */
export interface Paged<T> {
  /** idle: nothing asked; loading: a page is on its way; error: the last page failed. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: readonly T[];
  totalCount: number;
  hasMore: boolean;
  loadMore(): void;
  /** Asks again for the page that failed. */
  retry(): void;
}

interface State<T> {
  /** The search these pages answer. */
  key: string;
  status: Paged<T>['status'];
  items: readonly T[];
  totalCount: number;
  cursor: string;
}

const IDLE = { key: '', status: 'idle', items: [], totalCount: 0, cursor: '' } as const;

/**
 * Runs a search page by page with the server's cursor. `key` names the search ('' for none): a new
 * key starts over, and answers to an older one (or after unmounting) are dropped, their failures
 * unreported. `onFailure` reports a failure of the current search (a toast); the pages already
 * shown stay.
 */
export function usePaged<T>(
  key: string,
  fetchPage: (cursor: string) => Promise<Page<T>>,
  itemKey: (item: T) => string,
  onFailure: (error: unknown) => void,
): Paged<T> {
  const [state, setState] = useState<State<T>>(IDLE);
  const serial = useRef(0);
  // A page on its way: the list's end scrolling into view and a click must not both ask for it.
  const isFetching = useRef(false);
  const latest = useRef({ fetchPage, itemKey, onFailure });
  latest.current = { fetchPage, itemKey, onFailure };

  const load = useCallback(async (cursor: string) => {
    const mine = serial.current;
    isFetching.current = true;
    setState((s) => ({ ...s, status: 'loading' }));
    try {
      const page = await latest.current.fetchPage(cursor);
      if (mine !== serial.current) return;
      isFetching.current = false;
      setState((s) => {
        // A page may repeat an item the previous one showed when results moved in between.
        const known = new Set(s.items.map(latest.current.itemKey));
        const fresh = page.items.filter((item) => !known.has(latest.current.itemKey(item)));
        return {
          key: s.key,
          status: 'ready',
          items: cursor ? [...s.items, ...fresh] : page.items,
          totalCount: page.totalCount,
          cursor: page.cursor,
        };
      });
    } catch (error) {
      if (mine !== serial.current) return;
      isFetching.current = false;
      setState((s) => ({ ...s, status: 'error' }));
      latest.current.onFailure(error);
    }
  }, []);

  useEffect(() => {
    serial.current += 1;
    isFetching.current = false;
    setState({ ...IDLE, key });
    if (key) void load('');
    return () => {
      serial.current += 1;
    };
  }, [key, load]);

  const { status, cursor } = state;
  const loadMore = useCallback(() => {
    if (status === 'ready' && cursor && !isFetching.current) void load(cursor);
  }, [status, cursor, load]);
  const retry = useCallback(() => {
    if (status === 'error' && !isFetching.current) void load(cursor);
  }, [status, cursor, load]);

  // Until the effect has started the new search, the last one's pages are not this one's.
  if (state.key !== key) {
    return { status: key ? 'loading' : 'idle', items: [], totalCount: 0, hasMore: false, loadMore, retry };
  }
  return {
    status: state.status,
    items: state.items,
    totalCount: state.totalCount,
    hasMore: state.cursor !== '',
    loadMore,
    retry,
  };
}
