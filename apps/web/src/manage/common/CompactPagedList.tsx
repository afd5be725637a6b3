import { Empty, List } from 'antd';
import type { ReactNode } from 'react';
import { ListFailed } from '../../common/ListFailed';
import type { PagedList } from '../../common/use-paged-list';

interface CompactPagedListProps<T> {
  list: PagedList<T>;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  rowKey: keyof T & string;
  emptyText: string;
  failedText: string;
  className?: string;
  renderItem: (row: T) => ReactNode;
}

/** A short list in a card or a drawer: its failure with a retry, its empty text, small pages once there is more than one. */
export function CompactPagedList<T>({
  list,
  pageNum,
  pageSize,
  onPage,
  rowKey,
  emptyText,
  failedText,
  className,
  renderItem,
}: CompactPagedListProps<T>) {
  if (list.hasFailed) return <ListFailed title={failedText} onRetry={() => void list.reload()} />;
  return (
    <List<T>
      className={className}
      loading={list.isLoading}
      dataSource={list.rows}
      rowKey={rowKey}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      pagination={
        list.total > pageSize
          ? { current: pageNum, pageSize, total: list.total, onChange: onPage, size: 'small' }
          : false
      }
      renderItem={renderItem}
    />
  );
}
