import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type ParamChange = Record<string, string | number | null>;

/**
 * A list's state kept in the page's address (page, tab, keyword), so back/forward and a shared
 * link show the same list. `update` merges a change (null removes a parameter) and pushes a
 * history entry, or replaces the current one with `{ replace: true }` (typing, say). The reader
 * stays where they are: a filter is not a new page, so the scroll is not reset to the top (paging
 * brings its list's top into view itself, see use-list-top.ts).
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: ParamChange, options: { replace?: boolean } = {}) => {
      setParams(
        (before) => {
          const next = new URLSearchParams(before);
          for (const [name, value] of Object.entries(change)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: options.replace === true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return { params, update };
}

/** The page number of a list in the address (`pageNum` unless named): a whole number from 1, else 1. */
export function useUrlPage(name = 'pageNum') {
  const { params, update } = useUrlParams();
  const pageNum = readPageNum(params.get(name));
  const setPageNum = useCallback((page: number) => update({ [name]: page }), [name, update]);
  return { pageNum, setPageNum };
}

export function readPageNum(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}
