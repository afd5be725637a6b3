import { NEED_LIMITS, type NeedForm as NeedFormData } from '@liaison/protocol';
import { Form, Input, Select } from 'antd';
import { fetchAbilitiesPerCategory, publishNeed } from '../../api/statistics';
import { feedback } from '../../base/feedback';
import { useLoad } from '../../common/use-load';
import { FormModal } from '../common/FormModal';

const loadCategories = async () => (await fetchAbilitiesPerCategory()).data;

/** Publishing a need: title, category and what is wanted; the server checks the same rules. */
export function NeedFormModal({
  isOpen,
  onClose,
  onPublished,
}: {
  isOpen: boolean;
  onClose: () => void;
  onPublished: () => void;
}) {
  const [form] = Form.useForm<NeedFormData>();
  const { loaded } = useLoad('categories', loadCategories);
  const categories = loaded.state === 'ready' ? loaded.data : [];

  async function handleSubmit(values: NeedFormData) {
    feedback.message.success((await publishNeed(values)).msg);
    onPublished();
  }

  return (
    <FormModal title="发布需求" isOpen={isOpen} form={form} onSubmit={handleSubmit} onCancel={onClose} okText="发布">
      <Form.Item
        name="title"
        label="需求标题"
        rules={[
          { required: true, whitespace: true, message: '请输入需求标题' },
          {
            min: NEED_LIMITS.titleMin,
            max: NEED_LIMITS.title,
            message: `需求标题为${NEED_LIMITS.titleMin}-${NEED_LIMITS.title}个字`,
          },
        ]}
      >
        <Input placeholder="例如：寻找铝合金外壳CNC加工厂" maxLength={NEED_LIMITS.title} showCount />
      </Form.Item>
      <Form.Item name="categoryId" label="需求类别" rules={[{ required: true, message: '请选择需求类别' }]}>
        <Select
          placeholder="请选择需求类别"
          loading={loaded.state === 'loading'}
          options={categories.map((c) => ({ value: c.categoryId, label: c.categoryName }))}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label="需求描述"
        rules={[{ max: NEED_LIMITS.content, message: `需求描述不能超过${NEED_LIMITS.content}个字` }]}
      >
        <Input.TextArea rows={4} placeholder="数量、规格、交期、地区等" maxLength={NEED_LIMITS.content} showCount />
      </Form.Item>
    </FormModal>
  );
}
