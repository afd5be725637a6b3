import { useEffect, useRef, useState } from 'react';

/** spec portal.md §9: search waits this long after the last keystroke (Enter searches at once). */
export const SEARCH_DEBOUNCE_MS = 500;

export interface DebouncedSearch<T> {
  query: string;
  setQuery(query: string): void;
  /** Searches for the query now (Enter). */
  searchNow(): void;
  /** The answer for the query as it is now (trimmed); null while it is empty or being looked up. */
  result: T | null;
  isSearching: boolean;
}

/**
 * A search box's state: `run` looks up the trimmed query 500 ms after typing stops; an empty query
 * clears the answer (the full list comes back, spec §5). Only the answer to the latest query shows.
 */
export function useDebouncedSearch<T>(run: (keyword: string) => Promise<T>): DebouncedSearch<T> {
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<{ keyword: string; value: T } | null>(null);
  const keyword = query.trim();
  const latest = useRef('');
  latest.current = keyword;
  const asked = useRef<string | null>(null);
  const lookUp = useRef((word: string) => {
    if (!word || asked.current === word) return;
    asked.current = word;
    void run(word).then((value) => {
      if (latest.current === word) setAnswer({ keyword: word, value });
    });
  });

  useEffect(() => {
    if (!keyword) return;
    const timer = setTimeout(() => lookUp.current(keyword), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);

  return {
    query,
    setQuery,
    searchNow: () => lookUp.current(keyword),
    result: keyword && answer?.keyword === keyword ? answer.value : null,
    isSearching: keyword !== '' && answer?.keyword !== keyword,
  };
}
