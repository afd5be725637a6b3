import type { AbilitySummary, NewThisWeek, PlatformTotals } from '@liaison/protocol';
import { Card, Spin } from 'antd';
import { Link } from 'react-router';
import { fetchAbilityPage } from '../api/abilities';
import { fetchBetaApplications, fetchEnterpriseApplications } from '../api/admin';
import { fetchNewThisWeek, fetchPlatformTotals } from '../api/statistics';
import { ListFailed } from '../common/ListFailed';
import { useLoad } from '../common/use-load';
import { useSession } from '../session/session-store';
import { StatCards } from './statistics/StatCards';

const REVIEW_PATH = '/manageCenter/userCenter/review';
/** Only the count is wanted: the review lists' totals, one row each. */
const WAITING = { status: 0, pageNum: 1, pageSize: 1 } as const;

interface Platform {
  betaWaiting: number;
  enterpriseWaiting: number;
  totals: PlatformTotals;
  fresh: NewThisWeek;
}

async function loadPlatform(): Promise<Platform> {
  const [beta, enterprise, totals, fresh] = await Promise.all([
    fetchBetaApplications(WAITING),
    fetchEnterpriseApplications(WAITING),
    fetchPlatformTotals(),
    fetchNewThisWeek(),
  ]);
  return {
    betaWaiting: beta.data.total,
    enterpriseWaiting: enterprise.data.total,
    totals: totals.data,
    fresh: fresh.data,
  };
}

/** The platform administrator's home: what waits for its review, and the platform's figures. */
export function PlatformBoard() {
  const { loaded, reload } = useLoad('platform-board', loadPlatform);
  return (
    <section className="page">
      <h1 className="page__title">平台看板</h1>
      {loaded.state === 'loading' && <Spin description="正在加载平台看板" />}
      {loaded.state === 'failed' && <ListFailed title="平台看板加载失败" onRetry={reload} />}
      {loaded.state === 'ready' && (
        <>
          <StatCards
            label="待审核"
            items={[
              { key: 'beta', label: '待审核内测申请', value: loaded.data.betaWaiting, to: REVIEW_PATH },
              { key: 'enterprise', label: '待审核企业认证', value: loaded.data.enterpriseWaiting, to: REVIEW_PATH },
            ]}
          />
          <StatCards
            label="平台概况"
            items={[
              {
                key: 'enterprises',
                label: '入驻企业',
                value: loaded.data.totals.enterprises,
                note: `本周新增 ${loaded.data.fresh.enterprises}`,
              },
              {
                key: 'abilities',
                label: '已发布能力',
                value: loaded.data.totals.publishedAbilities,
                note: `本周新增 ${loaded.data.fresh.abilities}`,
              },
              { key: 'cooperation', label: '合作申请', value: loaded.data.totals.cooperationRequests },
              {
                key: 'needs',
                label: '开放需求',
                value: loaded.data.totals.openNeeds,
                note: `本周新增 ${loaded.data.fresh.needs}`,
              },
            ]}
          />
        </>
      )}
    </section>
  );
}

const loadGranted = async (): Promise<AbilitySummary[]> =>
  (await fetchAbilityPage({ pageNum: 1, pageSize: 50 })).data.rows;

/** A sub-account's home: the enterprise it works for and the abilities it was given to manage. */
export function SubAccountHome() {
  const enterpriseName = useSession((state) => state.person?.enterpriseName ?? '');
  const { loaded, reload } = useLoad('granted-abilities', loadGranted);
  return (
    <section className="page">
      <h1 className="page__title">管理首页</h1>
      <Card size="small" title={`${enterpriseName} · 子账号`}>
        <p>您代表企业管理以下能力，并可在「我的消息」中与合作方沟通。</p>
        {loaded.state === 'loading' && <Spin description="正在加载我管理的能力" />}
        {loaded.state === 'failed' && <ListFailed title="我管理的能力加载失败" onRetry={reload} />}
        {loaded.state === 'ready' &&
          (loaded.data.length === 0 ? (
            <p>主账号尚未为您分配能力。</p>
          ) : (
            <ul aria-label="我管理的能力">
              {loaded.data.map((ability) => (
                <li key={ability.id}>{ability.productName}</li>
              ))}
            </ul>
          ))}
        <p>
          <Link to="/manageCenter/abilities">管理我的能力</Link> · <Link to="/manageCenter/message">进入我的消息</Link>
        </p>
      </Card>
    </section>
  );
}
