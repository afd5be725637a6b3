import {
  SUB_ACCOUNT_LIMITS,
  SUB_ACCOUNT_LOGIN_NAME_TEXT,
  type SubAccount,
  type SubAccountAbility,
} from '@liaison/protocol';
import { Alert, Checkbox, Empty, Form, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { createSubAccount, fetchGrantableAbilities, updateSubAccount } from '../../api/sub-accounts';
import { feedback } from '../../base/feedback';
import { FormModal } from '../common/FormModal';

/** The same rule the server holds passwords to (8–20, letters and digits). */
const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
const PASSWORD_RULE_TEXT = '密码长度为8-20位，且须同时包含字母和数字';

interface FormValues {
  loginName: string;
  nick: string;
  password?: string;
  abilityIds: string[];
}

interface SubAccountModalProps {
  /** null: a new sub-account. */
  editing: SubAccount | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a sub-account: its login, name, password and the abilities it may manage. */
export function SubAccountModal({ editing, isOpen, onClose, onSaved }: SubAccountModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [abilities, setAbilities] = useState<SubAccountAbility[] | null>(null);
  const [hasFailed, setFailed] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    let current = true;
    setAbilities(null);
    setFailed(false);
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { loginName: editing.loginName, nick: editing.nick, abilityIds: editing.abilityIds }
        : { abilityIds: [] },
    );
    fetchGrantableAbilities(editing?.id).then(
      ({ data }) => {
        if (!current) return;
        setAbilities(data);
        form.setFieldValue(
          'abilityIds',
          data.filter((ability) => ability.granted).map((ability) => ability.id),
        );
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [isOpen, editing, form]);

  async function handleSubmit(values: FormValues) {
    if (editing) {
      await updateSubAccount({
        id: editing.id,
        nick: values.nick,
        abilityIds: values.abilityIds,
        disabled: editing.disabled,
        ...(values.password ? { password: values.password } : {}),
      });
      feedback.message.success('子账号已修改');
    } else {
      await createSubAccount({
        loginName: values.loginName,
        nick: values.nick,
        password: values.password ?? '',
        abilityIds: values.abilityIds,
      });
      feedback.message.success('子账号已创建');
    }
    onSaved();
  }

  return (
    <FormModal
      title={editing ? '编辑子账号' : '新增子账号'}
      isOpen={isOpen}
      form={form}
      onSubmit={handleSubmit}
      onCancel={onClose}
    >
      <Form.Item
        name="loginName"
        label="登录账号"
        rules={[
          { required: true, message: '请输入登录账号' },
          { pattern: SUB_ACCOUNT_LIMITS.loginName, message: SUB_ACCOUNT_LOGIN_NAME_TEXT },
        ]}
        extra={editing ? '登录账号创建后不能修改' : '子账号用它在登录页以“账号密码登录”'}
      >
        <Input disabled={editing !== null} autoComplete="off" maxLength={20} />
      </Form.Item>
      <Form.Item
        name="nick"
        label="子账号名称"
        rules={[
          { required: true, whitespace: true, message: '请输入子账号名称' },
          { max: SUB_ACCOUNT_LIMITS.nick, message: `子账号名称不能超过${SUB_ACCOUNT_LIMITS.nick}个字符` },
        ]}
      >
        <Input maxLength={SUB_ACCOUNT_LIMITS.nick} />
      </Form.Item>
      <Form.Item
        name="password"
        label={editing ? '新密码' : '登录密码'}
        rules={[
          ...(editing ? [] : [{ required: true, message: '请输入登录密码' }]),
          { pattern: PASSWORD_RULE, message: PASSWORD_RULE_TEXT },
        ]}
        extra={editing ? '不修改请留空；修改后该子账号需重新登录' : '请将账号和密码告知子账号的使用人'}
      >
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item name="abilityIds" label="可管理的能力">
        <AbilityPicker abilities={abilities} hasFailed={hasFailed} />
      </Form.Item>
    </FormModal>
  );
}

interface AbilityPickerProps {
  abilities: SubAccountAbility[] | null;
  hasFailed: boolean;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/**
 * One checkbox an ability. Not antd's Checkbox.Group: it drops a click that comes before its
 * boxes have registered themselves (an effect after their first render), so a quick first
 * click on a freshly loaded list could leave the box unticked.
 */
function AbilityPicker({ abilities, hasFailed, value = [], onChange }: AbilityPickerProps) {
  if (hasFailed) return <Alert type="warning" showIcon title="能力列表加载失败，请关闭后重试" />;
  if (abilities === null) return <Spin size="small" />;
  if (abilities.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="企业还没有能力，请先在“我的能力”中发布" />;
  }
  const granted = new Set(value);
  const handleToggle = (id: string, isChecked: boolean) =>
    onChange?.(abilities.filter((a) => (a.id === id ? isChecked : granted.has(a.id))).map((a) => a.id));
  return (
    <fieldset className="sub-account-picker" aria-label="可管理的能力">
      {abilities.map((ability) => (
        <Checkbox
          key={ability.id}
          checked={granted.has(ability.id)}
          onChange={(event) => handleToggle(ability.id, event.target.checked)}
        >
          {ability.productName}
          {STATUS_SUFFIX[ability.status] ?? ''}
        </Checkbox>
      ))}
    </fieldset>
  );
}

const STATUS_SUFFIX: Record<number, string> = { 0: '（草稿）', 2: '（已下架）' };
