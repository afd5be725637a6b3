import type { NeedMark, PushedNeed } from '@liaison/protocol';
import { Button, Empty, List, Segmented, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { fetchSeekingMe, markSeekingMe, type NeedQuery } from '../../api/statistics';
import { feedback } from '../../app/feedback';
import { ListFailed } from '../common/ListFailed';
import { usePagedList } from '../common/use-paged-list';
import { formatDay, MARK_TAGS, PUSHED_TABS } from './need-text';

const PAGE_SIZE = 10;

/** 推送给我: others' needs matching my published abilities, marked interested or ignored. */
export function PushedNeeds() {
  const [mark, setMark] = useState<NeedMark>(0);
  const [pageNum, setPageNum] = useState(1);
  const query = useMemo<NeedQuery>(() => ({ tab: mark, pageNum, pageSize: PAGE_SIZE }), [mark, pageNum]);
  const list = usePagedList(fetchSeekingMe, query);
  const [busy, setBusy] = useState<string | null>(null);

  async function handleMark(need: PushedNeed, status: NeedMark) {
    setBusy(need.id);
    try {
      await markSeekingMe({ needId: need.id, status });
      feedback.message.success(status === 1 ? '已标记为感兴趣' : status === 2 ? '已忽略该需求' : '已撤销标记');
      await list.reload();
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Segmented
        aria-label="推送状态"
        value={mark}
        onChange={(value) => {
          setMark(value as NeedMark);
          setPageNum(1);
        }}
        options={PUSHED_TABS.map((tab) => ({ value: tab.mark, label: tab.label }))}
      />
      {list.hasFailed ? (
        <ListFailed title="需求推送加载失败" onRetry={list.reload} />
      ) : (
        <List
          className="need-list"
          loading={list.isLoading}
          dataSource={list.rows}
          locale={{ emptyText: <Empty description={EMPTY[mark]} /> }}
          pagination={
            list.total > PAGE_SIZE
              ? { current: pageNum, pageSize: PAGE_SIZE, total: list.total, onChange: setPageNum, size: 'small' }
              : false
          }
          renderItem={(need) => (
            <List.Item
              className="need-item"
              actions={actionsFor(need, busy === need.id, handleMark)}
              aria-label={need.title}
            >
              <div className="need-item__body">
                <List.Item.Meta
                  title={
                    <Space wrap size={4}>
                      <span>{need.title}</span>
                      <Tag color="blue">{need.categoryName}</Tag>
                      {need.status === 1 && <Tag>已关闭</Tag>}
                    </Space>
                  }
                  description={
                    <span className="need-item__meta">
                      <span>发布方：{need.publisherName}</span>
                      <span>发布于 {formatDay(need.createdAt)}</span>
                    </span>
                  }
                />
                {need.content && <p className="need-item__content">{need.content}</p>}
                <div className="need-item__matches">
                  <span>匹配我的能力：</span>
                  {need.abilities.map((ability) => (
                    <Tag key={ability.id} color={MARK_TAGS[ability.mark].color}>
                      {ability.productName}
                      {ability.mark !== 0 && `（${MARK_TAGS[ability.mark].label}）`}
                    </Tag>
                  ))}
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
    </>
  );
}

const EMPTY: Record<NeedMark, string> = {
  0: '暂无新的需求推送，发布更多能力可获得更多匹配',
  1: '还没有标记感兴趣的需求',
  2: '没有已忽略的需求',
};

function actionsFor(need: PushedNeed, isBusy: boolean, onMark: (need: PushedNeed, status: NeedMark) => void) {
  if (need.status === 1) return [];
  const button = (status: NeedMark, label: string, isPrimary = false) => (
    <Button
      key={status}
      size="small"
      type={isPrimary ? 'primary' : 'default'}
      loading={isBusy}
      onClick={() => onMark(need, status)}
      aria-label={`${label}：${need.title}`}
    >
      {label}
    </Button>
  );
  return [
    need.mark !== 1 && button(1, '感兴趣', true),
    need.mark !== 2 && button(2, '忽略'),
    need.mark !== 0 && button(0, '撤销标记'),
  ].filter(Boolean);
}
