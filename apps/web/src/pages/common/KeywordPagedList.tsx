import type { ReactNode } from 'react';
import type { Page, PageQuery } from '../../api/page';
import type { Envelope } from '../../api/types';
import { dataOf, useLoad } from '../../common/use-load';
import { KeywordSearch } from './KeywordSearch';
import { PagedCards } from './PagedCards';
import { readPageNum, useUrlParams } from './use-url-params';

export interface KeywordPageQuery extends PageQuery {
  keyword: string;
}

interface KeywordPagedListProps<T, F> {
  /** What stands before the search box in the list's head: its title, or its other filters. */
  head: ReactNode;
  headClassName: string;
  /** The list's other filters (the page reads them from the address), sent with keyword and page. */
  filters: F;
  load: (query: F & KeywordPageQuery) => Promise<Envelope<Page<T>>>;
  pageSize: number;
  search: { label: string; placeholder: string; className: string };
  /** The list's accessible name, e.g. 专家列表. */
  label: string;
  rowKey: (row: T) => string;
  renderCard: (row: T) => ReactNode;
  /** What an empty page says, knowing the keyword searched ('' for none). */
  emptyText: (keyword: string) => string;
  failedText: string;
  unit?: string;
}

/**
 * A public list searched by keyword, a page of cards at a time; keyword and page live in the
 * address (`keyword`, `pageNum`), so back/forward and a shared link show the same list. A new
 * keyword starts again at page 1.
 */
export function KeywordPagedList<T, F>(props: KeywordPagedListProps<T, F>) {
  const { filters, load, pageSize } = props;
  const { params, update } = useUrlParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const pageNum = readPageNum(params.get('pageNum'));
  const query = { ...filters, keyword, pageNum, pageSize };
  const { loaded, reload } = useLoad(JSON.stringify(query), () => load(query).then(dataOf));

  return (
    <>
      <div className={props.headClassName}>
        {props.head}
        <KeywordSearch
          value={keyword}
          label={props.search.label}
          placeholder={props.search.placeholder}
          className={props.search.className}
          onSearch={(value) => update({ keyword: value, pageNum: null })}
        />
      </div>
      <PagedCards
        loaded={loaded}
        reload={() => void reload()}
        pageNum={pageNum}
        pageSize={pageSize}
        onPage={(page) => update({ pageNum: page })}
        label={props.label}
        rowKey={props.rowKey}
        renderCard={props.renderCard}
        emptyText={props.emptyText(keyword)}
        failedText={props.failedText}
        unit={props.unit}
      />
    </>
  );
}
