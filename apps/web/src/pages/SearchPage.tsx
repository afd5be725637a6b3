import type { PortalSearchResult, PortalSearchType } from '@liaison/protocol';
import { Alert, Empty, Skeleton, Tabs } from 'antd';
import { useRef } from 'react';
import { searchPortal } from '../api/catalogue';
import { ListFailed } from '../common/ListFailed';
import { dataOf, useLoad } from '../common/use-load';
import { bringTopIntoView } from './common/bring-top-into-view';
import { useUrlParams } from './common/use-url-params';
import { SearchBox } from './search/SearchBox';
import { AllResults, TypeResults } from './search/SearchResults';
import { keywordProblem, pageSizeOf, readSearchState, SEARCH_TABS } from './search/search-query';
import './common/public.css';
import './search/search.css';

/**
 * /search (gated): one search over abilities, enterprises, experts and news. The keywords, tab
 * and page live in the address; typing searches after a pause; matches come marked by the server.
 */
export function SearchPage() {
  const { params, update } = useUrlParams();
  const state = readSearchState(params);
  const problem = keywordProblem(state.keyword);
  const query = {
    keyword: state.keyword,
    type: state.type,
    pageNum: state.type === 'all' ? 1 : state.pageNum,
    pageSize: pageSizeOf(state.type),
  };
  const isSearching = state.keyword !== '' && problem === null;
  const { loaded, reload } = useLoad<PortalSearchResult | null>(isSearching ? JSON.stringify(query) : '', () =>
    isSearching ? searchPortal(query).then(dataOf) : Promise.resolve(null),
  );
  const result = isSearching ? loaded.data : null;
  const resultsRef = useRef<HTMLDivElement>(null);

  function handleMore(type: PortalSearchType) {
    update({ type, pageNum: null });
    // From a section far down the all view, the tab's list starts at the top of the results.
    bringTopIntoView(resultsRef.current);
  }

  const tabs = SEARCH_TABS.map(({ type, label }) => {
    const total = type === 'all' || !result ? null : result[type].total;
    return { key: type, label: total === null ? label : `${label} ${total}` };
  });

  return (
    <section className="page search">
      <h1 className="visually-hidden">搜索</h1>
      <SearchBox
        keyword={state.keyword}
        onSearch={(keyword) => update({ keyword, pageNum: null }, { replace: true })}
      />
      <Tabs
        className="search__tabs"
        activeKey={state.type}
        items={tabs}
        onChange={(type) => update({ type, pageNum: null })}
      />
      {problem && <Alert type="error" showIcon title={problem} />}
      {!state.keyword && (
        <Empty className="search-empty" description="输入关键词，搜索平台上的能力、企业、专家和资讯" />
      )}
      {isSearching && loaded.state === 'failed' && <ListFailed title="搜索失败" onRetry={reload} />}
      {isSearching && loaded.state === 'loading' && !result && <Skeleton active paragraph={{ rows: 6 }} />}
      {result && (
        <div ref={resultsRef} aria-busy={loaded.state === 'loading'} className="search__results">
          {state.type === 'all' ? (
            <AllResults result={result} onMore={handleMore} />
          ) : (
            <TypeResults
              type={state.type}
              result={result}
              pageNum={state.pageNum}
              onPage={(pageNum) => update({ pageNum })}
            />
          )}
        </div>
      )}
    </section>
  );
}
