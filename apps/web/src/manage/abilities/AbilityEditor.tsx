import { ABILITY_LIMITS, type AbilityCategory, type AbilityDetail, type AbilityForm } from '@liaison/protocol';
import { Button, Drawer, Form, Grid, Input, Result, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { addAbility, editAbility, fetchAbility } from '../../api/abilities';
import { fileUrl } from '../../api/upload';
import { feedback } from '../../app/feedback';
import { FileUpload } from '../user-center/FileUpload';
import { RichTextEditor } from './RichTextEditor';

interface AbilityEditorProps {
  /** null: a new ability; otherwise the ID of the one to edit. */
  abilityId: string | null;
  categories: AbilityCategory[];
  onClose: () => void;
  /** After a save; the list reloads. */
  onSaved: () => void;
}

interface Values {
  productName: string;
  categoryId?: number;
  summary: string;
  keywords: string;
  cover: string[];
  description: string;
  attachments: string[];
}

const COVER_RULES = { fileTypes: ['jpg', 'jpeg', 'png'], limit: 1 };
const EMPTY: Values = { productName: '', summary: '', keywords: '', cover: [], description: '', attachments: [] };

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; ability: AbilityDetail | null };

/** Creating or editing an ability, in a drawer beside the list (full width on a phone). */
export function AbilityEditor({ abilityId, categories, onClose, onSaved }: AbilityEditorProps) {
  const [loaded, setLoaded] = useState<Loaded>(abilityId ? { state: 'loading' } : { state: 'ready', ability: null });
  const isPhone = Grid.useBreakpoint().md === false;

  useEffect(() => {
    if (!abilityId) return;
    let isCurrent = true;
    fetchAbility(abilityId).then(
      ({ data }) => isCurrent && setLoaded({ state: 'ready', ability: data }),
      () => isCurrent && setLoaded({ state: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [abilityId]);

  return (
    <Drawer
      open
      title={abilityId ? '编辑能力' : '新增能力'}
      size={isPhone ? '100%' : 760}
      onClose={onClose}
      destroyOnHidden
    >
      {loaded.state === 'loading' && <Spin />}
      {loaded.state === 'failed' && <Result status="warning" title="能力加载失败" />}
      {loaded.state === 'ready' && (
        <AbilityFormView ability={loaded.ability} categories={categories} onSaved={onSaved} onCancel={onClose} />
      )}
    </Drawer>
  );
}

/** The cover as a picture above the upload button (the upload lists only stored names). */
function CoverField({ value = [], onChange }: { value?: string[]; onChange?: (value: string[]) => void }) {
  const [cover] = value;
  return (
    <>
      {cover && <img className="ability-cover" src={fileUrl(cover)} alt="封面预览" />}
      <FileUpload value={value} onChange={onChange} rules={COVER_RULES} label="上传封面" />
    </>
  );
}

function AbilityFormView(props: {
  ability: AbilityDetail | null;
  categories: AbilityCategory[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { ability, categories } = props;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState<0 | 1 | 'keep' | null>(null);
  const initial: Values = ability
    ? {
        productName: ability.productName,
        categoryId: ability.categoryId,
        summary: ability.summary,
        keywords: ability.keywords,
        cover: ability.cover ? [ability.cover] : [],
        description: ability.description,
        attachments: ability.attachments.map((file) => file.fileName),
      }
    : EMPTY;

  async function handleSave(status: 0 | 1 | 'keep') {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body: AbilityForm = {
      productName: values.productName,
      categoryId: values.categoryId ?? 0,
      summary: values.summary ?? '',
      keywords: values.keywords ?? '',
      cover: values.cover?.[0] ?? '',
      description: values.description ?? '',
      attachments: values.attachments ?? [],
      ...(status === 'keep' ? {} : { status }),
    };
    setSaving(status);
    try {
      const answer = ability ? await editAbility({ ...body, id: ability.id }) : await addAbility(body);
      feedback.message.success(answer.msg);
      props.onSaved();
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setSaving(null);
    }
  }

  return (
    <Form form={form} layout="vertical" initialValues={initial} className="ability-form">
      <Form.Item
        name="productName"
        label="能力名称"
        rules={[
          { required: true, whitespace: true, message: '请输入能力名称' },
          { max: ABILITY_LIMITS.productName, message: `能力名称不能超过${ABILITY_LIMITS.productName}个字符` },
        ]}
      >
        <Input placeholder="例如：五轴CNC精密加工" maxLength={ABILITY_LIMITS.productName} showCount />
      </Form.Item>
      <Form.Item name="categoryId" label="能力分类" rules={[{ required: true, message: '请选择能力分类' }]}>
        <Select placeholder="请选择能力分类" options={categories.map((c) => ({ value: c.id, label: c.name }))} />
      </Form.Item>
      <Form.Item name="summary" label="能力简介">
        <Input.TextArea rows={3} placeholder="一两句话说明这项能力" maxLength={ABILITY_LIMITS.summary} showCount />
      </Form.Item>
      <Form.Item name="keywords" label="关键词" extra="多个关键词用逗号分隔，便于被搜索到">
        <Input placeholder="例如：CNC,精密加工,铝合金" maxLength={ABILITY_LIMITS.keywords} />
      </Form.Item>
      <Form.Item name="cover" label="封面图片">
        <CoverField />
      </Form.Item>
      <Form.Item name="description" label="能力详情">
        <RichTextEditor label="能力详情" />
      </Form.Item>
      <Form.Item name="attachments" label="附件">
        <FileUpload label="上传附件" />
      </Form.Item>
      <Space wrap className="ability-form__actions">
        <Button onClick={props.onCancel}>取消</Button>
        {ability ? (
          <>
            <Button loading={saving === 'keep'} disabled={saving !== null} onClick={() => handleSave('keep')}>
              保存
            </Button>
            {ability.status !== 1 && (
              <Button type="primary" loading={saving === 1} disabled={saving !== null} onClick={() => handleSave(1)}>
                保存并发布
              </Button>
            )}
          </>
        ) : (
          <>
            <Button loading={saving === 0} disabled={saving !== null} onClick={() => handleSave(0)}>
              保存草稿
            </Button>
            <Button type="primary" loading={saving === 1} disabled={saving !== null} onClick={() => handleSave(1)}>
              发布
            </Button>
          </>
        )}
      </Space>
    </Form>
  );
}
