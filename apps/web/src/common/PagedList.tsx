import { Empty, List, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { Page } from '../api/page';
import { ListFailed } from './ListFailed';
import { useIsPhone } from './use-is-phone';
import type { Loaded } from './use-load';

export const PAGE_SIZE = 10;

export interface ListCard {
  /** A picture at the card's start (a thumbnail). */
  avatar?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  actions: ReactNode[];
}

export interface PagedListProps<T> {
  loaded: Loaded<Page<T>>;
  reload: () => Promise<void>;
  pageNum: number;
  setPageNum: (page: number, size?: number) => void;
  pageSize?: number;
  rowKey: keyof T & string;
  emptyText: string;
  failedText: string;
  /** The table's columns; without them the list shows cards on every screen. */
  columns?: ColumnsType<T>;
  /** How a row reads as a card (on a phone, or always without columns); without it, always a table. */
  card?: (row: T) => ListCard;
  cardClassName?: string;
  cardLayout?: 'vertical';
  listClassName?: string;
  /** What the total counts: 共 N 条 unless told. */
  unit?: string;
  /** Lets the reader choose the page size (the admin lists). */
  sizeChanger?: boolean;
  /** Lets a wide table scroll sideways instead of squeezing its columns. */
  scrollX?: boolean;
}

/**
 * One page of a RuoYi-style list with its empty, loading and failed states: a table on wide screens,
 * cards on a phone.
 */
export function PagedList<T extends object>(props: PagedListProps<T>) {
  const { loaded, pageNum, setPageNum, pageSize = PAGE_SIZE, unit = '条' } = props;
  const isPhone = useIsPhone();
  if (loaded.state === 'failed') return <ListFailed title={props.failedText} onRetry={props.reload} />;
  const page = loaded.data;
  const pagination = {
    current: pageNum,
    pageSize,
    total: page?.total ?? 0,
    onChange: setPageNum,
    showTotal: (total: number) => `共 ${total} ${unit}`,
    simple: isPhone,
    showSizeChanger: props.sizeChanger === true,
  };
  const empty = <Empty description={props.emptyText} />;
  const { card: toCard } = props;
  if (toCard && (isPhone || !props.columns)) {
    return (
      <List
        className={props.listClassName}
        itemLayout={props.cardLayout}
        loading={loaded.state === 'loading'}
        dataSource={page?.rows ?? []}
        locale={{ emptyText: empty }}
        pagination={page && page.total > 0 ? { ...pagination, align: 'center' } : false}
        renderItem={(row) => {
          const card = toCard(row);
          return (
            <List.Item className={props.cardClassName} actions={card.actions}>
              <List.Item.Meta avatar={card.avatar} title={card.title} description={card.description} />
            </List.Item>
          );
        }}
      />
    );
  }
  return (
    <Table
      rowKey={props.rowKey}
      columns={props.columns}
      dataSource={page?.rows ?? []}
      loading={loaded.state === 'loading'}
      locale={{ emptyText: empty }}
      pagination={pagination}
      {...(props.scrollX ? { scroll: { x: 'max-content' } } : {})}
    />
  );
}

/** An admin list: rows by id, a table that scrolls sideways with a page-size choice, or vertical cards on a phone. */
export function AdminPagedList<T extends { id: string }>(
  props: Omit<PagedListProps<T>, 'rowKey' | 'cardClassName' | 'cardLayout' | 'sizeChanger' | 'scrollX'>,
) {
  return <PagedList {...props} rowKey="id" cardClassName="content__card" cardLayout="vertical" sizeChanger scrollX />;
}
