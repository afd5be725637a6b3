import { ArrowRightOutlined } from '@ant-design/icons';
import type { PublicAbility } from '@liaison/protocol';
import { Link } from 'react-router';
import { fetchPublicAbilities } from '../../api/catalogue';
import { supplyPath } from '../../common/paths';
import { AbilityCard } from '../common/AbilityCard';
import { KeywordPagedList } from '../common/KeywordPagedList';
import './supply.css';

const PAGE_SIZE = 12;

export interface ServiceDescription {
  /** The page's class modifier (its colours). */
  variant: 'designs' | 'warehousing';
  title: string;
  intro: string;
  points: ReadonlyArray<{ title: string; text: string }>;
  /** The ability category the service lists (portal_product_categories). */
  categoryId: number;
  categoryName: string;
}

/**
 * A service page (/designs, /warehousing): what the service is, then the published abilities
 * of its category with keywords and paging in the address, and the way into the library.
 */
export function ServicePage({ service }: { service: ServiceDescription }) {
  const { categoryId, categoryName } = service;
  return (
    <section className="page">
      <div className={`service-hero service-hero--${service.variant}`}>
        <div>
          <h1>{service.title}</h1>
          <p>{service.intro}</p>
          <Link className="service-hero__cta" to={supplyPath(categoryId)}>
            在能力库中查看全部{categoryName}能力 <ArrowRightOutlined aria-hidden />
          </Link>
        </div>
        <ul className="service-hero__points">
          {service.points.map((point) => (
            <li key={point.title}>
              <strong>{point.title}</strong>
              <span>{point.text}</span>
            </li>
          ))}
        </ul>
      </div>
      <KeywordPagedList<PublicAbility, { categoryId: number }>
        head={<h2>{categoryName}能力</h2>}
        headClassName="public-section__head"
        filters={{ categoryId }}
        load={({ keyword, ...query }) => fetchPublicAbilities({ ...query, ...(keyword ? { keyword } : {}) })}
        pageSize={PAGE_SIZE}
        search={{
          label: `搜索${categoryName}能力`,
          placeholder: '能力名称、简介或关键词',
          className: 'supply__search',
        }}
        label={`${categoryName}能力列表`}
        rowKey={(ability) => ability.id}
        renderCard={(ability) => <AbilityCard ability={ability} />}
        emptyText={(keyword) => (keyword ? '没有找到匹配的能力，换个关键词试试' : `还没有企业发布${categoryName}能力`)}
        failedText="能力列表加载失败"
      />
    </section>
  );
}
