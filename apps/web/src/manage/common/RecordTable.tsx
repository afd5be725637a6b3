import { Empty, Table, type TableColumnsType } from 'antd';
import type { Page, PageQuery } from '../../api/page';
import { ListFailed } from '../../common/ListFailed';
import { PAGE_SIZE } from '../../common/PagedList';
import { dataOf, useLoad } from '../../common/use-load';

interface RecordTableProps<T> {
  fetchPage: (query: PageQuery) => Promise<{ data: Page<T> }>;
  pageNum: number;
  onPageChange(pageNum: number): void;
  /** Changes when the records should be fetched again (a payment or sign-in went through). */
  version: number;
  pageSize?: number;
  rowKey: keyof T & string;
  /** Columns hide themselves on a phone through `responsive`. */
  columns: TableColumnsType<T>;
  emptyText: string;
  failedText: string;
}

/** A compact, paged table of my own records (orders, the points ledger), newest first. */
export function RecordTable<T extends object>(props: RecordTableProps<T>) {
  const { pageNum, version, pageSize = PAGE_SIZE } = props;
  const { loaded, reload } = useLoad(`${pageNum}:${version}`, () =>
    props.fetchPage({ pageNum, pageSize }).then(dataOf),
  );
  if (loaded.state === 'failed') return <ListFailed title={props.failedText} onRetry={reload} />;
  return (
    <Table<T>
      rowKey={props.rowKey}
      size="small"
      columns={props.columns}
      dataSource={loaded.data?.rows ?? []}
      loading={loaded.state === 'loading'}
      locale={{ emptyText: <Empty description={props.emptyText} /> }}
      pagination={{
        current: pageNum,
        pageSize,
        total: loaded.data?.total ?? 0,
        onChange: props.onPageChange,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
    />
  );
}
