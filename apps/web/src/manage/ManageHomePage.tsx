import { type DataBoard, PortalPermission, type WeekChart } from '@liaison/protocol';
import { Card, Spin } from 'antd';
import { Link } from 'react-router';
import { fetchDataBoard, fetchWeekChart } from '../api/statistics';
import { useHasPermi } from '../auth/Permission';
import { ListFailed } from '../common/ListFailed';
import { useLoad } from '../common/use-load';
import { useSession } from '../session/session-store';
import { EnterpriseOnly } from './common/access';
import { PlatformBoard, SubAccountHome } from './HomeBoards';
import { WeekLineChart } from './statistics/charts';
import { StatCards, type StatItem } from './statistics/StatCards';
import './statistics/statistics.css';

interface Board {
  board: DataBoard;
  week: WeekChart;
}

async function loadBoard(): Promise<Board> {
  const [board, week] = await Promise.all([fetchDataBoard(), fetchWeekChart()]);
  return { board: board.data, week: week.data };
}

/**
 * The management centre's home: the enterprise's data board and its week at a glance; for the
 * platform administrator the platform's, and for a sub-account the abilities it manages.
 */
export function ManageHomePage() {
  const mayView = useHasPermi([PortalPermission.STATISTICS_VIEW]);
  const kind = useSession((state) => state.person?.accountKind);
  if (kind === 'admin') return <PlatformBoard />;
  if (kind === 'subaccount') return <SubAccountHome />;
  if (!mayView) return <EnterpriseOnly title="管理首页" what="数据看板" />;
  return <DataBoardPage />;
}

function DataBoardPage() {
  const { loaded, reload } = useLoad('board', loadBoard);
  return (
    <section className="page">
      <h1 className="page__title">数据看板</h1>
      {loaded.state === 'loading' && <Spin description="正在加载数据看板" />}
      {loaded.state === 'failed' && <ListFailed title="数据看板加载失败" onRetry={reload} />}
      {loaded.state === 'ready' && (
        <>
          <StatCards label="数据看板" items={boardItems(loaded.data.board)} />
          <Card
            title="近7天趋势"
            size="small"
            className="stat-section"
            extra={<Link to="/manageCenter/statistics">查看数据统计</Link>}
          >
            <WeekLineChart week={loaded.data.week} label="近7天浏览、关注、合作申请与收藏趋势" height={240} />
          </Card>
        </>
      )}
    </section>
  );
}

function boardItems(board: DataBoard): StatItem[] {
  return [
    {
      key: 'abilities',
      label: '我的能力',
      value: board.abilityTotal,
      note: `已发布 ${board.abilityPublished}`,
      to: '/manageCenter/abilities',
    },
    {
      key: 'views',
      label: '今日浏览',
      value: board.viewsToday,
      note: `近7天 ${board.viewsWeek}`,
      to: '/manageCenter/statistics',
    },
    { key: 'followers', label: '企业关注', value: board.followers, to: '/manageCenter/userCenter/follows' },
    { key: 'collections', label: '能力收藏', value: board.collections, to: '/manageCenter/userCenter/follows' },
    {
      key: 'cooperation',
      label: '待处理合作',
      value: board.cooperationWaiting,
      note: `累计 ${board.cooperationTotal}`,
      to: '/manageCenter/userCenter/cooperation',
    },
    { key: 'needs', label: '新需求推送', value: board.newNeeds, to: '/manageCenter/need-push' },
  ];
}
