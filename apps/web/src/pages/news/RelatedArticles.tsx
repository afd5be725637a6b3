import type { ArticleKind } from '@liaison/protocol';
import { Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { fetchArticles } from '../../api/content';
import { dataOf, useLoad } from '../../common/use-load';
import { formatDate } from '../common/format-date';
import { ARTICLE_KINDS, articleListPath } from './article-kinds';

const SHOWN = 5;

/** The newest articles of the same kind beside the one being read (not that one). */
export function RelatedArticles({ kind, currentId }: { kind: ArticleKind; currentId: string }) {
  const { loaded } = useLoad(kind, () => fetchArticles({ kind, pageNum: 1, pageSize: SHOWN + 1 }).then(dataOf));
  const { more } = ARTICLE_KINDS[kind];
  const others = loaded.data?.rows.filter((article) => article.id !== currentId).slice(0, SHOWN);
  // A failure here costs the reader nothing they came for: the side list just stays away.
  if (loaded.state === 'failed') return null;
  return (
    <aside className="article-related" aria-labelledby="article-related-title">
      <h2 id="article-related-title">{more}</h2>
      {!others ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : others.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无更多" />
      ) : (
        <ol>
          {others.map((article) => (
            <li key={article.id}>
              <Link to={ARTICLE_KINDS[kind].path(article.id)}>{article.title}</Link>
              <span className="article-related__date">{formatDate(article.publishedAt)}</span>
            </li>
          ))}
        </ol>
      )}
      <Link to={articleListPath(kind)}>查看全部{ARTICLE_KINDS[kind].label}</Link>
    </aside>
  );
}
