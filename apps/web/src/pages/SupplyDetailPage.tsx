import { Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { fetchAbilityDetail } from '../api/catalogue';
import { supplyPath } from '../common/paths';
import { dataOf, useLoad } from '../common/use-load';
import { RecordFailed } from './common/RecordFailed';
import { AbilityDetailView } from './supply/AbilityDetailView';
import './supply/supply.css';

const BACK = { label: '返回能力库', to: supplyPath() };

/**
 * /supplyDetail?id=: one published ability with its enterprise (gated: the route guard lets only
 * logged-in users with the beta or the AI permission here). Reading it counts a view.
 */
export function SupplyDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const { loaded, reload } = useLoad(`ability:${id}`, () =>
    id ? fetchAbilityDetail(id).then(dataOf) : Promise.reject(new Error('no id')),
  );

  if (!id) return <RecordFailed title="没有指定要查看的能力" back={BACK} />;
  if (loaded.state === 'failed') {
    return <RecordFailed title="能力加载失败" subTitle="该能力可能已下架或不存在" onRetry={reload} back={BACK} />;
  }
  if (!loaded.data) {
    return (
      <section className="page" aria-busy="true" aria-label="加载中">
        <Skeleton active avatar={{ shape: 'square', size: 160 }} paragraph={{ rows: 4 }} />
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    );
  }
  return <AbilityDetailView ability={loaded.data} />;
}
