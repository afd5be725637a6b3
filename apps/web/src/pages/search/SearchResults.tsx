import { RightOutlined } from '@ant-design/icons';
import type { Hit, PortalSearchResult, PortalSearchType } from '@liaison/protocol';
import { Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import { ListPager } from '../common/ListPager';
import { AbilityHit, EnterpriseHit, ExpertHit, NewsHit } from './SearchHits';
import { SEARCH_PAGE_SIZE, SEARCH_TABS } from './search-query';

type HitType = Exclude<PortalSearchType, 'all'>;

const LABEL = new Map(SEARCH_TABS.map((tab) => [tab.type, tab.label]));
const HIT_TYPES: readonly HitType[] = ['ability', 'enterprise', 'expert', 'news'];

/** The all view: each type's first few hits and the way to the rest; one message when nothing matched. */
export function AllResults({ result, onMore }: { result: PortalSearchResult; onMore: (type: HitType) => void }) {
  const found = HIT_TYPES.filter((type) => result[type].total > 0);
  if (found.length === 0) return <NoResult keywords={result.keywords} />;
  return (
    <>
      {found.map((type) => (
        <section key={type} className="search-section" aria-label={`${LABEL.get(type)}结果`}>
          <div className="public-section__head">
            <h2>
              {LABEL.get(type)} <small>{result[type].total} 条</small>
            </h2>
            {result[type].total > result[type].hits.length && (
              <Button type="link" onClick={() => onMore(type)}>
                查看全部{LABEL.get(type)} <RightOutlined aria-hidden />
              </Button>
            )}
          </div>
          <Hits type={type} result={result} />
        </section>
      ))}
    </>
  );
}

interface TypeResultsProps {
  type: HitType;
  result: PortalSearchResult;
  pageNum: number;
  onPage: (page: number) => void;
}

/** One type's tab: a page of its hits and the pager. */
export function TypeResults({ type, result, pageNum, onPage }: TypeResultsProps) {
  const section = result[type];
  if (section.hits.length === 0) {
    return section.total > 0 ? (
      <Empty description="这一页没有内容了">
        <Button type="primary" onClick={() => onPage(1)}>
          回到第一页
        </Button>
      </Empty>
    ) : (
      <NoResult keywords={result.keywords} what={LABEL.get(type)} />
    );
  }
  return (
    <section aria-label={`${LABEL.get(type)}结果`}>
      <Hits type={type} result={result} />
      <ListPager current={pageNum} pageSize={SEARCH_PAGE_SIZE} total={section.total} onChange={onPage} unit="条" />
    </section>
  );
}

function Hits({ type, result }: { type: HitType; result: PortalSearchResult }) {
  const label = `${LABEL.get(type)}结果列表`;
  switch (type) {
    case 'ability':
      return <HitList label={label} isGrid hits={result.ability.hits} keyOf={(item) => item.id} render={AbilityHit} />;
    case 'enterprise':
      return (
        <HitList
          label={label}
          isGrid
          hits={result.enterprise.hits}
          keyOf={(item) => item.userId}
          render={EnterpriseHit}
        />
      );
    case 'expert':
      return <HitList label={label} hits={result.expert.hits} keyOf={(item) => item.id} render={ExpertHit} />;
    case 'news':
      return <HitList label={label} hits={result.news.hits} keyOf={(item) => item.id} render={NewsHit} />;
  }
}

interface HitListProps<T> {
  label: string;
  hits: Hit<T>[];
  keyOf: (item: T) => string;
  render: (props: { hit: Hit<T> }) => ReactNode;
  /** Cards in a grid (abilities, enterprises) rather than rows. */
  isGrid?: boolean;
}

function HitList<T>({ label, hits, keyOf, render: Render, isGrid }: HitListProps<T>) {
  return (
    <ul className={isGrid ? 'public-grid' : 'public-rows'} aria-label={label}>
      {hits.map((hit) => (
        <li key={keyOf(hit.item)}>
          <Render hit={hit} />
        </li>
      ))}
    </ul>
  );
}

function NoResult({ keywords, what = '' }: { keywords: string[]; what?: string }) {
  return (
    <Empty
      className="search-empty"
      description={
        <>
          <p>
            没有找到同时包含“{keywords.join('”“')}”的{what}结果
          </p>
          <p className="search-empty__tip">试试减少关键词，或换一个说法</p>
        </>
      }
    />
  );
}
