import type { MyNeed, NeedStatus } from '@liaison/protocol';
import { Button, Empty, List, Popconfirm, Segmented, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { deleteNeed, fetchMeSeeking, type NeedQuery, setMeSeekingStatus } from '../../api/statistics';
import { feedback } from '../../app/feedback';
import { ListFailed } from '../common/ListFailed';
import { usePagedList } from '../common/use-paged-list';
import { NeedFormModal } from './NeedForm';
import { formatDay, MY_TABS } from './need-text';

const PAGE_SIZE = 10;

/** 我的需求: publish, close, reopen and delete my needs, and see the abilities matching each. */
export function MyNeeds() {
  const [status, setStatus] = useState<NeedStatus>(0);
  const [pageNum, setPageNum] = useState(1);
  const [isFormOpen, setFormOpen] = useState(false);
  const query = useMemo<NeedQuery>(() => ({ tab: status, pageNum, pageSize: PAGE_SIZE }), [status, pageNum]);
  const list = usePagedList(fetchMeSeeking, query);
  const [busy, setBusy] = useState<string | null>(null);

  async function act(need: MyNeed, action: () => Promise<{ msg: string }>) {
    setBusy(need.id);
    try {
      feedback.message.success((await action()).msg);
      await list.reload();
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setBusy(null);
    }
  }

  function handlePublished() {
    setFormOpen(false);
    if (status === 0 && pageNum === 1) void list.reload();
    setStatus(0);
    setPageNum(1);
  }

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
      {list.hasFailed ? (
        <ListFailed title="我的需求加载失败" onRetry={list.reload} />
      ) : (
        <List
          className="need-list"
          loading={list.isLoading}
          dataSource={list.rows}
          locale={{
            emptyText: (
              <Empty description={status === 0 ? '还没有进行中的需求，点击“发布需求”开始' : '没有已关闭的需求'} />
            ),
          }}
          pagination={
            list.total > PAGE_SIZE
              ? { current: pageNum, pageSize: PAGE_SIZE, total: list.total, onChange: setPageNum, size: 'small' }
              : false
          }
          renderItem={(need) => (
            <List.Item
              className="need-item"
              aria-label={need.title}
              actions={[
                <Button
                  key="status"
                  size="small"
                  loading={busy === need.id}
                  aria-label={`${need.status === 0 ? '关闭' : '重新开启'}：${need.title}`}
                  onClick={() =>
                    act(need, () => setMeSeekingStatus({ needId: need.id, status: need.status === 0 ? 1 : 0 }))
                  }
                >
                  {need.status === 0 ? '关闭' : '重新开启'}
                </Button>,
                <Popconfirm
                  key="delete"
                  title="确定删除该需求吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => act(need, () => deleteNeed(need.id))}
                >
                  <Button size="small" danger aria-label={`删除：${need.title}`}>
                    删除
                  </Button>
                </Popconfirm>,
              ]}
            >
              <div className="need-item__body">
                <List.Item.Meta
                  title={
                    <Space wrap size={4}>
                      <span>{need.title}</span>
                      <Tag color="blue">{need.categoryName}</Tag>
                    </Space>
                  }
                  description={<span className="need-item__meta">发布于 {formatDay(need.createdAt)}</span>}
                />
                {need.content && <p className="need-item__content">{need.content}</p>}
                <div className="need-item__matches">
                  <span>
                    匹配能力 {need.matchCount} 个{need.matchCount > 0 ? '：' : ''}
                  </span>
                  {need.matches.map((match) => (
                    <Tag key={match.id} color={match.interested ? 'green' : 'default'}>
                      {match.enterpriseName} · {match.productName}
                      {match.interested && '（对方感兴趣）'}
                    </Tag>
                  ))}
                  {need.matchCount > need.matches.length && <span>等</span>}
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
      <NeedFormModal isOpen={isFormOpen} onClose={() => setFormOpen(false)} onPublished={handlePublished} />
    </>
  );
}
