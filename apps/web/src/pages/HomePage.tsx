import { ApartmentOutlined, AppstoreOutlined, RobotOutlined } from '@ant-design/icons';
import type { HomeData } from '@liaison/protocol';
import { Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fetchHome } from '../api/catalogue';
import { SITE_NAME } from '../base/site';
import { ListFailed } from '../common/ListFailed';
import { supplyPath } from '../common/paths';
import { dataOf, useLoad } from '../common/use-load';
import { SiteSearchForm } from '../shell/SiteSearch';
import { ClusterCard } from './cluster/ClusterCard';
import { AbilityCard } from './common/AbilityCard';
import { CardSkeletons } from './common/PagedCards';
import { BannerCarousel } from './home/BannerCarousel';
import { ArticleRow, ChainCard, ExpertCard } from './home/ContentCards';
import { HomeSection } from './home/HomeSection';
import { PlatformFigures } from './home/PlatformFigures';
import './home/home.css';

const ENTRIES = [
  { to: supplyPath(), label: '找能力', icon: <AppstoreOutlined aria-hidden /> },
  { to: '/industry', label: '看产业链', icon: <ApartmentOutlined aria-hidden /> },
  { to: '/ai', label: '问AI助手', icon: <RobotOutlined aria-hidden /> },
];

/**
 * The home page (/index): the advertisement slots and platform figures, then featured abilities,
 * industry chains, enterprise clusters, new releases, news and experts, all from `portal/home`.
 */
export function HomePage() {
  const { loaded, reload } = useLoad('home', () => fetchHome().then(dataOf));
  const home = loaded.data;

  return (
    <section className="page home">
      <div className="home-hero">
        <div className="home-hero__text">
          <h1>{SITE_NAME}</h1>
          <p>连接供应链上下游企业：发布能力、寻找合作、在线沟通。</p>
          <SiteSearchForm variant="hero" />
          <nav className="home-hero__entries" aria-label="快速入口">
            {ENTRIES.map((entry) => (
              <Link key={entry.to} to={entry.to}>
                {entry.icon} {entry.label}
              </Link>
            ))}
          </nav>
          {home && <PlatformFigures figures={home.figures} />}
        </div>
        {home && home.banners.length > 0 && <BannerCarousel banners={home.banners} />}
      </div>
      {loaded.state === 'failed' && <ListFailed title="首页内容加载失败" onRetry={reload} />}
      {!home && loaded.state === 'loading' && <HomeSkeleton />}
      {home && <HomeSections home={home} />}
    </section>
  );
}

function HomeSections({ home }: { home: HomeData }) {
  return (
    <>
      <HomeSection title="精选能力" more={{ to: supplyPath(), label: '进入能力库' }}>
        <CardList label="精选能力" items={home.featuredAbilities} empty="还没有发布的能力">
          {(ability) => <AbilityCard ability={ability} />}
        </CardList>
      </HomeSection>
      <HomeSection title="产业链" more={{ to: '/industry', label: '查看产业链图谱' }}>
        <CardList label="产业链" items={home.chains} empty="还没有产业链" className="home-chains">
          {(chain) => <ChainCard chain={chain} />}
        </CardList>
      </HomeSection>
      <HomeSection title="企业集群" more={{ to: '/integrated', label: '全部集群' }}>
        <CardList label="企业集群" items={home.clusters} empty="还没有企业集群">
          {(cluster) => <ClusterCard cluster={cluster} />}
        </CardList>
      </HomeSection>
      <div className="home-columns">
        <HomeSection title="新品发布" more={{ to: '/newRelease', label: '更多新品' }}>
          <CardList label="新品发布" items={home.releases} empty="还没有新品发布" className="public-rows">
            {(article) => <ArticleRow article={article} />}
          </CardList>
        </HomeSection>
        <HomeSection title="行业资讯">
          <CardList label="行业资讯" items={home.news} empty="还没有资讯" className="public-rows">
            {(article) => <ArticleRow article={article} />}
          </CardList>
        </HomeSection>
      </div>
      <HomeSection title="专家风采" more={{ to: '/expert', label: '进入专家库' }}>
        <CardList label="专家风采" items={home.experts} empty="还没有入驻专家" className="public-grid home-experts">
          {(expert) => <ExpertCard expert={expert} />}
        </CardList>
      </HomeSection>
    </>
  );
}

interface CardListProps<T extends { id: string }> {
  label: string;
  items: T[];
  empty: string;
  className?: string;
  children: (item: T) => ReactNode;
}

function CardList<T extends { id: string }>({ label, items, empty, className, children }: CardListProps<T>) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul className={className ?? 'public-grid'} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

function HomeSkeleton() {
  return (
    <div className="public-section" aria-busy="true">
      <span className="visually-hidden">加载中</span>
      <Skeleton active title paragraph={false} />
      <CardSkeletons count={4} />
    </div>
  );
}
