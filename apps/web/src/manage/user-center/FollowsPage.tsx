import { type CollectedAbility, type FollowedEnterprise, PortalPermission, type ViewRecord } from '@liaison/protocol';
import { Tabs, Tag } from 'antd';
import { useState } from 'react';
import {
  fetchCollectionPage,
  fetchFollowPage,
  fetchViewsOfMe,
  uncollectAbility,
  unfollowEnterprise,
} from '../../api/cooperation';
import { useHasPermi } from '../../auth/Permission';
import { formatTime } from '../../common/format-time';
import { PagedList } from '../../common/PagedList';
import { ConfirmButton } from '../common/ConfirmButton';
import { FilterBar } from '../common/FilterBar';
import { runAction } from '../common/run-action';
import { SearchBox } from '../common/SearchBox';
import { usePagedQuery } from '../common/use-paged-query';
import './cooperation/cooperation.css';

type TabKey = 'follows' | 'collections' | 'views';

/** What I follow and collect, and who looked at my enterprise (its page and abilities). */
export function FollowsPage() {
  const mayViewStatistics = useHasPermi([PortalPermission.STATISTICS_VIEW]);
  const [tab, setTab] = useState<TabKey>('follows');
  return (
    <section className="page">
      <h1 className="page__title">关注与收藏</h1>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'follows', label: '我的关注', children: <FollowList /> },
          { key: 'collections', label: '我的收藏', children: <CollectionList /> },
          ...(mayViewStatistics ? [{ key: 'views', label: '谁看过我', children: <ViewList /> }] : []),
        ]}
        destroyOnHidden
      />
    </section>
  );
}

function FollowList() {
  const { filters, filter, paged } = usePagedQuery({ name: '' }, fetchFollowPage);
  const cancel = (row: FollowedEnterprise) => (
    <UndoButton
      key="cancel"
      undo="取消关注"
      name={row.enterpriseName || row.nickName}
      onConfirm={() => runAction(unfollowEnterprise(row.userId), paged.reload)}
    />
  );
  return (
    <>
      <FilterBar>
        <SearchBox label="搜索企业名称" onSearch={(name) => filter({ name })} />
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="userId"
        emptyText={filters.name ? '没有符合条件的关注' : '还没有关注任何企业'}
        failedText="关注列表加载失败"
        columns={[
          { title: '企业', key: 'name', render: (_, row) => row.enterpriseName || row.nickName },
          { title: '联系人', dataIndex: 'nickName', width: 140 },
          { title: '关注时间', dataIndex: 'followedAt', width: 160, render: (ms: number) => formatTime(ms) },
          { title: '操作', key: 'actions', width: 110, render: (_, row) => cancel(row) },
        ]}
        card={(row) => ({
          title: row.enterpriseName || row.nickName,
          description: `关注于 ${formatTime(row.followedAt)}`,
          actions: [cancel(row)],
        })}
        cardClassName="cooperation__card"
      />
    </>
  );
}

function CollectionList() {
  const { filters, filter, paged } = usePagedQuery({ productName: '' }, fetchCollectionPage);
  const cancel = (row: CollectedAbility) => (
    <UndoButton
      key="cancel"
      undo="取消收藏"
      name={row.productName}
      onConfirm={() => runAction(uncollectAbility(row.productId), paged.reload)}
    />
  );
  const name = (row: CollectedAbility) => (
    <>
      {row.productName} {row.status !== 1 && <Tag>已下架</Tag>}
    </>
  );
  return (
    <>
      <FilterBar>
        <SearchBox label="搜索能力名称" onSearch={(productName) => filter({ productName })} />
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="productId"
        emptyText={filters.productName ? '没有符合条件的收藏' : '还没有收藏任何能力'}
        failedText="收藏列表加载失败"
        columns={[
          { title: '能力', key: 'name', render: (_, row) => name(row) },
          { title: '分类', dataIndex: 'categoryName', width: 110 },
          { title: '企业', dataIndex: 'enterpriseName', ellipsis: true },
          { title: '收藏时间', dataIndex: 'collectedAt', width: 160, render: (ms: number) => formatTime(ms) },
          { title: '操作', key: 'actions', width: 110, render: (_, row) => cancel(row) },
        ]}
        card={(row) => ({
          title: name(row),
          description: (
            <>
              <div>
                {row.enterpriseName} · {row.categoryName}
              </div>
              <div>收藏于 {formatTime(row.collectedAt)}</div>
            </>
          ),
          actions: [cancel(row)],
        })}
        cardClassName="cooperation__card"
      />
    </>
  );
}

function ViewList() {
  const { paged } = usePagedQuery({}, fetchViewsOfMe);
  const viewer = (row: ViewRecord) =>
    row.viewerId === null ? (
      <Tag>{row.viewerName}</Tag>
    ) : (
      `${row.viewerName}${row.viewerEnterpriseName ? ` · ${row.viewerEnterpriseName}` : ''}`
    );
  return (
    <PagedList
      {...paged}
      rowKey="id"
      emptyText="还没有人浏览过您的企业主页和能力"
      failedText="浏览记录加载失败"
      columns={[
        { title: '访问者', key: 'viewer', render: (_, row) => viewer(row) },
        { title: '浏览内容', dataIndex: 'productName' },
        { title: '浏览时间', dataIndex: 'viewedAt', width: 160, render: (ms: number) => formatTime(ms) },
      ]}
      card={(row) => ({
        title: viewer(row),
        description: `浏览了 ${row.productName} · ${formatTime(row.viewedAt)}`,
        actions: [],
      })}
      cardClassName="cooperation__card"
    />
  );
}

/** 取消关注 or 取消收藏, after a confirmation. */
function UndoButton({ undo, name, onConfirm }: { undo: string; name: string; onConfirm: () => Promise<void> }) {
  return (
    <ConfirmButton
      type="link"
      size="small"
      danger
      question={`${undo}“${name}”？`}
      okText={undo}
      cancelText="再想想"
      onConfirm={onConfirm}
    >
      {undo}
    </ConfirmButton>
  );
}
