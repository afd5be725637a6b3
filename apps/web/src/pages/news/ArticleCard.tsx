import { EyeOutlined } from '@ant-design/icons';
import type { ArticleSummary } from '@liaison/protocol';
import { Link } from 'react-router';
import { CardCover } from '../common/CardCover';
import { formatCount, formatDate } from '../common/format-date';
import { publicFileUrl } from '../common/public-file';
import { ARTICLE_KINDS } from './article-kinds';

/** A release or a news article as the lists show it; the card opens it. */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  const kind = ARTICLE_KINDS[article.kind];
  const byline = article.kind === 'release' ? article.enterpriseName || article.source : article.source;
  return (
    <Link to={kind.path(article.id)} className="public-card">
      <CardCover src={publicFileUrl(article.cover)} alt={`${article.title}配图`} initials={kind.label} />
      <div className="public-card__body">
        <h3 className="public-card__title">{article.title}</h3>
        {article.summary && <p className="public-card__text">{article.summary}</p>}
        {byline && (
          <p className="public-card__meta">
            <span className="public-card__owner">{byline}</span>
          </p>
        )}
        <p className="public-card__meta public-card__meta--quiet">
          <span>{formatDate(article.publishedAt)} 发布</span>
          <span>
            <EyeOutlined aria-hidden /> {formatCount(article.viewCount)} 次浏览
          </span>
        </p>
      </div>
    </Link>
  );
}
