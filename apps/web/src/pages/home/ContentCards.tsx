import { CalendarOutlined } from '@ant-design/icons';
import type { ArticleSummary, ExpertSummary, HomeData } from '@liaison/protocol';
import { Avatar, Tag } from 'antd';
import { Link } from 'react-router';
import { chainPath, expertPath, newsPath, releasePath } from '../../common/paths';
import { formatDate } from '../common/format-date';
import { publicFileUrl } from '../common/public-file';

/** The home page's compact items for the platform's own content; each opens its detail page. */

/** A new release (新品发布) with its picture, or a news item (资讯) as a line of text. */
export function ArticleRow({ article }: { article: ArticleSummary }) {
  const isRelease = article.kind === 'release';
  const cover = isRelease ? publicFileUrl(article.cover) : null;
  return (
    <Link to={isRelease ? releasePath(article.id) : newsPath(article.id)} className="public-row home-article">
      {cover && <img className="home-article__cover" src={cover} alt={`${article.title}配图`} loading="lazy" />}
      <span className="home-article__body">
        <strong className="home-article__title">
          {isRelease && <Tag color="red">新品</Tag>}
          {article.title}
        </strong>
        {article.summary && <span className="home-article__summary">{article.summary}</span>}
        <span className="home-article__meta">
          <span>{isRelease ? article.enterpriseName || article.source : article.source}</span>
          <span>
            <CalendarOutlined aria-hidden /> {formatDate(article.publishedAt)}
          </span>
        </span>
      </span>
    </Link>
  );
}

export function ExpertCard({ expert }: { expert: ExpertSummary }) {
  const avatar = publicFileUrl(expert.avatar);
  return (
    <Link to={expertPath(expert.id)} className="public-card home-expert">
      <Avatar size={72} src={avatar ?? undefined} alt={`${expert.name}头像`}>
        {expert.name.slice(0, 1)}
      </Avatar>
      <h3 className="public-card__title">{expert.name}</h3>
      <p className="public-card__meta">{[expert.title, expert.organisation].filter(Boolean).join(' · ')}</p>
      {expert.field && <Tag color="geekblue">{expert.field}</Tag>}
      {expert.summary && <p className="public-card__text">{expert.summary}</p>}
    </Link>
  );
}

export function ChainCard({ chain }: { chain: HomeData['chains'][number] }) {
  return (
    <Link to={chainPath(chain.id)} className="home-chain">
      <strong>{chain.name}</strong>
      <span>
        {chain.segmentCount} 个环节 · {chain.memberCount} 家企业
      </span>
    </Link>
  );
}
