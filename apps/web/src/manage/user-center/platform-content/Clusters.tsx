import { type AdminCluster, type Cluster, type ClusterForm, CONTENT_LIMITS } from '@liaison/protocol';
import { Form, Input } from 'antd';
import {
  createCluster,
  deleteCluster,
  fetchAdminCluster,
  fetchAdminClusters,
  updateCluster,
} from '../../../api/platform-content';
import { clusterPath } from '../../../common/paths';
import { ContentList, EditModal, type EditorProps } from '../../common/ContentList';
import { counted, maxText, PictureField, requiredText, SortOrderField, trimmed } from '../../common/content-fields';
import { editAfterReading, SummaryFields, Thumb } from './PlatformContentParts';
import { type Choice, SearchSelect, searchEnterprises } from './SearchSelect';

const L = CONTENT_LIMITS;

/** The enterprise clusters, in display order: searched, paged, written and deleted by the platform admin. */
export function Clusters() {
  return (
    <ContentList<{ keyword?: string }, Cluster, AdminCluster>
      initialFilters={{}}
      fetchPage={fetchAdminClusters}
      search={{ label: '搜索集群', placeholder: '名称、地区或简介', field: 'keyword' }}
      addLabel="新增集群"
      thumb={{ title: '封面', render: (row) => <Thumb fileName={row.cover} alt={row.name} /> }}
      columns={[
        { title: '集群名称', dataIndex: 'name', key: 'name' },
        { title: '所在地区', key: 'region', render: (_, row) => row.region || '—' },
        { title: '成员企业', dataIndex: 'memberCount', key: 'memberCount' },
      ]}
      card={(row) => ({
        title: row.name,
        description: `${row.region || '未填地区'} · 成员企业 ${row.memberCount} 家`,
      })}
      what={(row) => `集群「${row.name}」`}
      publicPath={(row) => clusterPath(row.id)}
      edit={(row, open) => editAfterReading(fetchAdminCluster(row.id), open)}
      remove={(row) => deleteCluster(row.id)}
      editor={(props) => <ClusterModal {...props} />}
      emptyText="暂无产业集群"
      failedText="产业集群加载失败"
    />
  );
}

function ClusterModal(props: EditorProps<AdminCluster>) {
  const { editing } = props;
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
    <EditModal {...props} form={form} noun="集群" initial={initial} save={save}>
      <Form.Item name="name" label="集群名称" rules={requiredText('集群名称', L.clusterName)}>
        <Input count={counted(L.clusterName)} />
      </Form.Item>
      <Form.Item name="region" label="所在地区" rules={maxText('所在地区', L.region)}>
        <Input count={counted(L.region)} placeholder="如：江苏苏州" />
      </Form.Item>
      <PictureField name="cover" label="封面图片" picture="封面" />
      <SummaryFields introduction="集群介绍" />
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
      <SortOrderField max={L.sortOrderMax} />
    </EditModal>
  );
}
