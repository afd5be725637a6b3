import type { ArticleKind } from '@liaison/protocol';
import { newsPath, releasePath } from '../../common/paths';

/** How each kind of article is named and where it opens. */
export const ARTICLE_KINDS: Record<ArticleKind, { label: string; more: string; path: (id: string) => string }> = {
  release: { label: '新品发布', more: '更多新品', path: releasePath },
  news: { label: '行业资讯', more: '相关资讯', path: newsPath },
};

/** The tab of /newRelease in the address: `tab=news`, else the releases. */
export function kindOfTab(tab: string | null): ArticleKind {
  return tab === 'news' ? 'news' : 'release';
}

/** /newRelease on the list of one kind. */
export function articleListPath(kind: ArticleKind): string {
  return kind === 'news' ? '/newRelease?tab=news' : '/newRelease';
}
