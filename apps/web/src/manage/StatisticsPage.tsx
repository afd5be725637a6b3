import {
  type CategoryCount,
  type NewThisWeek,
  type PlatformTotals,
  PortalPermission,
  type TopAbility,
  type TopKeyword,
  type WeekChart,
} from '@liaison/protocol';
import { Card, Empty, Spin } from 'antd';
import {
  fetchAbilitiesPerCategory,
  fetchNewThisWeek,
  fetchPlatformTotals,
  fetchTopAbilities,
  fetchTopKeywords,
  fetchWeekChart,
} from '../api/statistics';
import { useHasPermi } from '../auth/Permission';
import { ListFailed } from '../common/ListFailed';
import { useLoad } from '../common/use-load';
import { EnterpriseOnly } from './common/access';
import { CategoryBarChart, TopBarChart, WeekLineChart } from './statistics/charts';
import { StatCards } from './statistics/StatCards';
import './statistics/statistics.css';

interface Statistics {
  totals: PlatformTotals;
  fresh: NewThisWeek;
  week: WeekChart;
  abilities: TopAbility[];
  keywords: TopKeyword[];
  categories: CategoryCount[];
}

async function loadStatistics(): Promise<Statistics> {
  const [totals, fresh, week, abilities, keywords, categories] = await Promise.all([
    fetchPlatformTotals(),
    fetchNewThisWeek(),
    fetchWeekChart(),
    fetchTopAbilities(),
    fetchTopKeywords(),
    fetchAbilitiesPerCategory(),
  ]);
  return {
    totals: totals.data,
    fresh: fresh.data,
    week: week.data,
    abilities: abilities.data,
    keywords: keywords.data,
    categories: categories.data,
  };
}

/** Statistics: platform totals, my week, my most viewed abilities, hot keywords, my categories. */
export function StatisticsPage() {
  const mayView = useHasPermi([PortalPermission.STATISTICS_VIEW]);
  if (!mayView) return <EnterpriseOnly title="数据统计" what="数据统计" />;
  return <StatisticsBoard />;
}

function StatisticsBoard() {
  const { loaded, reload } = useLoad('statistics', loadStatistics);
  return (
    <section className="page">
      <h1 className="page__title">数据统计</h1>
      {loaded.state === 'loading' && <Spin description="正在加载统计数据" />}
      {loaded.state === 'failed' && <ListFailed title="统计数据加载失败" onRetry={reload} />}
      {loaded.state === 'ready' && <StatisticsView {...loaded.data} />}
    </section>
  );
}

function StatisticsView({ totals, fresh, week, abilities, keywords, categories }: Statistics) {
  return (
    <>
      <StatCards
        label="平台概况"
        items={[
          { key: 'enterprises', label: '入驻企业', value: totals.enterprises, note: `本周新增 ${fresh.enterprises}` },
          {
            key: 'abilities',
            label: '已发布能力',
            value: totals.publishedAbilities,
            note: `本周新增 ${fresh.abilities}`,
          },
          { key: 'cooperations', label: '合作申请', value: totals.cooperationRequests },
          { key: 'needs', label: '开放需求', value: totals.openNeeds, note: `本周新增 ${fresh.needs}` },
        ]}
      />
      <Card title="近7天趋势" size="small" className="stat-section">
        <WeekLineChart week={week} label="近7天浏览、关注、合作申请与收藏趋势" />
      </Card>
      <div className="stat-grid">
        {/* The server counts every view on record: the title says so, as the keywords' says 近30天. */}
        <Card title="能力浏览量 Top 10（累计）" size="small">
          {abilities.length === 0 ? (
            <Empty description="还没有能力被浏览" />
          ) : (
            <TopBarChart
              label="累计浏览量前十的能力"
              valueName="浏览量"
              items={abilities.map((a) => ({ key: a.id, name: a.productName, value: a.views }))}
            />
          )}
        </Card>
        <Card title="热门搜索词 Top 10（近30天）" size="small">
          {keywords.length === 0 ? (
            <Empty description="近30天没有搜索记录" />
          ) : (
            <TopBarChart
              label="近30天热门搜索词前十"
              valueName="搜索次数"
              color="#13a8a8"
              items={keywords.map((k) => ({ key: k.keyword, name: k.keyword, value: k.count }))}
            />
          )}
        </Card>
      </div>
      <Card title="我的能力分类分布" size="small" className="stat-section">
        {categories.every((c) => c.total === 0) ? (
          <Empty description="还没有发布能力" />
        ) : (
          <CategoryBarChart label="我的能力分类分布" categories={categories} />
        )}
      </Card>
    </>
  );
}
