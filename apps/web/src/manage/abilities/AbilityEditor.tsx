import {
  ABILITY_LIMITS,
  type AbilityCategory,
  type AbilityDetail,
  type AbilityForm,
  type AbilityStatus,
} from '@liaison/protocol';
import { Button, Drawer, Form, type FormInstance, Input, Result, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { addAbility, editAbility, fetchAbility } from '../../api/abilities';
import { feedback } from '../../base/feedback';
import { useIsPhone } from '../../common/use-is-phone';
import { ImageField } from '../common/ImageField';
import { FileUpload } from '../user-center/FileUpload';
import { RichTextEditor } from './RichTextEditor';

interface AbilityEditorProps {
  /** null: a new ability; otherwise the ID of the one to edit. */
  abilityId: string | null;
  categories: AbilityCategory[];
  isOpen: boolean;
  onClose: () => void;
  /** Once the drawer has slid away (and given the focus back to what opened it). */
  afterClose: () => void;
  /** After a save; the list reloads. */
  onSaved: () => void;
}

interface Values {
  productName: string;
  categoryId?: number;
  summary: string;
  keywords: string;
  /** The stored file name, '' for none. */
  cover: string;
  description: string;
  attachments: string[];
}

/** 0 save as a draft, 1 publish, 'keep' save an edit keeping its status. */
type SaveAs = 0 | 1 | 'keep';

const EMPTY: Values = { productName: '', summary: '', keywords: '', cover: '', description: '', attachments: [] };

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; ability: AbilityDetail | null };

/**
 * Creating or editing an ability, in a drawer beside the list (full width on a phone). Its buttons
 * stay in the drawer's footer, in sight however long the form; a field the save refuses is
 * scrolled to and focused.
 */
export function AbilityEditor({ abilityId, categories, isOpen, onClose, afterClose, onSaved }: AbilityEditorProps) {
  const [loaded, setLoaded] = useState<Loaded>(abilityId ? { state: 'loading' } : { state: 'ready', ability: null });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState<SaveAs | null>(null);
  const isPhone = useIsPhone();

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

  async function handleSave(ability: AbilityDetail | null, saveAs: SaveAs) {
    const values = await validOrShowFirstError(form);
    if (!values) return;
    const body: AbilityForm = {
      productName: values.productName,
      categoryId: values.categoryId ?? 0,
      summary: values.summary ?? '',
      keywords: values.keywords ?? '',
      cover: values.cover ?? '',
      description: values.description ?? '',
      attachments: values.attachments ?? [],
      ...(saveAs === 'keep' ? {} : { status: saveAs }),
    };
    setSaving(saveAs);
    try {
      const answer = ability ? await editAbility({ ...body, id: ability.id }) : await addAbility(body);
      feedback.message.success(answer.msg);
      onSaved();
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setSaving(null);
    }
  }

  return (
    <Drawer
      open={isOpen}
      title={abilityId ? '编辑能力' : '新增能力'}
      size={isPhone ? '100%' : 760}
      onClose={onClose}
      afterOpenChange={(isShown) => {
        if (!isShown) afterClose();
      }}
      destroyOnHidden
      footer={
        loaded.state === 'ready' && (
          <EditorActions
            status={loaded.ability?.status ?? null}
            saving={saving}
            onSave={(saveAs) => handleSave(loaded.ability, saveAs)}
            onCancel={onClose}
          />
        )
      }
    >
      {loaded.state === 'loading' && <Spin />}
      {loaded.state === 'failed' && <Result status="warning" title="能力加载失败" />}
      {loaded.state === 'ready' && <AbilityFields form={form} ability={loaded.ability} categories={categories} />}
    </Drawer>
  );
}

/** The checked values, or null after scrolling to the first field in error and focusing it. */
async function validOrShowFirstError(form: FormInstance<Values>): Promise<Values | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    const first = (error as { errorFields?: Array<{ name: (string | number)[] }> }).errorFields?.[0];
    if (first) form.scrollToField(first.name, { block: 'center', focus: true });
    return null;
  }
}

/** A new ability is saved as a draft or published; an edit keeps its status or, if not published, publishes. */
function EditorActions(props: {
  /** null: a new ability. */
  status: AbilityStatus | null;
  saving: SaveAs | null;
  onSave: (saveAs: SaveAs) => void;
  onCancel: () => void;
}) {
  const { status, saving, onSave } = props;
  const button = (saveAs: SaveAs, label: string, isPrimary = false) => (
    <Button
      type={isPrimary ? 'primary' : 'default'}
      loading={saving === saveAs}
      disabled={saving !== null && saving !== saveAs}
      onClick={() => onSave(saveAs)}
    >
      {label}
    </Button>
  );
  return (
    <Space wrap className="ability-form__actions">
      <Button onClick={props.onCancel}>取消</Button>
      {status === null ? (
        <>
          {button(0, '保存草稿')}
          {button(1, '发布', true)}
        </>
      ) : (
        <>
          {button('keep', '保存')}
          {status !== 1 && button(1, '保存并发布', true)}
        </>
      )}
    </Space>
  );
}

function AbilityFields({
  form,
  ability,
  categories,
}: {
  form: FormInstance<Values>;
  ability: AbilityDetail | null;
  categories: AbilityCategory[];
}) {
  const initial: Values = ability
    ? {
        productName: ability.productName,
        categoryId: ability.categoryId,
        summary: ability.summary,
        keywords: ability.keywords,
        cover: ability.cover,
        description: ability.description,
        attachments: ability.attachments.map((file) => file.fileName),
      }
    : EMPTY;
  const attachmentNames = Object.fromEntries(
    (ability?.attachments ?? []).map((file) => [file.fileName, file.originalName]),
  );

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
        <ImageField label="封面" previewClassName="ability-cover" />
      </Form.Item>
      <Form.Item name="description" label="能力详情">
        <RichTextEditor label="能力详情" />
      </Form.Item>
      <Form.Item name="attachments" label="附件">
        <FileUpload label="上传附件" names={attachmentNames} />
      </Form.Item>
    </Form>
  );
}
