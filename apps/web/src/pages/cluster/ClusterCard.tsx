import { EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import type { Cluster } from '@liaison/protocol';
import { Link } from 'react-router';
import { clusterPath } from '../../common/paths';
import { CardCover } from '../common/CardCover';
import { publicFileUrl } from '../common/public-file';

/** An enterprise cluster as lists show it: cover, name, region, member count; the card opens it. */
export function ClusterCard({ cluster }: { cluster: Cluster }) {
  return (
    <Link to={clusterPath(cluster.id)} className="public-card">
      <CardCover src={publicFileUrl(cluster.cover)} alt={`${cluster.name}封面`} initials={cluster.name.slice(0, 2)} />
      <div className="public-card__body">
        <h3 className="public-card__title">{cluster.name}</h3>
        {cluster.summary && <p className="public-card__text">{cluster.summary}</p>}
        <ClusterMeta cluster={cluster} className="public-card__meta public-card__meta--quiet" />
      </div>
    </Link>
  );
}

/** Where a cluster is and how many enterprises it holds. */
export function ClusterMeta({ cluster, className }: { cluster: Cluster; className: string }) {
  return (
    <p className={className}>
      {cluster.region && (
        <span>
          <EnvironmentOutlined aria-hidden /> {cluster.region}
        </span>
      )}
      <span>
        <TeamOutlined aria-hidden /> {cluster.memberCount} 家成员企业
      </span>
    </p>
  );
}
