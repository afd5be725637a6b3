import { type CollectedAbility, type FollowedEnterprise, PortalPermission, type ViewRecord } from '@liaison/protocol';
import { Button, Input, Popconfirm, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  fetchCollectionPage,
  fetchFollowPage,
  fetchViewsOfMe,
  uncollectAbility,
  unfollowEnterprise,
} from '../../api/cooperation';
import { useHasPermi } from '../../auth/Permission';
import { formatTime } from '../common/format-time';
import { PagedList } from '../common/PagedList';
import { runAction } from '../common/run-action';
import { usePagedQuery } from '../common/use-paged-query';
import './cooperation/cooperation.css';

type TabKey = 'follows' | 'collections' | 'views';

/** What I follow and collect, and who looked at my enterprise (its page and abilities). */
export function FollowsPage() {
  const mayViewStatistics = useHasPermi([PortalPermission.STATISTICS_VIEW]);
  const [tab, setTab] = useState<TabKey>('follows');
  return (
    <div className="cooperation">
      <Typography.Title level={4}>关注与收藏</Typography.Title>
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
    </div>
  );
}

function FollowList() {
  const { filters, filter, paged } = usePagedQuery({ name: '' }, fetchFollowPage);
  const cancel = (row: FollowedEnterprise) => (
    <Popconfirm
      key="cancel"
      title={`取消关注“${row.enterpriseName || row.nickName}”？`}
      okText="取消关注"
      cancelText="再想想"
      onConfirm={() => runAction(unfollowEnterprise(row.userId), paged.reload)}
    >
      <Button type="link" size="small" danger>
        取消关注
      </Button>
    </Popconfirm>
  );
  return (
    <>
      <SearchBar label="搜索企业名称" onSearch={(name) => filter({ name })} />
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
    <Popconfirm
      key="cancel"
      title={`取消收藏“${row.productName}”？`}
      okText="取消收藏"
      cancelText="再想想"
      onConfirm={() => runAction(uncollectAbility(row.productId), paged.reload)}
    >
      <Button type="link" size="small" danger>
        取消收藏
      </Button>
    </Popconfirm>
  );
  const name = (row: CollectedAbility) => (
    <>
      {row.productName} {row.status !== 1 && <Tag>已下架</Tag>}
    </>
  );
  return (
    <>
      <SearchBar label="搜索能力名称" onSearch={(productName) => filter({ productName })} />
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
          description: `${row.enterpriseName} · ${row.categoryName} · ${formatTime(row.collectedAt)}`,
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

/** A search box above a list; a new search starts again at page 1. */
function SearchBar({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  return (
    <div className="cooperation__filters">
      <Input.Search
        allowClear
        aria-label={label}
        placeholder={label}
        className="cooperation__search"
        onSearch={(text) => onSearch(text.trim())}
      />
    </div>
  );
}
