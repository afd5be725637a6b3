import type { NeedMark, PushedNeed } from '@liaison/protocol';
import { Button, Segmented, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { fetchSeekingMe, markSeekingMe, type NeedQuery } from '../../api/statistics';
import { usePagedList } from '../../common/use-paged-list';
import { NEED_PAGE_SIZE, NeedItem, NeedList, useNeedAction } from './NeedList';
import { MARK_TAGS, PUSHED_TABS } from './need-text';

const EMPTY: Record<NeedMark, string> = {
  0: '暂无新的需求推送，发布更多能力可获得更多匹配',
  1: '还没有标记感兴趣的需求',
  2: '没有已忽略的需求',
};

const MARKED: Record<NeedMark, string> = { 0: '已撤销标记', 1: '已标记为感兴趣', 2: '已忽略该需求' };

/** 推送给我: others' needs matching my published abilities, marked interested or ignored. */
export function PushedNeeds() {
  const [mark, setMark] = useState<NeedMark>(0);
  const [pageNum, setPageNum] = useState(1);
  const query = useMemo<NeedQuery>(() => ({ tab: mark, pageNum, pageSize: NEED_PAGE_SIZE }), [mark, pageNum]);
  const list = usePagedList(fetchSeekingMe, query);
  const { busy, run } = useNeedAction(list.reload);

  const actions = (need: PushedNeed) => {
    if (need.status === 1) return [];
    const button = (status: NeedMark, label: string, isPrimary = false) => (
      <Button
        key={status}
        size="small"
        type={isPrimary ? 'primary' : 'default'}
        loading={busy === need.id}
        onClick={() => run(need.id, () => markSeekingMe({ needId: need.id, status }), MARKED[status])}
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
  };

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
      <NeedList
        list={list}
        pageNum={pageNum}
        onPageChange={setPageNum}
        emptyText={EMPTY[mark]}
        failedText="需求推送加载失败"
        renderItem={(need) => (
          <NeedItem
            need={need}
            publisher={need.publisherName}
            tags={need.status === 1 && <Tag>已关闭</Tag>}
            actions={actions(need)}
            matches={
              <>
                <span>匹配我的能力：</span>
                {need.abilities.map((ability) => (
                  <Tag key={ability.id} color={MARK_TAGS[ability.mark].color}>
                    {ability.productName}
                    {ability.mark !== 0 && `（${MARK_TAGS[ability.mark].label}）`}
                  </Tag>
                ))}
              </>
            }
          />
        )}
      />
    </>
  );
}
