import { PlusOutlined } from '@ant-design/icons';
import { type AdminExpert, CONTENT_LIMITS, type ExpertForm, type ExpertSummary } from '@liaison/protocol';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  createExpert,
  deleteExpert,
  fetchAdminExpert,
  fetchAdminExperts,
  updateExpert,
} from '../../../api/platform-content';
import { expertPath } from '../../../pages/common/paths';
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

const L = CONTENT_LIMITS;
/** The server's rules for the contact details. */
const PHONE_PATTERN = new RegExp(`^[0-9+\\- ]{0,${L.phone}}$`);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The expert library, in the platform's order: searched, paged, written and deleted by the platform admin. */
export function Experts() {
  const { filter, paged } = usePagedQuery<{ keyword?: string }, ExpertSummary>({}, fetchAdminExperts);
  const editor = useOverlay<Editing<AdminExpert>>();

  const actions = (row: ExpertSummary) =>
    rowActions(
      `专家「${row.name}」`,
      expertPath(row.id),
      () => editAfterReading(fetchAdminExpert(row.id), editor.open),
      () => runAction(deleteExpert(row.id), paged.reload, '删除成功'),
    );
  const thumb = (row: ExpertSummary) => <Thumb fileName={row.avatar} alt={row.name} isAvatar />;
  const position = (row: ExpertSummary) => [row.title, row.organisation].filter(Boolean).join(' · ') || '—';

  const columns: ColumnsType<ExpertSummary> = [
    { title: '头像', key: 'avatar', render: (_, row) => thumb(row) },
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '职称与单位', key: 'position', render: (_, row) => position(row) },
    { title: '专业领域', key: 'field', render: (_, row) => row.field || '—' },
    { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  return (
    <>
      <FilterBar>
        <SearchBox
          label="搜索专家"
          placeholder="姓名、领域或单位"
          onSearch={(keyword) => filter({ keyword: keyword || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open({ mode: 'create' })}>
          新增专家
        </Button>
      </FilterBar>
      <PagedList
        {...paged}
        rowKey="id"
        columns={columns}
        card={(row) => ({
          avatar: thumb(row),
          title: row.name,
          description: `${position(row)}${row.field ? ` · ${row.field}` : ''}`,
          actions: actions(row),
        })}
        cardClassName="content__card"
        cardLayout="vertical"
        emptyText="暂无专家"
        failedText="专家加载失败"
        sizeChanger
        scrollX
      />
      {editor.subject && (
        <ExpertModal
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

/** The form's fields: the achievements one a line, no account as ''. */
type ExpertFields = Omit<ExpertForm, 'achievements' | 'userId'> & { achievements: string; userId: string };

function ExpertModal({
  editing,
  overlay,
  onSaved,
}: {
  editing: Editing<AdminExpert>;
  overlay: OverlayControl;
  onSaved: () => Promise<void>;
}) {
  const [form] = Form.useForm<ExpertFields>();
  const record = editing.mode === 'edit' ? editing.record : null;
  const initial: ExpertFields = record
    ? { ...record, achievements: record.achievements.join('\n'), userId: record.userId ?? '' }
    : {
        name: '',
        title: '',
        organisation: '',
        field: '',
        avatar: '',
        summary: '',
        introduction: '',
        achievements: '',
        phone: '',
        email: '',
        userId: '',
        sortOrder: 0,
      };

  function save(values: ExpertFields) {
    const { achievements, userId, ...rest } = trimmed(values);
    const body: ExpertForm = { ...rest, achievements: achievementLines(achievements), userId: userId || null };
    return record ? updateExpert(record.id, body) : createExpert(body);
  }

  return (
    <EditModal
      form={form}
      title={record ? '编辑专家' : '新增专家'}
      initial={initial}
      save={save}
      overlay={overlay}
      onSaved={onSaved}
    >
      <Form.Item name="name" label="专家姓名" rules={requiredText('专家姓名', L.expertName)}>
        <Input count={counted(L.expertName)} />
      </Form.Item>
      <Form.Item name="title" label="职称" rules={maxText('职称', L.expertTitle)}>
        <Input count={counted(L.expertTitle)} />
      </Form.Item>
      <Form.Item name="organisation" label="所在单位" rules={maxText('所在单位', L.organisation)}>
        <Input count={counted(L.organisation)} />
      </Form.Item>
      <Form.Item name="field" label="专业领域" rules={maxText('专业领域', L.field)} extra="专家库按领域分栏">
        <Input count={counted(L.field)} placeholder="如：智能制造" />
      </Form.Item>
      <Form.Item name="avatar" label="专家头像">
        <ImageField label="头像" previewClassName="content__preview" />
      </Form.Item>
      <Form.Item name="summary" label="简介" rules={maxText('简介', L.summary)}>
        <Input.TextArea rows={2} count={counted(L.summary)} />
      </Form.Item>
      <Form.Item name="introduction" label="专家介绍" rules={maxText('专家介绍', L.introduction)}>
        <Input.TextArea rows={4} count={counted(L.introduction)} />
      </Form.Item>
      <Form.Item
        name="achievements"
        label="主要成果"
        extra={`每行一条，最多${L.achievements}条`}
        rules={[{ validator: (_, text: string | undefined) => checkAchievements(text ?? '') }]}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="phone" label="联系电话" rules={[{ pattern: PHONE_PATTERN, message: '联系电话格式不正确' }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="email"
          label="邮箱"
          rules={[
            { pattern: EMAIL_PATTERN, message: '邮箱格式不正确' },
            { max: L.email, message: '邮箱格式不正确' },
          ]}
        >
          <Input />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        <Form.Item name="userId" label="平台账号ID" extra="专家本人的平台账号，读者可与其在线沟通；可不填">
          <Input />
        </Form.Item>
        <Form.Item name="sortOrder" label="排序（小的在前）" rules={[{ required: true, message: '请输入排序' }]}>
          <InputNumber min={0} max={L.sortOrderMax} precision={0} />
        </Form.Item>
      </Space>
    </EditModal>
  );
}

function achievementLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

async function checkAchievements(text: string): Promise<void> {
  const lines = achievementLines(text);
  if (lines.length > L.achievements) throw new Error(`主要成果最多${L.achievements}条`);
  if (lines.some((line) => line.length > L.achievement)) throw new Error(`每条成果不能超过${L.achievement}个字符`);
}
