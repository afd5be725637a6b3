import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { Page } from '../../api/page';
import { ListFailed } from '../../common/ListFailed';
import type { Loaded } from '../../common/use-load';
import { ListPager } from './ListPager';
import './public.css';

interface PagedCardsProps<T> {
  loaded: Loaded<Page<T>>;
  reload: () => void;
  pageNum: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The list's accessible name, e.g. 能力列表. */
  label: string;
  rowKey: (row: T) => string;
  renderCard: (row: T) => ReactNode;
  emptyText: string;
  failedText: string;
  /** What the total counts: 共 N 项 unless told. */
  unit?: string;
}

/**
 * A page of cards with its states: skeletons on the first load, the previous page dimmed while
 * the next one loads, empty, failed with a retry, a page past the end, and the pager.
 */
export function PagedCards<T>(props: PagedCardsProps<T>) {
  const { loaded, pageNum, pageSize } = props;
  if (loaded.state === 'failed') return <ListFailed title={props.failedText} onRetry={props.reload} />;
  const page = loaded.data;
  if (!page) return <CardSkeletons count={Math.min(pageSize, 6)} />;
  if (page.rows.length === 0) {
    const isPastEnd = page.total > 0 && pageNum > 1;
    return (
      <Empty description={isPastEnd ? '这一页没有内容了' : props.emptyText}>
        {isPastEnd && (
          <Button type="primary" onClick={() => props.onPage(1)}>
            回到第一页
          </Button>
        )}
      </Empty>
    );
  }
  return (
    <div className="public-list" aria-busy={loaded.state === 'loading'}>
      <ul className="public-grid" aria-label={props.label}>
        {page.rows.map((row) => (
          <li key={props.rowKey(row)}>{props.renderCard(row)}</li>
        ))}
      </ul>
      <ListPager current={pageNum} pageSize={pageSize} total={page.total} onChange={props.onPage} unit={props.unit} />
    </div>
  );
}

/** Card-shaped placeholders while a list loads for the first time. */
export function CardSkeletons({ count }: { count: number }) {
  return (
    <ul className="public-grid" aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={index} className="public-card public-card--skeleton">
          <div className="public-card__cover" />
          <Skeleton active title paragraph={{ rows: 2 }} />
        </li>
      ))}
    </ul>
  );
}
