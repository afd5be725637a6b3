import {
  type AdminIndustryChain,
  type AdminIndustryChainRow,
  CONTENT_LIMITS,
  INDUSTRY_LIMITS,
} from '@liaison/protocol';
import { Form, Input } from 'antd';
import { createChain, deleteChain, fetchAdminChain, fetchAdminChains, updateChain } from '../../../api/industry-admin';
import { chainPath } from '../../../common/paths';
import { ContentList, EditModal, type EditorProps } from '../../common/ContentList';
import { counted, maxText, requiredText, SortOrderField } from '../../common/content-fields';
import { ChainMembersDrawer } from './ChainMembersDrawer';
import { type ChainFormValues, chainFormOf, emptyChainForm, SegmentFields } from './chain-form';
import { editAfterReading } from './PlatformContentParts';

const L = INDUSTRY_LIMITS;

/**
 * The industry chains /industry draws, in display order: searched, paged, written with their
 * upstream, midstream and downstream segments, and deleted by the platform admin, who also places
 * enterprises in the segments.
 */
export function Chains() {
  return (
    <ContentList<{ keyword?: string }, AdminIndustryChainRow, AdminIndustryChain>
      initialFilters={{}}
      fetchPage={fetchAdminChains}
      search={{ label: '搜索产业链', placeholder: '名称或简介', field: 'keyword' }}
      addLabel="新增产业链"
      columns={[
        { title: '产业链名称', dataIndex: 'name', key: 'name' },
        { title: '简介', key: 'description', render: (_, row) => row.description || '—' },
        { title: '环节', dataIndex: 'segmentCount', key: 'segmentCount' },
        { title: '企业', dataIndex: 'memberCount', key: 'memberCount' },
      ]}
      card={(row) => ({
        title: row.name,
        description: `${row.segmentCount} 个环节 · ${row.memberCount} 家企业`,
      })}
      what={(row) => `产业链「${row.name}」`}
      publicPath={(row) => chainPath(row.id)}
      edit={(row, open) => editAfterReading(fetchAdminChain(row.id), open)}
      remove={(row) => deleteChain(row.id)}
      editor={(props) => <ChainModal {...props} />}
      members={{ label: '环节企业', drawer: (row, onClose) => <ChainMembersDrawer chain={row} onClose={onClose} /> }}
      emptyText="暂无产业链，点击“新增产业链”发布第一条"
      failedText="产业链加载失败"
    />
  );
}

function ChainModal(props: EditorProps<AdminIndustryChain>) {
  const { editing } = props;
  const [form] = Form.useForm<ChainFormValues>();
  const record = editing.mode === 'edit' ? editing.record : null;

  function save(values: ChainFormValues) {
    const body = chainFormOf(values);
    return record ? updateChain(record.id, body) : createChain(body);
  }

  return (
    <EditModal {...props} form={form} noun="产业链" initial={emptyChainForm(record)} save={save}>
      <Form.Item name="name" label="产业链名称" rules={requiredText('产业链名称', L.chainName)}>
        <Input count={counted(L.chainName)} />
      </Form.Item>
      <Form.Item name="description" label="产业链简介" rules={maxText('产业链简介', L.description)}>
        <Input.TextArea rows={2} count={counted(L.description)} />
      </Form.Item>
      <SegmentFields form={form} />
      <SortOrderField max={CONTENT_LIMITS.sortOrderMax} />
    </EditModal>
  );
}
