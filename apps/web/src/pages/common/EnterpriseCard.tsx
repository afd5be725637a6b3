import { EnvironmentOutlined } from '@ant-design/icons';
import type { EnterpriseCard as Enterprise, Highlights } from '@liaison/protocol';
import { Link } from 'react-router';
import { companyPath } from '../../common/paths';
import { CardCover } from './CardCover';
import { formatCount } from './format-date';
import { Highlighted } from './Highlighted';
import { publicFileUrl } from './public-file';
import './public.css';

interface EnterpriseCardProps {
  enterprise: Enterprise;
  highlights?: Highlights;
}

/** An approved enterprise as the public lists show it; the whole card opens its company page. */
export function EnterpriseCard({ enterprise, highlights = {} }: EnterpriseCardProps) {
  return (
    <Link to={companyPath(enterprise.userId)} className="public-card">
      <CardCover
        className="public-card__cover--banner"
        src={publicFileUrl(enterprise.banner)}
        alt={`${enterprise.enterpriseName}形象图`}
        initials={enterprise.enterpriseName.slice(0, 2)}
      />
      <div className="public-card__body">
        <h3 className="public-card__title">
          <Highlighted text={enterprise.enterpriseName} ranges={highlights.enterpriseName} />
        </h3>
        {enterprise.introduction && (
          <p className="public-card__text">
            <Highlighted text={enterprise.introduction} ranges={highlights.introduction} />
          </p>
        )}
        {enterprise.address && (
          <p className="public-card__meta">
            {/* One piece, so the pin wraps with the address instead of staying alone on its line. */}
            <span>
              <EnvironmentOutlined aria-hidden /> {enterprise.address}
            </span>
          </p>
        )}
        <p className="public-card__meta public-card__meta--quiet">
          <span>{enterprise.abilityCount} 项能力</span>
          <span>{formatCount(enterprise.followerCount)} 人关注</span>
        </p>
      </div>
    </Link>
  );
}
