import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { fetchMatchOperations } from '../api/content';
import { ListFailed } from '../common/ListFailed';
import { dataOf, useLoad } from '../common/use-load';
import { OpenNeeds, RecentMatches } from './match/MatchLists';
import { MATCH_TEXT } from './match/match-text';
import { OfficialServiceModal } from './match/OfficialServiceModal';
import './match/match.css';

/**
 * /matchOperations 撮合运营: what the platform's matchmaking does, its figures, the open needs and
 * recent matches, and the official-service application.
 */
export function MatchOperationsPage() {
  const { loaded, reload } = useLoad('match', () => fetchMatchOperations().then(dataOf));
  const [applying, setApplying] = useState(false);
  const data = loaded.data;

  return (
    <div className="page">
      <header className="public-head">
        <div>
          <h1>撮合运营</h1>
          <p>{MATCH_TEXT.intro}</p>
        </div>
        <Button
          type="primary"
          size="large"
          icon={<CustomerServiceOutlined aria-hidden />}
          onClick={() => setApplying(true)}
        >
          申请官方服务
        </Button>
      </header>
      <ol className="match-steps" aria-label="撮合流程">
        {MATCH_TEXT.steps.map((step, index) => (
          <li key={step.title}>
            <span className="match-steps__number" aria-hidden>
              {index + 1}
            </span>
            <h2>{step.title}</h2>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      {loaded.state === 'failed' ? (
        <ListFailed title="撮合数据加载失败" onRetry={() => void reload()} />
      ) : data === null ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <section className="match-figures" aria-label="撮合数据">
            <Statistic title="待对接需求" value={data.figures.openNeeds} suffix="条" />
            <Statistic title="本月撮合成功" value={data.figures.agreedThisMonth} suffix="次" />
            <Statistic title="累计撮合成功" value={data.figures.agreedTotal} suffix="次" />
          </section>
          <div className="match-columns">
            <section className="public-section" aria-labelledby="match-needs-title">
              <div className="public-section__head">
                <h2 id="match-needs-title">待对接需求</h2>
              </div>
              <OpenNeeds needs={data.openNeeds} />
            </section>
            <section className="public-section" aria-labelledby="match-recent-title">
              <div className="public-section__head">
                <h2 id="match-recent-title">最近撮合</h2>
              </div>
              <RecentMatches matches={data.recentMatches} />
            </section>
          </div>
        </>
      )}
      <section className="public-section match-services" aria-labelledby="match-services-title">
        <div className="public-section__head">
          <h2 id="match-services-title">官方服务</h2>
        </div>
        <p>{MATCH_TEXT.serviceIntro}</p>
        <ul className="match-services__list">
          {MATCH_TEXT.services.map((service) => (
            <li key={service.name}>
              <h3>{service.name}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
        <Button type="primary" onClick={() => setApplying(true)}>
          立即申请
        </Button>
      </section>
      <OfficialServiceModal open={applying} onClose={() => setApplying(false)} />
    </div>
  );
}
