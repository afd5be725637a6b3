import type { MyNeed, NeedStatus } from '@liaison/protocol';
import { Button, Segmented, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { deleteNeed, fetchMeSeeking, type NeedQuery, setMeSeekingStatus } from '../../api/statistics';
import { usePagedList } from '../../common/use-paged-list';
import { ConfirmButton } from '../common/ConfirmButton';
import { NeedFormModal } from './NeedForm';
import { NEED_PAGE_SIZE, NeedItem, NeedList, useNeedAction } from './NeedList';
import { MY_TABS } from './need-text';

/** 我的需求: publish, close, reopen and delete my needs, and see the abilities matching each. */
export function MyNeeds() {
  const [status, setStatus] = useState<NeedStatus>(0);
  const [pageNum, setPageNum] = useState(1);
  const [isFormOpen, setFormOpen] = useState(false);
  const query = useMemo<NeedQuery>(() => ({ tab: status, pageNum, pageSize: NEED_PAGE_SIZE }), [status, pageNum]);
  const list = usePagedList(fetchMeSeeking, query);
  const { busy, run } = useNeedAction(list.reload);

  function handlePublished() {
    setFormOpen(false);
    if (status === 0 && pageNum === 1) void list.reload();
    setStatus(0);
    setPageNum(1);
  }

  const actions = (need: MyNeed) => {
    const next = need.status === 0 ? { status: 1 as const, label: '关闭' } : { status: 0 as const, label: '重新开启' };
    return [
      <Button
        key="status"
        size="small"
        loading={busy === need.id}
        aria-label={`${next.label}：${need.title}`}
        onClick={() => run(need.id, () => setMeSeekingStatus({ needId: need.id, status: next.status }))}
      >
        {next.label}
      </Button>,
      <ConfirmButton
        key="delete"
        size="small"
        danger
        aria-label={`删除：${need.title}`}
        question="确定删除该需求吗？"
        okText="删除"
        onConfirm={() => run(need.id, () => deleteNeed(need.id))}
      >
        删除
      </ConfirmButton>,
    ];
  };

  return (
    <>
      <div className="need-toolbar">
        <Segmented
          aria-label="需求状态"
          value={status}
          onChange={(value) => {
            setStatus(value as NeedStatus);
            setPageNum(1);
          }}
          options={MY_TABS.map((tab) => ({ value: tab.status, label: tab.label }))}
        />
        <Button type="primary" onClick={() => setFormOpen(true)}>
          发布需求
        </Button>
      </div>
      <NeedList
        list={list}
        pageNum={pageNum}
        onPageChange={setPageNum}
        emptyText={status === 0 ? '还没有进行中的需求，点击“发布需求”开始' : '没有已关闭的需求'}
        failedText="我的需求加载失败"
        renderItem={(need) => (
          <NeedItem
            need={need}
            actions={actions(need)}
            matches={
              <>
                <span>
                  匹配能力 {need.matchCount} 个{need.matchCount > 0 ? '：' : ''}
                </span>
                {need.matches.map((match) => (
                  <Tag key={match.id} color={match.interested ? 'success' : 'default'}>
                    {match.enterpriseName} · {match.productName}
                    {match.interested && '（对方感兴趣）'}
                  </Tag>
                ))}
                {need.matchCount > need.matches.length && <span>等</span>}
              </>
            }
          />
        )}
      />
      <NeedFormModal isOpen={isFormOpen} onClose={() => setFormOpen(false)} onPublished={handlePublished} />
    </>
  );
}
