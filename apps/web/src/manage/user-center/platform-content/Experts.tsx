import { type AdminExpert, CONTENT_LIMITS, type ExpertForm, type ExpertSummary } from '@liaison/protocol';
import { Form, Input, Space } from 'antd';
import {
  createExpert,
  deleteExpert,
  fetchAdminExpert,
  fetchAdminExperts,
  updateExpert,
} from '../../../api/platform-content';
import { expertPath } from '../../../common/paths';
import { ContentList, EditModal, type EditorProps } from '../../common/ContentList';
import { counted, maxText, PictureField, requiredText, SortOrderField, trimmed } from '../../common/content-fields';
import { editAfterReading, SummaryFields, Thumb } from './PlatformContentParts';

const L = CONTENT_LIMITS;
/** The server's rules for the contact details. */
const PHONE_PATTERN = new RegExp(`^[0-9+\\- ]{0,${L.phone}}$`);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The expert library, in the platform's order: searched, paged, written and deleted by the platform admin. */
export function Experts() {
  return (
    <ContentList<{ keyword?: string }, ExpertSummary, AdminExpert>
      initialFilters={{}}
      fetchPage={fetchAdminExperts}
      search={{ label: '搜索专家', placeholder: '姓名、领域或单位', field: 'keyword' }}
      addLabel="新增专家"
      thumb={{ title: '头像', render: (row) => <Thumb fileName={row.avatar} alt={row.name} isAvatar /> }}
      columns={[
        { title: '姓名', dataIndex: 'name', key: 'name' },
        { title: '职称与单位', key: 'position', render: (_, row) => position(row) },
        { title: '专业领域', key: 'field', render: (_, row) => row.field || '—' },
      ]}
      card={(row) => ({
        title: row.name,
        description: `${position(row)}${row.field ? ` · ${row.field}` : ''}`,
      })}
      what={(row) => `专家「${row.name}」`}
      publicPath={(row) => expertPath(row.id)}
      edit={(row, open) => editAfterReading(fetchAdminExpert(row.id), open)}
      remove={(row) => deleteExpert(row.id)}
      editor={(props) => <ExpertModal {...props} />}
      emptyText="暂无专家"
      failedText="专家加载失败"
    />
  );
}

/** The form's fields: the achievements one a line, no account as ''. */
type ExpertFields = Omit<ExpertForm, 'achievements' | 'userId'> & { achievements: string; userId: string };

function ExpertModal(props: EditorProps<AdminExpert>) {
  const { editing } = props;
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
    <EditModal {...props} form={form} noun="专家" initial={initial} save={save}>
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
      <PictureField name="avatar" label="专家头像" picture="头像" />
      <SummaryFields introduction="专家介绍" />
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
        <SortOrderField max={L.sortOrderMax} />
      </Space>
    </EditModal>
  );
}

function position(row: ExpertSummary): string {
  return [row.title, row.organisation].filter(Boolean).join(' · ') || '—';
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
