import type { AbilitySummary } from '@liaison/protocol';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { fetchRecyclePage, recoverAbilities, removeAbilityForGood } from '../../api/abilities';
import { formatTime } from '../../common/format-time';
import { PagedList } from '../../common/PagedList';
import { ConfirmButton } from '../common/ConfirmButton';
import { FilterBar } from '../common/FilterBar';
import { runAction } from '../common/run-action';
import { SearchBox } from '../common/SearchBox';
import { usePagedQuery } from '../common/use-paged-query';

/** Deleted abilities: recover them, or remove them for good after a confirmation. */
export function RecycleBin() {
  const { filters, filter, paged } = usePagedQuery({ productName: '' }, fetchRecyclePage);

  const actions = (row: AbilitySummary): ReactNode[] => [
    <Button key="recover" type="link" size="small" onClick={() => runAction(recoverAbilities([row.id]), paged.reload)}>
      恢复
    </Button>,
    <ConfirmButton
      key="remove"
      type="link"
      size="small"
      danger
      question={`彻底删除“${row.productName}”？`}
      description="彻底删除后无法恢复"
      okText="彻底删除"
      isDangerous
      onConfirm={() => runAction(removeAbilityForGood(row.id), paged.reload)}
    >
      彻底删除
    </ConfirmButton>,
  ];

  const columns: ColumnsType<AbilitySummary> = [
    { title: '能力名称', dataIndex: 'productName' },
    { title: '分类', dataIndex: 'categoryName', width: 120 },
    { title: '删除时间', dataIndex: 'deletedAt', width: 160, render: (ms: number | null) => formatTime(ms) },
    { title: '操作', key: 'actions', width: 170, render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];
  const emptyText = filters.productName ? '没有符合条件的能力' : '回收站是空的';

  return (
    <div className="abilities">
      <FilterBar>
        <SearchBox label="搜索回收站" placeholder="搜索能力名称" onSearch={(productName) => filter({ productName })} />
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        emptyText={emptyText}
        failedText="回收站加载失败"
        columns={columns}
        card={(row) => ({
          title: row.productName,
          description: `${row.categoryName} · 删除于 ${formatTime(row.deletedAt)}`,
          actions: actions(row),
        })}
        cardClassName="ability-card"
        cardLayout="vertical"
      />
    </div>
  );
}
