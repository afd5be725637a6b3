import type { PublicAbility } from '@liaison/protocol';
import { Alert, Button, Segmented, Tabs } from 'antd';
import { fetchCategories } from '../api/abilities';
import { fetchPublicAbilities } from '../api/catalogue';
import { dataOf, useLoad } from '../common/use-load';
import { AbilityCard } from './common/AbilityCard';
import { KeywordSearch } from './common/KeywordSearch';
import { PagedCards } from './common/PagedCards';
import { useUrlParams } from './common/use-url-params';
import { readSupplyQuery, SORT_OPTIONS, type SupplySort, supplyParams, toListQuery } from './supply/supply-query';
import './supply/supply.css';

/**
 * The capability library (spec §2 `/supply?currentPage=1&activeKey=0`): published abilities by
 * category tab, keywords and order, a page at a time. The whole filter lives in the address, so
 * back/forward and a shared link show the same list.
 */
export function SupplyPage() {
  const { params, update } = useUrlParams();
  const query = readSupplyQuery(params);
  const categories = useLoad('categories', () => fetchCategories().then(dataOf));
  const list = useLoad(JSON.stringify(query), () => fetchPublicAbilities(toListQuery(query)).then(dataOf));
  const change = (next: Parameters<typeof supplyParams>[0]) => update(supplyParams(next));

  const tabs = [
    { key: '0', label: '全部' },
    ...(categories.loaded.data ?? []).map((category) => ({ key: String(category.id), label: category.name })),
  ];

  return (
    <section className="page supply">
      <div className="public-head">
        <div>
          <h1>能力库</h1>
          <p>平台认证企业发布的研发、制造、检测、仓储与服务能力</p>
        </div>
        <KeywordSearch
          className="supply__search"
          label="搜索能力"
          value={query.keyword}
          onSearch={(keyword) => change({ keyword })}
          placeholder="能力名称、简介或关键词，空格分隔多个"
        />
      </div>
      {categories.loaded.state === 'failed' && (
        <Alert
          type="warning"
          showIcon
          title="能力分类加载失败"
          action={
            <Button size="small" onClick={categories.reload}>
              重试
            </Button>
          }
        />
      )}
      <div className="supply__filters">
        <Tabs
          className="supply__tabs"
          activeKey={String(query.categoryId)}
          items={tabs}
          onChange={(key) => change({ categoryId: Number(key) })}
        />
        <Segmented<SupplySort>
          aria-label="排序"
          value={query.sort}
          options={[...SORT_OPTIONS]}
          onChange={(sort) => change({ sort })}
        />
      </div>
      {query.keyword && list.loaded.state === 'ready' && (
        <p className="supply__summary" role="status">
          “{query.keyword}”共找到 {list.loaded.data.total} 项能力
        </p>
      )}
      <PagedCards<PublicAbility>
        loaded={list.loaded}
        reload={list.reload}
        pageNum={query.pageNum}
        pageSize={query.pageSize}
        onPage={(pageNum) => change({ pageNum })}
        label="能力列表"
        rowKey={(ability) => ability.id}
        renderCard={(ability) => <AbilityCard ability={ability} />}
        emptyText={query.keyword ? '没有找到匹配的能力，换个关键词试试' : '这个分类还没有发布的能力'}
        failedText="能力列表加载失败"
      />
    </section>
  );
}
