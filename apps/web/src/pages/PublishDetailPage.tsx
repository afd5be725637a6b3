import { ArticlePage } from './news/ArticlePage';

/** /publish-detail?id= : a new release. */
export function PublishDetailPage() {
  return <ArticlePage kind="release" />;
}
