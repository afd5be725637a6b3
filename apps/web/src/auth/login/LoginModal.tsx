import { WechatOutlined } from '@ant-design/icons';
import { PORTAL_PASSWORD_RULE, PORTAL_PASSWORD_RULE_TEXT } from '@liaison/protocol';
import { Alert, Button, Form, type FormInstance, type FormRule, Input, Modal, Tabs } from 'antd';
import { type MouseEvent, useState } from 'react';
import { sendSmsCode } from '../../api/auth';
import { TOAST_CONFIG } from '../../base/feedback';
import {
  closeLoginModal,
  type LoginMode,
  setLoginMode,
  useSession,
  type WechatBinding,
} from '../../session/session-store';
import { completeLogin } from '../session-actions';
import { startWechatLogin } from '../wechat-login';
import { CaptchaItem, MobileInput, SmsCodeItem } from './fields';
import { type LoginOptions, useLoginOptions } from './login-options';
import { PASSWORD_MISMATCH_TEXT, RequiredText } from './login-text';
import { type LoginValues, submitLogin } from './submit-login';
import { useSmsSender } from './useSmsSender';

/** Spec §9. */
const MODAL_WIDTH = 400;

const FIELD_NAMES = ['account', 'password', 'secPassword', 'verifyCode', 'mobileNumber', 'smsVerifyCode'] as const;

/**
 * What each mode checks on submit. The captcha answer belongs to account login; in the SMS
 * modes it only serves to send the code, so a refreshed, empty captcha does not block the login.
 */
const SUBMITTED: Record<LoginMode, (keyof LoginValues)[]> = {
  account: ['account', 'password', 'verifyCode'],
  sms: ['mobileNumber', 'smsVerifyCode'],
  register: ['mobileNumber', 'smsVerifyCode', 'password', 'secPassword'],
};

const LOGIN_MODAL_TOP = TOAST_CONFIG.top + 56;

const TABS = [
  { key: 'account', label: '账号登录' },
  { key: 'sms', label: '短信登录' },
];

/**
 * The login / registration modal of spec §2, §4 and §5; the session store opens and closes it.
 * In the 'bind account' mode (a WeChat account not yet bound) SMS login or registration binds it.
 */
export function LoginModal() {
  const { open, mode: asked, opened, wechat = null } = useSession((state) => state.loginModal);
  // With SMS login off on the server there is no SMS login and no registration (it is by SMS code).
  const options = useLoginOptions();
  const mode = options.smsLogin ? asked : 'account';
  return (
    <Modal
      open={open}
      width={MODAL_WIDTH}
      // Below the toasts' band (TOAST_CONFIG.top and one toast's height), which would cover the title.
      style={{ top: LOGIN_MODAL_TOP }}
      title={titleFor(mode, wechat)}
      footer={null}
      onCancel={closeLoginModal}
      destroyOnHidden
    >
      {/* A fresh form, captcha and countdown each time it opens, even during the closing animation. */}
      <LoginForm key={opened} mode={mode} options={options} wechat={wechat} />
    </Modal>
  );
}

function titleFor(mode: LoginMode, wechat: WechatBinding | null): string {
  if (wechat) return '绑定账号';
  return mode === 'register' ? '账号注册' : '用户登录';
}

interface LoginFormProps {
  mode: LoginMode;
  options: LoginOptions;
  wechat: WechatBinding | null;
}

function LoginForm({ mode, options, wechat }: LoginFormProps) {
  const { smsLogin, wechatLogin } = options;
  const [form] = Form.useForm<LoginValues>();
  const sms = useSmsSender(form, sendSmsCode);
  const [submitting, setSubmitting] = useState(false);

  function handleSwitch(next: LoginMode) {
    clearValidation(form);
    setLoginMode(next);
  }

  async function handleSubmit(event: MouseEvent) {
    // The form's own submit would check every field, the captcha included (see SUBMITTED).
    event.preventDefault();
    if (submitting) return;
    const values = await form.validateFields(SUBMITTED[mode]).catch(() => null);
    if (!values) return;
    setSubmitting(true);
    try {
      const answer = await submitLogin(mode, values, sms.captcha?.id ?? '', wechat?.wechatKey);
      await completeLogin(answer.data.token, answer.msg);
    } catch (error) {
      sms.handleCodeRefused(error);
      sms.refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  }

  const required = (name: keyof typeof RequiredText): FormRule[] => [{ required: true, message: RequiredText[name] }];

  return (
    <>
      {wechat && <Alert className="login-binding" type="info" showIcon title={bindingText(wechat.nickname)} />}
      {mode !== 'register' && !wechat && (
        <Tabs
          activeKey={mode}
          items={smsLogin ? TABS : TABS.filter((tab) => tab.key === 'account')}
          onChange={(key) => handleSwitch(key === 'sms' ? 'sms' : 'account')}
        />
      )}
      <Form form={form} validateTrigger="onBlur" autoComplete="off">
        {mode === 'account' ? (
          <>
            <Form.Item name="account" rules={required('account')}>
              {/* The first field takes the focus on opening, not the close button. */}
              <Input aria-label="账号" placeholder="请输入手机号/登录账号" autoFocus />
            </Form.Item>
            <Form.Item name="password" rules={required('password')}>
              <Input.Password aria-label="密码" placeholder="请输入密码" />
            </Form.Item>
            <CaptchaItem sms={sms} />
          </>
        ) : (
          <>
            <Form.Item name="mobileNumber" rules={required('mobileNumber')}>
              <MobileInput aria-label="手机号" placeholder="请输入手机号码" autoFocus />
            </Form.Item>
            <CaptchaItem sms={sms} />
            <SmsCodeItem sms={sms} />
          </>
        )}
        {mode === 'register' && (
          <>
            <Form.Item name="password" rules={[...required('password'), passwordRule]}>
              <Input.Password aria-label="密码" placeholder="请输入密码（8-20位，含字母和数字）" />
            </Form.Item>
            <Form.Item
              name="secPassword"
              dependencies={['password']}
              rules={[...required('secPassword'), matchesPassword]}
            >
              <Input.Password aria-label="确认密码" placeholder="请再次输入密码" />
            </Form.Item>
          </>
        )}
        <Form.Item>
          {/* A submit button, so Enter in a field submits too (through this click). */}
          <Button type="primary" htmlType="submit" block loading={submitting} onClick={handleSubmit}>
            {mode === 'register' ? '注册' : '登录'}
          </Button>
        </Form.Item>
      </Form>
      <div className="login-footer">
        {mode === 'register' ? (
          <Button type="link" onClick={() => handleSwitch(wechat ? 'sms' : 'account')}>
            已有账号？返回登录
          </Button>
        ) : (
          smsLogin && (
            <Button type="link" onClick={() => handleSwitch('register')}>
              没有账号？立即注册
            </Button>
          )
        )}
        {/* Only when the server has WeChat login configured: otherwise it would lead nowhere. */}
        {wechatLogin && !wechat && (
          <Button
            type="text"
            shape="circle"
            aria-label="微信登录"
            icon={<WechatOutlined aria-hidden className="login-wechat" />}
            onClick={startWechatLogin}
          />
        )}
      </div>
    </>
  );
}

/** Spec §5 (checked on blur like every field): the rule the placeholder states. */
const passwordRule: FormRule = { pattern: PORTAL_PASSWORD_RULE, message: PORTAL_PASSWORD_RULE_TEXT };

function bindingText(nickname: string): string {
  const who = nickname ? `微信用户「${nickname}」` : '该微信账号';
  return `${who}尚未绑定平台账号，请用手机号验证登录完成绑定。`;
}

/**
 * Spec §5: a different confirmation is pointed out but does not stop the submit (the server
 * refuses it with its own message), so the rule only warns.
 */
const matchesPassword: FormRule = ({ getFieldValue }) => ({
  warningOnly: true,
  validator: (_, value: string | undefined) =>
    !value || value === getFieldValue('password')
      ? Promise.resolve()
      : Promise.reject(new Error(PASSWORD_MISMATCH_TEXT)),
});

function clearValidation(form: FormInstance<LoginValues>) {
  form.setFields(FIELD_NAMES.map((name) => ({ name, errors: [], warnings: [] })));
}
