import type { ClusterDetail } from '@liaison/protocol';
import { Breadcrumb, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { fetchCluster } from '../api/content';
import { ListFailed } from '../common/ListFailed';
import { dataOf, useLoad } from '../common/use-load';
import { ClusterMeta } from './cluster/ClusterCard';
import { EnterpriseCard } from './common/EnterpriseCard';
import { PagedCards } from './common/PagedCards';
import { publicFileUrl } from './common/public-file';
import { readPageNum, useUrlParams } from './common/use-url-params';
import { Paragraphs } from './news/Paragraphs';
import './cluster/cluster.css';

const PAGE_SIZE = 12;

/** /integrated-detail?id= : a cluster's introduction and its member enterprises, paged in the address. */
export function IntegratedDetailPage() {
  const { params } = useUrlParams();
  const id = params.get('id') ?? '';
  const { loaded, reload } = useLoad(id, () =>
    id ? fetchCluster(id).then(dataOf) : Promise.reject(new Error('no id')),
  );
  const cluster = loaded.data;

  return (
    <div className="page">
      <Breadcrumb items={[{ title: <Link to="/integrated">企业集群</Link> }, { title: cluster?.name ?? '集群详情' }]} />
      {!id ? (
        <Result status="404" title="没有指定集群" extra={<Link to="/integrated">返回企业集群</Link>} />
      ) : loaded.state === 'failed' ? (
        <ListFailed title="集群加载失败" onRetry={() => void reload()} />
      ) : cluster === null ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <ClusterView cluster={cluster} />
      )}
    </div>
  );
}

function ClusterView({ cluster }: { cluster: ClusterDetail }) {
  const { params, update } = useUrlParams();
  const pageNum = readPageNum(params.get('pageNum'));
  const cover = publicFileUrl(cluster.cover);
  const start = (pageNum - 1) * PAGE_SIZE;
  const members = { rows: cluster.members.slice(start, start + PAGE_SIZE), total: cluster.members.length };
  return (
    <>
      <header className={cover ? 'cluster-hero' : 'cluster-hero cluster-hero--plain'}>
        {cover && <img className="cluster-hero__cover" src={cover} alt={`${cluster.name}封面`} />}
        <div className="cluster-hero__text">
          <h1>{cluster.name}</h1>
          <ClusterMeta cluster={cluster} className="cluster-hero__meta" />
        </div>
      </header>
      <section className="cluster-intro" aria-labelledby="cluster-intro-title">
        <h2 id="cluster-intro-title">集群介绍</h2>
        <Paragraphs text={cluster.introduction || cluster.summary} empty="该集群暂无介绍。" />
      </section>
      <section className="public-section" aria-labelledby="cluster-members-title">
        <div className="public-section__head">
          <h2 id="cluster-members-title">成员企业</h2>
        </div>
        <PagedCards
          loaded={{ state: 'ready', data: members }}
          reload={() => undefined}
          pageNum={pageNum}
          pageSize={PAGE_SIZE}
          onPage={(page) => update({ pageNum: page })}
          label="成员企业"
          rowKey={(enterprise) => enterprise.userId}
          renderCard={(enterprise) => <EnterpriseCard enterprise={enterprise} />}
          emptyText="该集群还没有成员企业"
          failedText="成员企业加载失败"
          unit="家企业"
        />
      </section>
    </>
  );
}
