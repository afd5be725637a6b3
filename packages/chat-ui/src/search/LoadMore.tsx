import { useEffect, useRef } from 'react';
import { useSearchCommonText } from '../i18n/search-common-text';
import type { Paged } from './use-paged';

/**
 * The end of a paged list of results: the next page loads by itself as this scrolls into view (a
 * 'Load more' button says so and does it from the keyboard); 'Loading…' while a page comes; 'Retry'
 * after a failed page; 'No more results' once every page is in; nothing after an empty answer (the
 * screen says 'No search results').
 */
export function LoadMore({
  paged,
}: {
  paged: Pick<Paged<unknown>, 'status' | 'items' | 'hasMore' | 'loadMore' | 'retry'>;
}) {
  const t = useSearchCommonText();
  const button = useRef<HTMLButtonElement>(null);
  const { status, hasMore, loadMore } = paged;

  useEffect(() => {
    const element = button.current;
    if (!element || status !== 'ready' || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [status, hasMore, loadMore]);

  if (status === 'error') {
    return (
      <button type="button" className="lc-search-link lc-search-more" onClick={paged.retry}>
        {t('retry')}
      </button>
    );
  }
  if (status === 'loading') {
    return (
      <p className="lc-search-more" role="status">
        {t('loading')}
      </p>
    );
  }
  if (paged.items.length === 0) return null;
  if (!hasMore) return <p className="lc-search-more">{t('allLoaded')}</p>;
  return (
    <button ref={button} type="button" className="lc-search-link lc-search-more" onClick={loadMore}>
      {t('loadMore')}
    </button>
  );
}
