import { LockOutlined, MessageOutlined } from '@ant-design/icons';
import type { ExpertDetail } from '@liaison/protocol';
import { Breadcrumb, Button, Result, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { fetchExpert } from '../api/content';
import { ButtonLink } from '../common/ButtonLink';
import { ListFailed } from '../common/ListFailed';
import { chatPath } from '../common/paths';
import { dataOf, useLoad } from '../common/use-load';
import { openLoginModal, useSession } from '../session/session-store';
import { useUrlParams } from './common/use-url-params';
import { ExpertAvatar } from './expert/ExpertCard';
import { Paragraphs } from './news/Paragraphs';
import './expert/expert.css';

/** /expertDetail?id= : an expert's introduction, achievements and contact, and a chat when they have an account. */
export function ExpertDetailPage() {
  const { params } = useUrlParams();
  const id = params.get('id') ?? '';
  const { loaded, reload } = useLoad(id, () =>
    id ? fetchExpert(id).then(dataOf) : Promise.reject(new Error('no id')),
  );
  const expert = loaded.data;
  return (
    <div className="page">
      <Breadcrumb items={[{ title: <Link to="/expert">专家库</Link> }, { title: expert?.name ?? '专家详情' }]} />
      {!id ? (
        <Result status="404" title="没有指定专家" extra={<Link to="/expert">返回专家库</Link>} />
      ) : loaded.state === 'failed' ? (
        <ListFailed title="专家信息加载失败" onRetry={() => void reload()} />
      ) : expert === null ? (
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      ) : (
        <ExpertView expert={expert} />
      )}
    </div>
  );
}

function ExpertView({ expert }: { expert: ExpertDetail }) {
  return (
    <>
      <header className="expert-profile">
        <ExpertAvatar expert={expert} size={96} />
        <div className="expert-profile__who">
          <h1>{expert.name}</h1>
          <p>{[expert.title, expert.organisation].filter(Boolean).join(' · ')}</p>
          {expert.field && <Tag color="geekblue">{expert.field}</Tag>}
        </div>
        {expert.userId && <ChatButton userId={expert.userId} />}
      </header>
      <div className="expert-detail">
        <div>
          <section className="expert-detail__block" aria-labelledby="expert-intro-title">
            <h2 id="expert-intro-title">专家简介</h2>
            <Paragraphs text={expert.introduction || expert.summary} empty="暂无简介。" />
          </section>
          <section className="expert-detail__block" aria-labelledby="expert-achievements-title">
            <h2 id="expert-achievements-title">主要成果</h2>
            {expert.achievements.length === 0 ? (
              <p className="public-quiet">暂无成果介绍。</p>
            ) : (
              <ul className="expert-detail__achievements">
                {expert.achievements.map((achievement) => (
                  <li key={achievement}>{achievement}</li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <ExpertContact expert={expert} />
      </div>
    </>
  );
}

/** Contact details for a logged-in reader; a visitor is asked to log in first. */
function ExpertContact({ expert }: { expert: ExpertDetail }) {
  const loginStatus = useSession((state) => state.loginStatus);
  const { contact } = expert;
  return (
    <section className="expert-detail__block expert-contact" aria-labelledby="expert-contact-title">
      <h2 id="expert-contact-title">联系方式</h2>
      {contact ? (
        <dl>
          <dt>电话</dt>
          <dd>{contact.phone ? <a href={`tel:${contact.phone}`}>{contact.phone}</a> : '未公开'}</dd>
          <dt>邮箱</dt>
          <dd>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '未公开'}</dd>
        </dl>
      ) : loginStatus ? (
        <p className="public-quiet">该专家暂未公开联系方式。</p>
      ) : (
        <>
          <p className="public-quiet">登录后可查看专家的电话和邮箱。</p>
          <Button type="primary" icon={<LockOutlined aria-hidden />} onClick={() => openLoginModal()}>
            登录后查看联系方式
          </Button>
        </>
      )}
    </section>
  );
}

/** The chat kit on a one-to-one conversation with the expert's portal account; visitors log in first. */
function ChatButton({ userId }: { userId: string }) {
  const loginStatus = useSession((state) => state.loginStatus);
  const me = useSession((state) => state.person?.userId);
  if (me === userId) return null;
  return loginStatus ? (
    <ButtonLink type="primary" size="large" icon={<MessageOutlined aria-hidden />} to={chatPath(userId)}>
      在线沟通
    </ButtonLink>
  ) : (
    <Button type="primary" size="large" icon={<MessageOutlined aria-hidden />} onClick={() => openLoginModal()}>
      在线沟通
    </Button>
  );
}
