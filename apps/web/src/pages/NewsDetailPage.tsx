import { ArticlePage } from './news/ArticlePage';

/** /news-detail?id= : an industry news article. */
export function NewsDetailPage() {
  return <ArticlePage kind="news" />;
}
