import type { ExpertSummary } from '@liaison/protocol';
import { Avatar, Tag } from 'antd';
import { Link } from 'react-router';
import { expertPath } from '../../common/paths';
import { publicFileUrl } from '../common/public-file';

/** An expert as the library shows them: photo, name, title, organisation, field; the card opens them. */
export function ExpertCard({ expert }: { expert: ExpertSummary }) {
  return (
    <Link to={expertPath(expert.id)} className="public-card expert-card">
      <div className="expert-card__head">
        <ExpertAvatar expert={expert} size={64} />
        <div className="expert-card__who">
          <h3 className="public-card__title">{expert.name}</h3>
          <p className="public-card__meta">{[expert.title, expert.organisation].filter(Boolean).join(' · ')}</p>
        </div>
      </div>
      <div className="public-card__body">
        {expert.summary && <p className="public-card__text">{expert.summary}</p>}
        {expert.field && (
          <p className="public-card__meta public-card__meta--quiet">
            <Tag color="geekblue">{expert.field}</Tag>
          </p>
        )}
      </div>
    </Link>
  );
}

/** The expert's photo, or the first character of their name. */
export function ExpertAvatar({ expert, size }: { expert: ExpertSummary; size: number }) {
  const photo = publicFileUrl(expert.avatar);
  return (
    <Avatar
      size={size}
      src={photo ?? undefined}
      alt={photo ? `${expert.name}照片` : undefined}
      className="expert-avatar"
      style={{ fontSize: Math.round(size * 0.4) }}
    >
      {expert.name.slice(0, 1)}
    </Avatar>
  );
}
