import { EyeOutlined } from '@ant-design/icons';
import type { Highlights, PublicAbility } from '@liaison/protocol';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { abilityPath } from '../../common/paths';
import { CardCover } from './CardCover';
import { formatCount, formatDate } from './format-date';
import { Highlighted } from './Highlighted';
import { publicFileUrl } from './public-file';
import './public.css';

interface AbilityCardProps {
  ability: PublicAbility;
  /** The search's matches in the ability's fields. */
  highlights?: Highlights;
}

/** A published ability as every public list shows it; the whole card opens its detail. */
export function AbilityCard({ ability, highlights = {} }: AbilityCardProps) {
  return (
    <Link to={abilityPath(ability.id)} className="public-card">
      <CardCover
        src={publicFileUrl(ability.cover)}
        alt={`${ability.productName}封面`}
        initials={ability.categoryName.slice(0, 2)}
      />
      <div className="public-card__body">
        <h3 className="public-card__title">
          <Highlighted text={ability.productName} ranges={highlights.productName} />
        </h3>
        {ability.summary && (
          <p className="public-card__text">
            <Highlighted text={ability.summary} ranges={highlights.summary} />
          </p>
        )}
        {highlights.keywords && highlights.keywords.length > 0 && (
          <p className="public-card__meta">
            <span>
              关键词：
              <Highlighted text={ability.keywords} ranges={highlights.keywords} />
            </span>
          </p>
        )}
        <p className="public-card__meta">
          <Tag color="blue">{ability.categoryName}</Tag>
          <span className="public-card__owner">{ability.enterpriseName}</span>
        </p>
        <p className="public-card__meta public-card__meta--quiet">
          <span>
            <EyeOutlined aria-hidden /> {formatCount(ability.viewCount)} 次浏览
          </span>
          <span>{formatDate(ability.publishedAt)} 发布</span>
        </p>
      </div>
    </Link>
  );
}
