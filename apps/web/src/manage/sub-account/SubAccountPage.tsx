import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { SubAccount } from '@liaison/protocol';
import { Button, Input, Popconfirm, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { deleteSubAccount, fetchSubAccounts, updateSubAccount } from '../../api/sub-accounts';
import { feedback } from '../../base/feedback';
import { formatTime } from '../../common/format-time';
import { PagedList } from '../../common/PagedList';
import { ConfirmButton } from '../common/ConfirmButton';
import { FilterBar } from '../common/FilterBar';
import { usePagedQuery } from '../common/use-paged-query';
import { SubAccountModal } from './SubAccountModal';
import './sub-account.css';

/** Management centre "sub-account": the enterprise's sub-accounts, their permissions and status. */
export function SubAccountPage() {
  const { filters, filter, paged } = usePagedQuery({ loginName: '', nick: '' }, fetchSubAccounts);
  const [draft, setDraft] = useState(filters);
  const [editing, setEditing] = useState<SubAccount | null>(null);
  const [isModalOpen, setModalOpen] = useState(false);

  function handleSearch() {
    filter({ loginName: draft.loginName.trim(), nick: draft.nick.trim() });
  }

  function openModal(row: SubAccount | null) {
    setEditing(row);
    setModalOpen(true);
  }

  async function handleToggle(row: SubAccount) {
    try {
      await updateSubAccount({ id: row.id, nick: row.nick, abilityIds: row.abilityIds, disabled: !row.disabled });
      feedback.message.success(row.disabled ? '子账号已启用' : '子账号已停用，其登录已失效');
      await paged.reload();
    } catch {
      // The request layer has shown the reason.
    }
  }

  async function handleDelete(row: SubAccount) {
    try {
      await deleteSubAccount(row.id);
      feedback.message.success('子账号已删除');
      if (paged.loaded.data?.rows.length === 1 && paged.pageNum > 1) paged.setPageNum(paged.pageNum - 1);
      else await paged.reload();
    } catch {
      // The request layer has shown the reason.
    }
  }

  const statusSwitch = (row: SubAccount) => (
    <Popconfirm
      title={row.disabled ? `启用子账号“${row.nick}”？` : `停用子账号“${row.nick}”？`}
      description={row.disabled ? '启用后可重新登录' : '停用后该子账号立即退出登录，且无法再登录'}
      okText="确定"
      cancelText="取消"
      onConfirm={() => handleToggle(row)}
    >
      <Switch
        checked={!row.disabled}
        checkedChildren="启用"
        unCheckedChildren="停用"
        aria-label={`${row.nick}的状态`}
      />
    </Popconfirm>
  );

  const actions = (row: SubAccount) => [
    <Button key="edit" type="link" onClick={() => openModal(row)}>
      编辑
    </Button>,
    <ConfirmButton
      key="delete"
      type="link"
      danger
      question={`删除子账号“${row.nick}”？`}
      description="删除后无法恢复，该子账号立即退出登录"
      okText="删除"
      isDangerous
      onConfirm={() => handleDelete(row)}
    >
      删除
    </ConfirmButton>,
  ];

  const emptyText = filters.loginName || filters.nick ? '没有符合条件的子账号' : '还没有子账号，点击“新增子账号”创建';

  return (
    <section className="page sub-accounts" aria-labelledby="sub-accounts-title">
      <h1 id="sub-accounts-title" className="page__title">
        子账号管理
      </h1>
      <p className="sub-accounts__hint">子账号使用自己的登录账号和密码登录，只能查看和编辑授权给它的能力。</p>
      <FilterBar>
        <Input
          aria-label="按登录账号搜索"
          placeholder="登录账号"
          allowClear
          value={draft.loginName}
          onChange={(event) => setDraft({ ...draft, loginName: event.target.value })}
          onPressEnter={handleSearch}
        />
        <Input
          aria-label="按名称搜索"
          placeholder="子账号名称"
          allowClear
          value={draft.nick}
          onChange={(event) => setDraft({ ...draft, nick: event.target.value })}
          onPressEnter={handleSearch}
        />
        <Button icon={<SearchOutlined aria-hidden />} onClick={handleSearch}>
          搜索
        </Button>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openModal(null)}>
          新增子账号
        </Button>
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        emptyText={emptyText}
        failedText="子账号列表加载失败"
        unit="个"
        columns={[
          { title: '登录账号', dataIndex: 'loginName' },
          { title: '子账号名称', dataIndex: 'nick' },
          {
            title: '可管理能力',
            dataIndex: 'abilityIds',
            render: (ids: string[]) => (ids.length === 0 ? <Tag>未授权</Tag> : `${ids.length} 项`),
          },
          { title: '状态', key: 'status', render: (_, row) => statusSwitch(row) },
          { title: '创建时间', dataIndex: 'createdAt', render: (ms: number) => formatTime(ms) },
          { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
        ]}
        card={(row) => ({
          title: (
            <Space wrap>
              {row.nick}
              <Tag>{row.loginName}</Tag>
              {statusSwitch(row)}
            </Space>
          ),
          description: (
            <>
              <div>可管理 {row.abilityIds.length} 项能力</div>
              <div>创建于 {formatTime(row.createdAt)}</div>
            </>
          ),
          actions: actions(row),
        })}
        cardClassName="sub-account-card"
        cardLayout="vertical"
      />
      <SubAccountModal
        editing={editing}
        isOpen={isModalOpen}
        onClose={() => setModalOpen(false)}
        onSaved={() => {
          setModalOpen(false);
          void paged.reload();
        }}
      />
    </section>
  );
}
