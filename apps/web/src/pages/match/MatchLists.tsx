import { ArrowRightOutlined } from '@ant-design/icons';
import type { MatchOperations } from '@liaison/protocol';
import { Empty, Tag } from 'antd';
import { Link } from 'react-router';
import { abilityPath, companyPath } from '../../common/paths';
import { formatDate } from '../common/format-date';

/** Needs enterprises published that still wait for a partner. */
export function OpenNeeds({ needs }: { needs: MatchOperations['openNeeds'] }) {
  if (needs.length === 0) return <Empty description="目前没有待对接的需求" />;
  return (
    <ul className="match-needs" aria-label="待对接需求">
      {needs.map((need) => (
        <li key={need.id} className="match-needs__item">
          <h3>
            {need.categoryName && <Tag color="blue">{need.categoryName}</Tag>}
            {need.title}
          </h3>
          <p className="match-needs__content">{need.content}</p>
          <p className="match-needs__meta">
            <Link to={companyPath(need.ownerId)}>{need.enterpriseName}</Link>
            <span>{formatDate(need.createdAt)} 发布</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Cooperation the platform saw agreed lately: which ability brought whom together. */
export function RecentMatches({ matches }: { matches: MatchOperations['recentMatches'] }) {
  if (matches.length === 0) return <Empty description="最近还没有撮合成功的合作" />;
  return (
    <ul className="match-recent" aria-label="最近撮合">
      {matches.map((match) => (
        <li key={`${match.productId}:${match.agreedAt}`} className="match-recent__item">
          <p className="match-recent__parties">
            <span>{match.fromEnterprise}</span>
            <ArrowRightOutlined aria-label="对接" />
            <span>{match.toEnterprise}</span>
          </p>
          <p className="match-recent__meta">
            <Link to={abilityPath(match.productId)}>{match.productName}</Link>
            <span>{formatDate(match.agreedAt)} 达成合作</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
