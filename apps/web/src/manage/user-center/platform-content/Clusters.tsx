import { PlusOutlined } from '@ant-design/icons';
import { type AdminCluster, type Cluster, type ClusterForm, CONTENT_LIMITS } from '@liaison/protocol';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  createCluster,
  deleteCluster,
  fetchAdminCluster,
  fetchAdminClusters,
  updateCluster,
} from '../../../api/platform-content';
import { clusterPath } from '../../../pages/common/paths';
import { FilterBar } from '../../common/FilterBar';
import { ImageField } from '../../common/ImageField';
import { PagedList } from '../../common/PagedList';
import { runAction } from '../../common/run-action';
import { SearchBox } from '../../common/SearchBox';
import { type OverlayControl, useOverlay } from '../../common/use-overlay';
import { usePagedQuery } from '../../common/use-paged-query';
import {
  counted,
  type Editing,
  EditModal,
  editAfterReading,
  maxText,
  requiredText,
  rowActions,
  Thumb,
  trimmed,
} from './PlatformContentParts';
import { type Choice, SearchSelect, searchEnterprises } from './SearchSelect';

const L = CONTENT_LIMITS;

/** The enterprise clusters, in display order: searched, paged, written and deleted by the platform admin. */
export function Clusters() {
  const { filter, paged } = usePagedQuery<{ keyword?: string }, Cluster>({}, fetchAdminClusters);
  const editor = useOverlay<Editing<AdminCluster>>();

  const actions = (row: Cluster) =>
    rowActions(
      `集群「${row.name}」`,
      clusterPath(row.id),
      () => editAfterReading(fetchAdminCluster(row.id), editor.open),
      () => runAction(deleteCluster(row.id), paged.reload, '删除成功'),
    );
  const thumb = (row: Cluster) => <Thumb fileName={row.cover} alt={row.name} />;

  const columns: ColumnsType<Cluster> = [
    { title: '封面', key: 'cover', render: (_, row) => thumb(row) },
    { title: '集群名称', dataIndex: 'name', key: 'name' },
    { title: '所在地区', key: 'region', render: (_, row) => row.region || '—' },
    { title: '成员企业', dataIndex: 'memberCount', key: 'memberCount' },
    { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  return (
    <>
      <FilterBar>
        <SearchBox
          label="搜索集群"
          placeholder="名称、地区或简介"
          onSearch={(keyword) => filter({ keyword: keyword || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open({ mode: 'create' })}>
          新增集群
        </Button>
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        columns={columns}
        card={(row) => ({
          avatar: thumb(row),
          title: row.name,
          description: `${row.region || '未填地区'} · 成员企业 ${row.memberCount} 家`,
          actions: actions(row),
        })}
        cardClassName="content__card"
        cardLayout="vertical"
        emptyText="暂无产业集群"
        failedText="产业集群加载失败"
        sizeChanger
        scrollX
      />
      {editor.subject && (
        <ClusterModal
          key={editor.key}
          editing={editor.subject}
          overlay={editor}
          onSaved={async () => {
            editor.close();
            await paged.reload();
          }}
        />
      )}
    </>
  );
}

function ClusterModal({
  editing,
  overlay,
  onSaved,
}: {
  editing: Editing<AdminCluster>;
  overlay: OverlayControl;
  onSaved: () => Promise<void>;
}) {
  const [form] = Form.useForm<ClusterForm>();
  const record = editing.mode === 'edit' ? editing.record : null;
  const initial: ClusterForm = record ?? {
    name: '',
    region: '',
    cover: '',
    summary: '',
    introduction: '',
    sortOrder: 0,
    memberIds: [],
  };
  const members: Choice[] = (record?.members ?? []).map((m) => ({ value: m.userId, label: m.enterpriseName }));

  function save(values: ClusterForm) {
    const body: ClusterForm = { ...trimmed(values), memberIds: values.memberIds ?? [] };
    return record ? updateCluster(record.id, body) : createCluster(body);
  }

  return (
    <EditModal
      form={form}
      title={record ? '编辑集群' : '新增集群'}
      initial={initial}
      save={save}
      overlay={overlay}
      onSaved={onSaved}
    >
      <Form.Item name="name" label="集群名称" rules={requiredText('集群名称', L.clusterName)}>
        <Input count={counted(L.clusterName)} />
      </Form.Item>
      <Form.Item name="region" label="所在地区" rules={maxText('所在地区', L.region)}>
        <Input count={counted(L.region)} placeholder="如：江苏苏州" />
      </Form.Item>
      <Form.Item name="cover" label="封面图片">
        <ImageField label="封面" previewClassName="content__preview" />
      </Form.Item>
      <Form.Item name="summary" label="简介" rules={maxText('简介', L.summary)}>
        <Input.TextArea rows={2} count={counted(L.summary)} />
      </Form.Item>
      <Form.Item name="introduction" label="集群介绍" rules={maxText('集群介绍', L.introduction)}>
        <Input.TextArea rows={4} count={counted(L.introduction)} />
      </Form.Item>
      <Form.Item
        name="memberIds"
        label="成员企业"
        extra="仅可选择已认证企业"
        rules={[{ type: 'array', max: L.clusterMembers, message: `集群成员最多${L.clusterMembers}家` }]}
      >
        <SearchSelect
          label="成员企业"
          placeholder="输入企业名称搜索"
          isMultiple
          chosen={members}
          search={searchEnterprises}
        />
      </Form.Item>
      <Form.Item name="sortOrder" label="排序（小的在前）" rules={[{ required: true, message: '请输入排序' }]}>
        <InputNumber min={0} max={L.sortOrderMax} precision={0} />
      </Form.Item>
    </EditModal>
  );
}
