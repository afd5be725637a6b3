import { EnvironmentOutlined, RightOutlined } from '@ant-design/icons';
import type { EnterpriseCard } from '@liaison/protocol';
import { Avatar } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { companyPath } from '../../common/paths';
import { useSession } from '../../session/session-store';
import { FollowButton } from '../common/FollowButton';
import { formatCount } from '../common/format-date';
import { publicFileUrl } from '../common/public-file';

/** The enterprise beside its ability: who it is, follow, and the way to its company page. */
export function CompanyAside({ enterprise }: { enterprise: EnterpriseCard }) {
  const person = useSession((state) => state.person);
  const [followers, setFollowers] = useState(enterprise.followerCount);
  const banner = publicFileUrl(enterprise.banner);
  const isOwn = person?.userId === enterprise.userId;
  return (
    <aside className="detail-card company-aside" aria-label="发布企业">
      {banner && <img className="company-aside__banner" src={banner} alt={`${enterprise.enterpriseName}形象图`} />}
      <div className="company-aside__head">
        <Avatar shape="square" size={48} className="company-aside__initial">
          {enterprise.enterpriseName.slice(0, 1)}
        </Avatar>
        <h2>
          <Link to={companyPath(enterprise.userId)}>{enterprise.enterpriseName}</Link>
        </h2>
      </div>
      {enterprise.introduction && <p className="company-aside__intro">{enterprise.introduction}</p>}
      {enterprise.address && (
        <p className="company-aside__line">
          <EnvironmentOutlined aria-hidden /> {enterprise.address}
        </p>
      )}
      <dl className="company-aside__figures">
        <div>
          <dt>发布能力</dt>
          <dd>{enterprise.abilityCount}</dd>
        </div>
        <div>
          <dt>关注</dt>
          <dd>{formatCount(followers)}</dd>
        </div>
      </dl>
      <div className="company-aside__actions">
        {!isOwn && (
          <FollowButton
            userId={enterprise.userId}
            onChange={(isFollowing) => setFollowers((n) => Math.max(0, n + (isFollowing ? 1 : -1)))}
          />
        )}
        <Link to={companyPath(enterprise.userId)}>
          进入企业主页 <RightOutlined aria-hidden />
        </Link>
      </div>
    </aside>
  );
}
