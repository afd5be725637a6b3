import { CheckCircleFilled, GiftOutlined } from '@ant-design/icons';
import { type PointsInfo, type PointsLedgerRow, PortalPermission } from '@liaison/protocol';
import { Button, Card, Skeleton, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { fetchPointsInfo, fetchPointsLedger, signInToday } from '../../api/vip';
import { useHasPermi } from '../../auth/Permission';
import { feedback } from '../../base/feedback';
import { formatTime } from '../../common/format-time';
import { ListFailed } from '../../common/ListFailed';
import { dataOf, useLoad } from '../../common/use-load';
import { NoAccess } from '../common/access';
import { RecordTable } from '../common/RecordTable';
import { dayLabel } from './vip/format';
import './vip/vip.css';

/** 积分签到: the balance, today's sign-in and streak, the last 7 days, and the points ledger. */
export function PointsPage() {
  const maySignIn = useHasPermi([PortalPermission.POINTS_SIGN_IN]);
  if (!maySignIn) {
    return <NoAccess title="积分签到" reason="当前账号无权签到" hint="子账号不参与积分与签到。" />;
  }
  return <PointsCentre />;
}

function PointsCentre() {
  const [version, setVersion] = useState(0);
  const [pageNum, setPageNum] = useState(1);
  const [signing, setSigning] = useState(false);
  const info = useLoad(`info:${version}`, () => fetchPointsInfo().then(dataOf));

  async function handleSignIn() {
    setSigning(true);
    try {
      const { data } = await signInToday();
      if (data.isNew) feedback.message.success(`签到成功，获得 ${data.points} 积分，已连续签到 ${data.streak} 天`);
      else feedback.message.info('今日已签到，明天再来吧');
      setPageNum(1);
      setVersion((v) => v + 1);
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSigning(false);
    }
  }

  return (
    <section className="page points-page">
      <h1 className="page__title">积分签到</h1>
      {info.loaded.state === 'failed' ? (
        <ListFailed title="积分信息加载失败" onRetry={info.reload} />
      ) : info.loaded.data ? (
        <SignInCard info={info.loaded.data} signing={signing} onSignIn={handleSignIn} />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
      <h2 className="points-page__heading">积分明细</h2>
      <Ledger pageNum={pageNum} onPageChange={setPageNum} version={version} />
    </section>
  );
}

interface SignInCardProps {
  info: PointsInfo;
  signing: boolean;
  onSignIn(): void;
}

function SignInCard({ info, signing, onSignIn }: SignInCardProps) {
  return (
    <Card>
      <div className="points-summary">
        <div className="points-summary__figure">
          <span className="points-summary__label">积分余额</span>
          <span className="points-summary__value points-summary__value--balance">{info.balance}</span>
        </div>
        <div className="points-summary__figure">
          <span className="points-summary__label">连续签到</span>
          <span className="points-summary__value">{info.streak} 天</span>
        </div>
        <div className="points-summary__action">
          <Button
            type="primary"
            size="large"
            icon={info.signedToday ? <CheckCircleFilled /> : <GiftOutlined />}
            disabled={info.signedToday}
            loading={signing}
            onClick={onSignIn}
          >
            {info.signedToday ? '今日已签到' : '立即签到'}
          </Button>
          <span className="points-summary__label">
            {info.signedToday ? `明日签到可得 ${info.nextAward} 积分` : `今日签到可得 ${info.nextAward} 积分`}
          </span>
        </div>
      </div>
      <ol className="points-week" aria-label="近7天签到">
        {info.days.map((day) => {
          const label = dayLabel(day.day);
          const isToday = day.day === info.today;
          const className = `points-day${day.signed ? ' points-day--signed' : ''}${isToday ? ' points-day--today' : ''}`;
          return (
            <li key={day.day} className={className} aria-label={`${day.day}${day.signed ? '已签到' : '未签到'}`}>
              <span>{isToday ? '今天' : label.weekday}</span>
              <span className="points-day__mark" aria-hidden>
                {day.signed ? <CheckCircleFilled /> : <GiftOutlined />}
              </span>
              <span>{day.signed ? `+${day.points}` : label.date}</span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

const COLUMNS: TableColumnsType<PointsLedgerRow> = [
  { title: '时间', key: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
  { title: '说明', dataIndex: 'reason', key: 'reason' },
  {
    title: '变动',
    key: 'delta',
    align: 'right',
    render: (_, row) => (
      <span className={row.delta >= 0 ? 'points-delta--in' : 'points-delta--out'}>
        {row.delta >= 0 ? `+${row.delta}` : row.delta}
      </span>
    ),
  },
  { title: '余额', dataIndex: 'balance', key: 'balance', align: 'right', responsive: ['sm'] },
];

interface LedgerProps {
  pageNum: number;
  onPageChange(pageNum: number): void;
  version: number;
}

function Ledger(props: LedgerProps) {
  return (
    <RecordTable<PointsLedgerRow>
      {...props}
      fetchPage={fetchPointsLedger}
      rowKey="id"
      columns={COLUMNS}
      emptyText="暂无积分记录，签到即可获得积分"
      failedText="积分明细加载失败"
    />
  );
}
