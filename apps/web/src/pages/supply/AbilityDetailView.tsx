import { EyeOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { PublicAbilityDetail } from '@liaison/protocol';
import { Alert, Breadcrumb, Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { collectAbility, hasCollected, hasConnected } from '../../api/catalogue';
import { uncollectAbility } from '../../api/cooperation';
import { feedback } from '../../base/feedback';
import { supplyPath } from '../../common/paths';
import { useSession } from '../../session/session-store';
import { ChatButton } from '../common/ChatButton';
import { formatCount, formatDate } from '../common/format-date';
import { publicFileUrl } from '../common/public-file';
import { RichText } from '../common/RichText';
import { ensureLoggedIn } from '../common/require-login';
import { useServerFlag } from '../common/use-server-flag';
import { AttachmentList } from './AttachmentList';
import { CompanyAside } from './CompanyAside';
import { CooperationModal } from './CooperationModal';

/** The ability's page: what it is, its description and files, its enterprise, and the ways to get in touch. */
export function AbilityDetailView({ ability }: { ability: PublicAbilityDetail }) {
  const cover = publicFileUrl(ability.cover);
  const keywords = ability.keywords.split(/[,，、\s]+/).filter(Boolean);
  return (
    <section className="page ability-detail">
      <Breadcrumb
        className="ability-detail__crumbs"
        items={[
          { title: <Link to={supplyPath()}>能力库</Link> },
          { title: <Link to={supplyPath(ability.categoryId)}>{ability.categoryName}</Link> },
          { title: ability.productName },
        ]}
      />
      <div className="ability-detail__layout">
        <div className="ability-detail__main">
          <article className="detail-card ability-summary">
            <div className="ability-summary__cover">
              {cover ? (
                <img src={cover} alt={`${ability.productName}封面`} />
              ) : (
                <span className="public-card__placeholder" aria-hidden>
                  {ability.categoryName}
                </span>
              )}
            </div>
            <div className="ability-summary__text">
              <h1>{ability.productName}</h1>
              <p className="ability-summary__tags">
                <Tag color="blue">{ability.categoryName}</Tag>
                {keywords.map((keyword) => (
                  <Tag key={keyword}>{keyword}</Tag>
                ))}
              </p>
              {ability.summary && <p className="ability-summary__summary">{ability.summary}</p>}
              <p className="ability-summary__meta">
                <span>
                  <EyeOutlined aria-hidden /> {formatCount(ability.viewCount)} 次浏览
                </span>
                <span>{formatDate(ability.publishedAt)} 发布</span>
              </p>
              <AbilityActions ability={ability} />
            </div>
          </article>
          <section className="detail-card" aria-labelledby="ability-description">
            <h2 id="ability-description">能力介绍</h2>
            {ability.description ? (
              <RichText html={ability.description} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="企业还没有填写详细介绍" />
            )}
          </section>
          {ability.attachments.length > 0 && (
            <section className="detail-card" aria-labelledby="ability-attachments">
              <h2 id="ability-attachments">附件</h2>
              <AttachmentList attachments={ability.attachments} />
            </section>
          )}
        </div>
        <CompanyAside enterprise={ability.enterprise} />
      </div>
    </section>
  );
}

/** 申请合作, 在线沟通 and 收藏 for another enterprise's ability; a note on one's own. */
function AbilityActions({ ability }: { ability: PublicAbilityDetail }) {
  const loginStatus = useSession((state) => state.loginStatus);
  const person = useSession((state) => state.person);
  const isOwn = person?.userId === ability.ownerId;
  const isEnabled = loginStatus && !isOwn;
  const [isCollected, setCollected] = useServerFlag(`collect:${ability.id}`, isEnabled, () => hasCollected(ability.id));
  const [isConnected, setConnected] = useServerFlag(`connect:${ability.ownerId}`, isEnabled, () =>
    hasConnected(ability.ownerId),
  );
  const [isApplying, setApplying] = useState(false);
  const [isCollecting, setCollecting] = useState(false);

  if (isOwn) {
    return (
      <Alert
        type="info"
        showIcon
        title="这是本企业发布的能力"
        action={<Link to="/manageCenter/abilities">去管理</Link>}
      />
    );
  }

  async function handleCollect() {
    if (!ensureLoggedIn()) return;
    setCollecting(true);
    try {
      const answer = isCollected ? await uncollectAbility(ability.id) : await collectAbility(ability.id);
      setCollected(answer.data);
      feedback.message.success(answer.msg);
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setCollecting(false);
    }
  }

  return (
    <div className="ability-actions">
      <div className="ability-actions__buttons">
        <Button type="primary" onClick={() => ensureLoggedIn() && setApplying(true)}>
          申请合作
        </Button>
        <ChatButton target={{ productId: ability.id }} onConnected={() => setConnected(true)} />
        <Button
          icon={isCollected ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
          aria-pressed={isCollected === true}
          loading={isCollecting || (isEnabled && isCollected === null)}
          onClick={handleCollect}
        >
          {isCollected ? '已收藏' : '收藏'}
        </Button>
      </div>
      {isConnected && (
        <p className="ability-actions__note">
          你已联系过该企业，可在 <Link to="/manageCenter/userCenter/cooperation">合作消息</Link> 查看进度
        </p>
      )}
      <CooperationModal
        isOpen={isApplying}
        productId={ability.id}
        productName={ability.productName}
        contactName={person?.nickName ?? ''}
        onClose={() => setApplying(false)}
        onSent={() => {
          setApplying(false);
          setConnected(true);
        }}
      />
    </div>
  );
}
