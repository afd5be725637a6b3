import type {
  ArticleSummary,
  EnterpriseCard as Enterprise,
  ExpertSummary,
  Hit,
  PublicAbility,
} from '@liaison/protocol';
import { Avatar, Tag } from 'antd';
import { Link } from 'react-router';
import { expertPath, newsPath, releasePath } from '../../common/paths';
import { AbilityCard } from '../common/AbilityCard';
import { EnterpriseCard } from '../common/EnterpriseCard';
import { formatDate } from '../common/format-date';
import { Highlighted } from '../common/Highlighted';
import { publicFileUrl } from '../common/public-file';

/** How a hit of each type reads in the results, its matches marked. */

export function AbilityHit({ hit }: { hit: Hit<PublicAbility> }) {
  return <AbilityCard ability={hit.item} highlights={hit.highlights} />;
}

export function EnterpriseHit({ hit }: { hit: Hit<Enterprise> }) {
  return <EnterpriseCard enterprise={hit.item} highlights={hit.highlights} />;
}

export function ExpertHit({ hit }: { hit: Hit<ExpertSummary> }) {
  const { item: expert, highlights } = hit;
  return (
    <Link to={expertPath(expert.id)} className="public-row search-row">
      <Avatar size={56} src={publicFileUrl(expert.avatar) ?? undefined} alt={`${expert.name}头像`}>
        {expert.name.slice(0, 1)}
      </Avatar>
      <span className="search-row__body">
        <strong className="search-row__title">
          <Highlighted text={expert.name} ranges={highlights.name} />
        </strong>
        <span className="search-row__meta">
          {expert.title && <span>{expert.title}</span>}
          {expert.organisation && <Highlighted text={expert.organisation} ranges={highlights.organisation} />}
          {expert.field && (
            <Tag color="geekblue">
              <Highlighted text={expert.field} ranges={highlights.field} />
            </Tag>
          )}
        </span>
        {expert.summary && (
          <span className="search-row__text">
            <Highlighted text={expert.summary} ranges={highlights.summary} />
          </span>
        )}
      </span>
    </Link>
  );
}

export function NewsHit({ hit }: { hit: Hit<ArticleSummary> }) {
  const { item: article, highlights } = hit;
  const isRelease = article.kind === 'release';
  return (
    <Link to={isRelease ? releasePath(article.id) : newsPath(article.id)} className="public-row search-row">
      <span className="search-row__body">
        <strong className="search-row__title">
          <Tag color={isRelease ? 'red' : 'blue'}>{isRelease ? '新品发布' : '资讯'}</Tag>
          <Highlighted text={article.title} ranges={highlights.title} />
        </strong>
        {article.summary && (
          <span className="search-row__text">
            <Highlighted text={article.summary} ranges={highlights.summary} />
          </span>
        )}
        <span className="search-row__meta">
          <span>{(isRelease && article.enterpriseName) || article.source}</span>
          <span>{formatDate(article.publishedAt)}</span>
        </span>
      </span>
    </Link>
  );
}
