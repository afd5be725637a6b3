import { useCallback, useEffect, useRef, useState } from 'react';

export type Loaded<T> =
  | { state: 'loading'; data: T | null }
  | { state: 'failed'; data: null }
  | { state: 'ready'; data: T };

/**
 * Data a page shows, fetched when `key` changes (a query, serialised) and on `reload`, keeping what
 * was shown while the next load runs; an answer to an older key never replaces a newer one. The
 * request layer shows the server's reason for a failure.
 */
export function useLoad<T>(key: string, load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading', data: null });
  const latest = useRef(load);
  latest.current = load;
  const generation = useRef(0);

  const reload = useCallback(async () => {
    generation.current += 1;
    const mine = generation.current;
    setLoaded((before) => ({ state: 'loading', data: before.data }));
    try {
      const data = await latest.current();
      if (mine === generation.current) setLoaded({ state: 'ready', data });
    } catch {
      if (mine === generation.current) setLoaded({ state: 'failed', data: null });
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what the data depends on; `load` is read through a ref
  useEffect(() => {
    void reload();
    return () => {
      generation.current += 1;
    };
  }, [key, reload]);

  return { loaded, reload };
}

/** The data of an API answer, for `useLoad(key, () => fetchX().then(dataOf))`. */
export function dataOf<T>(answer: { data: T }): T {
  return answer.data;
}
