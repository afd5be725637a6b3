import { EnvironmentOutlined, GlobalOutlined, PhoneOutlined } from '@ant-design/icons';
import { type EnterpriseProfile, INDUSTRY_STAGES, type PublicAbility } from '@liaison/protocol';
import { Avatar, Empty } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { fetchPublicAbilities } from '../../api/catalogue';
import { chainPath } from '../../common/paths';
import { dataOf, useLoad } from '../../common/use-load';
import { useSession } from '../../session/session-store';
import { AbilityCard } from '../common/AbilityCard';
import { ChatButton } from '../common/ChatButton';
import { FollowButton } from '../common/FollowButton';
import { formatCount } from '../common/format-date';
import { PagedCards } from '../common/PagedCards';
import { publicFileUrl } from '../common/public-file';
import { useUrlPage } from '../common/use-url-params';

const ABILITY_PAGE_SIZE = 6;
const STAGE_LABEL = new Map(INDUSTRY_STAGES.map(({ stage, label }) => [stage, label]));

/** The company main page: banner, introduction, contact, abilities, partners and chain segments. */
export function CompanyProfileView({ profile }: { profile: EnterpriseProfile }) {
  const person = useSession((state) => state.person);
  const [followers, setFollowers] = useState(profile.followerCount);
  const banner = publicFileUrl(profile.banner);
  const isOwn = person?.userId === profile.userId;

  return (
    <section className="page company">
      <div className={banner ? 'company-banner' : 'company-banner company-banner--plain'}>
        {banner && <img src={banner} alt={`${profile.enterpriseName}形象图`} />}
        <div className="company-banner__text">
          <h1>{profile.enterpriseName}</h1>
          <p>
            {profile.abilityCount} 项能力 · {formatCount(followers)} 人关注
          </p>
        </div>
      </div>
      <div className="company-actions">
        {isOwn ? (
          <p>
            这是本企业的主页，可在 <Link to="/manageCenter/integrated">企业集群管理</Link> 中编辑
          </p>
        ) : (
          <>
            <ChatButton type="primary" target={{ userId: profile.userId }} />
            <FollowButton
              userId={profile.userId}
              onChange={(isFollowing) => setFollowers((n) => Math.max(0, n + (isFollowing ? 1 : -1)))}
            />
          </>
        )}
      </div>
      <div className="company-layout">
        <section className="detail-card" aria-labelledby="company-intro">
          <h2 id="company-intro">企业简介</h2>
          {profile.introductionFull ? (
            <p className="company-intro">{profile.introductionFull}</p>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="企业还没有填写简介" />
          )}
        </section>
        <section className="detail-card" aria-labelledby="company-contact">
          <h2 id="company-contact">联系方式</h2>
          <ContactList profile={profile} />
        </section>
      </div>
      <section className="public-section" aria-labelledby="company-abilities">
        <div className="public-section__head">
          <h2 id="company-abilities">企业能力</h2>
        </div>
        <CompanyAbilities ownerId={profile.userId} />
      </section>
      {profile.partners.length > 0 && (
        <section className="public-section" aria-labelledby="company-partners">
          <div className="public-section__head">
            <h2 id="company-partners">合作伙伴</h2>
          </div>
          <ul className="company-partners">
            {profile.partners.map((partner) => (
              <li key={partner.id}>
                <Avatar
                  shape="square"
                  size={48}
                  src={publicFileUrl(partner.logo) ?? undefined}
                  alt={`${partner.name}标志`}
                >
                  {partner.name.slice(0, 1)}
                </Avatar>
                <span>{partner.name}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {profile.segments.length > 0 && (
        <section className="public-section" aria-labelledby="company-segments">
          <div className="public-section__head">
            <h2 id="company-segments">所在产业链</h2>
          </div>
          <ul className="company-segments">
            {profile.segments.map((segment) => (
              <li key={`${segment.chainId}:${segment.stage}:${segment.segmentName}`}>
                <Link to={chainPath(segment.chainId)}>
                  <strong>{segment.chainName}</strong>
                  <span>
                    {STAGE_LABEL.get(segment.stage)} · {segment.segmentName}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function ContactList({ profile }: { profile: EnterpriseProfile }) {
  const website = /^https?:\/\//i.test(profile.website) ? profile.website : '';
  return (
    <dl className="company-contact">
      <div>
        <dt>
          <EnvironmentOutlined aria-hidden /> 地址
        </dt>
        <dd>{profile.address || '未填写'}</dd>
      </div>
      <div>
        <dt>
          <GlobalOutlined aria-hidden /> 官网
        </dt>
        <dd>
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer nofollow">
              {website}
            </a>
          ) : (
            profile.website || '未填写'
          )}
        </dd>
      </div>
      <div>
        <dt>
          <PhoneOutlined aria-hidden /> 电话
        </dt>
        <dd>{profile.contactPhone ? <a href={`tel:${profile.contactPhone}`}>{profile.contactPhone}</a> : '未公开'}</dd>
      </div>
    </dl>
  );
}

function CompanyAbilities({ ownerId }: { ownerId: string }) {
  const { pageNum, setPageNum } = useUrlPage();
  const query = { ownerId, pageNum, pageSize: ABILITY_PAGE_SIZE };
  const list = useLoad(JSON.stringify(query), () => fetchPublicAbilities(query).then(dataOf));
  return (
    <PagedCards<PublicAbility>
      loaded={list.loaded}
      reload={list.reload}
      pageNum={pageNum}
      pageSize={ABILITY_PAGE_SIZE}
      onPage={setPageNum}
      label="企业能力列表"
      rowKey={(ability) => ability.id}
      renderCard={(ability) => <AbilityCard ability={ability} />}
      emptyText="这家企业还没有发布能力"
      failedText="企业能力加载失败"
    />
  );
}
