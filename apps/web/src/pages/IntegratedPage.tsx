import { Empty } from 'antd';
import { fetchClusters } from '../api/content';
import { ListFailed } from '../common/ListFailed';
import { dataOf, useLoad } from '../common/use-load';
import { ClusterCard } from './cluster/ClusterCard';
import { EnterpriseDirectory } from './cluster/EnterpriseDirectory';
import { CardSkeletons } from './common/PagedCards';
import './cluster/cluster.css';

/** /integrated 企业集群: the platform's enterprise clusters, then every enterprise, searchable. */
export function IntegratedPage() {
  const { loaded, reload } = useLoad('clusters', () => fetchClusters().then(dataOf));
  const clusters = loaded.data;
  return (
    <div className="page">
      <header className="public-head">
        <div>
          <h1>企业集群</h1>
          <p>按区域和产业聚集的企业集群，一站找到同一产业带上的合作伙伴。</p>
        </div>
      </header>
      {loaded.state === 'failed' ? (
        <ListFailed title="企业集群加载失败" onRetry={() => void reload()} />
      ) : clusters === null ? (
        <CardSkeletons count={3} />
      ) : clusters.length === 0 ? (
        <Empty description="平台还没有发布企业集群" />
      ) : (
        <ul className="public-grid" aria-label="企业集群">
          {clusters.map((cluster) => (
            <li key={cluster.id}>
              <ClusterCard cluster={cluster} />
            </li>
          ))}
        </ul>
      )}
      <EnterpriseDirectory />
    </div>
  );
}
