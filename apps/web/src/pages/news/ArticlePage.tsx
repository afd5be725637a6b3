import { EyeOutlined } from '@ant-design/icons';
import type { ArticleDetail, ArticleKind } from '@liaison/protocol';
import { Breadcrumb, Result, Skeleton } from 'antd';
import { Link, Navigate } from 'react-router';
import { fetchArticle } from '../../api/content';
import { ButtonLink } from '../../common/ButtonLink';
import { ListFailed } from '../../common/ListFailed';
import { abilityPath, companyPath } from '../../common/paths';
import { dataOf, useLoad } from '../../common/use-load';
import { formatCount, formatDate } from '../common/format-date';
import { publicFileUrl } from '../common/public-file';
import { RichText } from '../common/RichText';
import { useUrlParams } from '../common/use-url-params';
import { ARTICLE_KINDS, articleListPath } from './article-kinds';
import { RelatedArticles } from './RelatedArticles';
import './news.css';

/**
 * One article (?id=): title, date, source, the server's sanitised content, and more of its kind.
 * An article of the other kind moves to its own address.
 */
export function ArticlePage({ kind }: { kind: ArticleKind }) {
  const { params } = useUrlParams();
  const id = params.get('id') ?? '';
  const { loaded, reload } = useLoad(id, () =>
    id ? fetchArticle(id).then(dataOf) : Promise.reject(new Error('no id')),
  );
  const article = loaded.data?.id === id ? loaded.data : null;
  if (article && article.kind !== kind) return <Navigate to={ARTICLE_KINDS[article.kind].path(article.id)} replace />;
  const { label } = ARTICLE_KINDS[kind];

  return (
    <div className="page article-page">
      <Breadcrumb
        items={[{ title: <Link to={articleListPath(kind)}>{label}</Link> }, { title: article?.title ?? '正文' }]}
      />
      <div className="article-page__layout">
        <div className="article-page__main">
          {!id ? (
            <Result status="404" title="没有指定文章" extra={<Link to={articleListPath(kind)}>返回{label}</Link>} />
          ) : loaded.state === 'failed' ? (
            <ListFailed title="文章加载失败" onRetry={() => void reload()} />
          ) : article === null ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : (
            <ArticleView article={article} />
          )}
        </div>
        <RelatedArticles kind={kind} currentId={id} />
      </div>
    </div>
  );
}

function ArticleView({ article }: { article: ArticleDetail }) {
  const cover = publicFileUrl(article.cover);
  return (
    <article aria-labelledby="article-title">
      <h1 id="article-title" className="article-page__title">
        {article.title}
      </h1>
      <p className="article-page__meta">
        <span>发布日期：{formatDate(article.publishedAt)}</span>
        {article.source && <span>来源：{article.source}</span>}
        <span>
          <EyeOutlined aria-hidden /> {formatCount(article.viewCount)} 次浏览
        </span>
      </p>
      {article.kind === 'release' && article.ownerId && <ReleaseOwner article={article} ownerId={article.ownerId} />}
      {cover && <img className="article-page__cover" src={cover} alt={`${article.title}配图`} />}
      {article.content ? (
        <RichText html={article.content} label="正文" className="article-page__content" />
      ) : (
        <p>{article.summary}</p>
      )}
    </article>
  );
}

/** The enterprise behind a release, and the ability it launches when linked. */
function ReleaseOwner({ article, ownerId }: { article: ArticleDetail; ownerId: string }) {
  return (
    <div className="article-page__owner">
      <span>
        发布企业：<Link to={companyPath(ownerId)}>{article.enterpriseName}</Link>
      </span>
      {article.productId && (
        <ButtonLink type="primary" to={abilityPath(article.productId)}>
          查看能力详情
        </ButtonLink>
      )}
    </div>
  );
}
