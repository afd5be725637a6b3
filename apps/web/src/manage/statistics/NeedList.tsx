import { Empty, List, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { formatDate } from '../../common/format-time';
import { ListFailed } from '../../common/ListFailed';
import type { PagedList } from '../../common/use-paged-list';
import { runAction } from '../common/run-action';

export const NEED_PAGE_SIZE = 10;

interface NeedListProps<T> {
  list: PagedList<T>;
  pageNum: number;
  onPageChange: (pageNum: number) => void;
  emptyText: string;
  failedText: string;
  renderItem: (need: T) => ReactNode;
}

/** One page of needs with its loading, failed and empty states; paging once there is more than a page. */
export function NeedList<T extends { id: string }>(props: NeedListProps<T>) {
  const { list, pageNum } = props;
  if (list.hasFailed) return <ListFailed title={props.failedText} onRetry={list.reload} />;
  return (
    <List
      className="need-list"
      rowKey="id"
      loading={list.isLoading}
      dataSource={list.rows}
      locale={{ emptyText: <Empty description={props.emptyText} /> }}
      pagination={
        list.total > NEED_PAGE_SIZE
          ? {
              current: pageNum,
              pageSize: NEED_PAGE_SIZE,
              total: list.total,
              onChange: props.onPageChange,
              size: 'small',
            }
          : false
      }
      renderItem={props.renderItem}
    />
  );
}

interface NeedItemProps {
  need: { title: string; categoryName: string; content: string; createdAt: number };
  /** More tags after the category (closed, say). */
  tags?: ReactNode;
  /** Who published it, before the day. */
  publisher?: string;
  /** The abilities it matches. */
  matches: ReactNode;
  actions: ReactNode[];
}

/** A need as both tabs show it: title and category, who and when, what is wanted, the matching abilities. */
export function NeedItem({ need, tags, publisher, matches, actions }: NeedItemProps) {
  return (
    <List.Item className="need-item" aria-label={need.title} actions={actions}>
      <div className="need-item__body">
        <List.Item.Meta
          title={
            <Space wrap size={4}>
              <span>{need.title}</span>
              <Tag color="processing">{need.categoryName}</Tag>
              {tags}
            </Space>
          }
          description={
            <span className="need-item__meta">
              {publisher && <span>发布方：{publisher}</span>}
              <span>发布于 {formatDate(need.createdAt)}</span>
            </span>
          }
        />
        {need.content && <p className="need-item__content">{need.content}</p>}
        <div className="need-item__matches">{matches}</div>
      </div>
    </List.Item>
  );
}

/** A change to one need: that need's buttons are busy meanwhile; then it says so and the list reloads. */
export function useNeedAction(reload: () => Promise<void>) {
  const [busy, setBusy] = useState<string | null>(null);
  async function run(needId: string, action: () => Promise<{ msg: string }>, success?: string) {
    setBusy(needId);
    await runAction(action(), reload, success);
    setBusy(null);
  }
  return { busy, run };
}
