import { PlusOutlined } from '@ant-design/icons';
import { type AbilityCategory, type AbilityStatus, type AbilitySummary, PortalPermission } from '@liaison/protocol';
import { Button, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { fetchAbilityPage, moveAbilityToRecycleBin, setAbilityStatus } from '../../api/abilities';
import type { PageQuery } from '../../api/page';
import { HasPermi, useHasPermi } from '../../auth/Permission';
import { formatTime } from '../../common/format-time';
import { PagedList } from '../../common/PagedList';
import { ConfirmButton } from '../common/ConfirmButton';
import { FilterBar } from '../common/FilterBar';
import { runAction } from '../common/run-action';
import { SearchBox } from '../common/SearchBox';
import { useOverlay } from '../common/use-overlay';
import { usePagedQuery } from '../common/use-paged-query';
import { AbilityEditor } from './AbilityEditor';
import { STATUS_OPTIONS, STATUS_TEXT } from './ability-text';

/** Status -1 stands for every status: the server is then asked for none. */
function fetchListed({ status, ...query }: PageQuery & { productName: string; categoryId: number; status: number }) {
  return fetchAbilityPage({ ...query, ...(status >= 0 ? { status: status as AbilityStatus } : {}) });
}

/** The enterprise's abilities: search, filters, paging, and the actions the user may take. */
export function AbilityList({ categories }: { categories: AbilityCategory[] }) {
  const { filters, filter, paged } = usePagedQuery({ productName: '', categoryId: 0, status: -1 }, fetchListed);
  const editor = useOverlay<{ id: string | null }>();
  const mayEdit = useHasPermi([PortalPermission.PRODUCT_EDIT]);
  const mayRemove = useHasPermi([PortalPermission.PRODUCT_REMOVE]);

  const actions = (row: AbilitySummary): ReactNode[] => [
    ...(mayEdit
      ? [
          <Button key="edit" type="link" size="small" onClick={() => editor.open({ id: row.id })}>
            编辑
          </Button>,
          row.status === 1 ? (
            <Button
              key="offline"
              type="link"
              size="small"
              onClick={() => runAction(setAbilityStatus(row.id, 2), paged.reload)}
            >
              下架
            </Button>
          ) : (
            <Button
              key="publish"
              type="link"
              size="small"
              onClick={() => runAction(setAbilityStatus(row.id, 1), paged.reload)}
            >
              发布
            </Button>
          ),
        ]
      : []),
    ...(mayRemove
      ? [
          <ConfirmButton
            key="delete"
            type="link"
            size="small"
            danger
            question={`将“${row.productName}”移入回收站？`}
            description="可在回收站中恢复"
            okText="移入回收站"
            onConfirm={() => runAction(moveAbilityToRecycleBin(row.id), paged.reload)}
          >
            删除
          </ConfirmButton>,
        ]
      : []),
  ];

  const columns: ColumnsType<AbilitySummary> = [
    {
      title: '能力名称',
      dataIndex: 'productName',
      render: (_, row) => (
        <div className="ability-name">
          <strong>{row.productName}</strong>
          {row.summary && <span className="ability-name__summary">{row.summary}</span>}
        </div>
      ),
    },
    { title: '分类', dataIndex: 'categoryName', width: 110 },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: AbilityStatus) => <StatusTag status={s} /> },
    { title: '浏览量', dataIndex: 'viewCount', width: 80, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (ms: number) => formatTime(ms) },
    { title: '操作', key: 'actions', width: 170, render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  const emptyText =
    filters.productName || filters.categoryId || filters.status >= 0
      ? '没有符合条件的能力'
      : '还没有能力，点击“新增能力”发布第一项';

  return (
    <div className="abilities">
      <FilterBar>
        <SearchBox label="搜索能力名称" onSearch={(productName) => filter({ productName })} />
        <Select
          aria-label="能力分类"
          value={filters.categoryId}
          options={[{ value: 0, label: '全部分类' }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
          onChange={(categoryId) => filter({ categoryId })}
        />
        <Select
          aria-label="能力状态"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => filter({ status })}
        />
        <HasPermi value={[PortalPermission.PRODUCT_ADD]}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open({ id: null })}>
            新增能力
          </Button>
        </HasPermi>
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        emptyText={emptyText}
        failedText="能力列表加载失败"
        columns={columns}
        card={(row) => ({
          title: (
            <Space wrap>
              <span>{row.productName}</span>
              <StatusTag status={row.status} />
            </Space>
          ),
          description: (
            <>
              {row.summary && <div>{row.summary}</div>}
              <div>
                {row.categoryName} · 浏览 {row.viewCount} · {formatTime(row.updatedAt)}
              </div>
            </>
          ),
          actions: actions(row),
        })}
        cardClassName="ability-card"
        cardLayout="vertical"
      />
      {editor.subject && (
        <AbilityEditor
          key={editor.key}
          abilityId={editor.subject.id}
          categories={categories}
          isOpen={editor.isOpen}
          onClose={editor.close}
          afterClose={editor.clear}
          onSaved={() => {
            editor.close();
            void paged.reload();
          }}
        />
      )}
    </div>
  );
}

function StatusTag({ status }: { status: AbilityStatus }) {
  const { label, color } = STATUS_TEXT[status];
  return <Tag color={color}>{label}</Tag>;
}
