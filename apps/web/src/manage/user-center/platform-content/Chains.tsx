import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminIndustryChain,
  type AdminIndustryChainRow,
  CONTENT_LIMITS,
  INDUSTRY_LIMITS,
} from '@liaison/protocol';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { createChain, deleteChain, fetchAdminChain, fetchAdminChains, updateChain } from '../../../api/industry-admin';
import { chainPath } from '../../../pages/common/paths';
import { FilterBar } from '../../common/FilterBar';
import { PagedList } from '../../common/PagedList';
import { runAction } from '../../common/run-action';
import { SearchBox } from '../../common/SearchBox';
import { type OverlayControl, useOverlay } from '../../common/use-overlay';
import { usePagedQuery } from '../../common/use-paged-query';
import { ChainMembersDrawer } from './ChainMembersDrawer';
import { type ChainFormValues, chainFormOf, emptyChainForm, SegmentFields } from './chain-form';
import {
  counted,
  type Editing,
  EditModal,
  editAfterReading,
  maxText,
  requiredText,
  rowActions,
} from './PlatformContentParts';

const L = INDUSTRY_LIMITS;

/**
 * The industry chains /industry draws, in display order: searched, paged, written with their
 * upstream, midstream and downstream segments, and deleted by the platform admin, who also places
 * enterprises in the segments.
 */
export function Chains() {
  const { filter, paged } = usePagedQuery<{ keyword?: string }, AdminIndustryChainRow>({}, fetchAdminChains);
  const editor = useOverlay<Editing<AdminIndustryChain>>();
  const [placing, setPlacing] = useState<AdminIndustryChainRow | null>(null);

  const actions = (row: AdminIndustryChainRow) => [
    ...rowActions(
      `产业链「${row.name}」`,
      chainPath(row.id),
      () => editAfterReading(fetchAdminChain(row.id), editor.open),
      () => runAction(deleteChain(row.id), paged.reload, '删除成功'),
    ),
    <Button key="members" type="link" onClick={() => setPlacing(row)}>
      环节企业
    </Button>,
  ];

  const columns: ColumnsType<AdminIndustryChainRow> = [
    { title: '产业链名称', dataIndex: 'name', key: 'name' },
    { title: '简介', key: 'description', render: (_, row) => row.description || '—' },
    { title: '环节', dataIndex: 'segmentCount', key: 'segmentCount' },
    { title: '企业', dataIndex: 'memberCount', key: 'memberCount' },
    { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  return (
    <>
      <FilterBar>
        <SearchBox
          label="搜索产业链"
          placeholder="名称或简介"
          onSearch={(keyword) => filter({ keyword: keyword || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open({ mode: 'create' })}>
          新增产业链
        </Button>
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        columns={columns}
        card={(row) => ({
          title: row.name,
          description: `${row.segmentCount} 个环节 · ${row.memberCount} 家企业`,
          actions: actions(row),
        })}
        cardClassName="content__card"
        cardLayout="vertical"
        emptyText="暂无产业链，点击“新增产业链”发布第一条"
        failedText="产业链加载失败"
        sizeChanger
        scrollX
      />
      {editor.subject && (
        <ChainModal
          key={editor.key}
          editing={editor.subject}
          overlay={editor}
          onSaved={async () => {
            editor.close();
            await paged.reload();
          }}
        />
      )}
      <ChainMembersDrawer
        chain={placing}
        onClose={() => {
          setPlacing(null);
          void paged.reload();
        }}
      />
    </>
  );
}

function ChainModal({
  editing,
  overlay,
  onSaved,
}: {
  editing: Editing<AdminIndustryChain>;
  overlay: OverlayControl;
  onSaved: () => Promise<void>;
}) {
  const [form] = Form.useForm<ChainFormValues>();
  const record = editing.mode === 'edit' ? editing.record : null;

  function save(values: ChainFormValues) {
    const body = chainFormOf(values);
    return record ? updateChain(record.id, body) : createChain(body);
  }

  return (
    <EditModal
      form={form}
      title={record ? '编辑产业链' : '新增产业链'}
      initial={emptyChainForm(record)}
      save={save}
      overlay={overlay}
      onSaved={onSaved}
    >
      <Form.Item name="name" label="产业链名称" rules={requiredText('产业链名称', L.chainName)}>
        <Input count={counted(L.chainName)} />
      </Form.Item>
      <Form.Item name="description" label="产业链简介" rules={maxText('产业链简介', L.description)}>
        <Input.TextArea rows={2} count={counted(L.description)} />
      </Form.Item>
      <SegmentFields form={form} />
      <Form.Item name="sortOrder" label="排序（小的在前）" rules={[{ required: true, message: '请输入排序' }]}>
        <InputNumber min={0} max={CONTENT_LIMITS.sortOrderMax} precision={0} />
      </Form.Item>
    </EditModal>
  );
}
