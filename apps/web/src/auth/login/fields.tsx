import { Button, Form, Input, type InputProps, Space } from 'antd';
import type { Captcha } from '../../api/types';
import { RequiredText, resendText } from './login-text';
import type { SmsSender } from './useSmsSender';

/** The mobile number: China only, so +86 is fixed in front of it (spec §2). */
export function MobileInput(props: InputProps) {
  return (
    <Space.Compact block>
      <Space.Addon>+86</Space.Addon>
      <Input {...props} inputMode="numeric" maxLength={11} />
    </Space.Compact>
  );
}

interface CaptchaInputProps extends InputProps {
  captcha: Captcha | null;
  onRefresh(): void;
}

/** The captcha answer beside its picture; clicking the picture loads a new one. */
export function CaptchaInput({ captcha, onRefresh, ...props }: CaptchaInputProps) {
  return (
    <Space.Compact block>
      <Input {...props} />
      <button type="button" className="login-captcha" aria-label="看不清，换一张" onClick={onRefresh}>
        {captcha ? <img src={captcha.verifyCode} alt="图形验证码" /> : <span>点击刷新</span>}
      </button>
    </Space.Compact>
  );
}

interface SmsCodeInputProps extends InputProps {
  remaining: number;
  sending: boolean;
  onSend(): void;
}

/** The SMS code with its send button, which counts down after a send. */
export function SmsCodeInput({ remaining, sending, onSend, ...props }: SmsCodeInputProps) {
  return (
    <Space.Compact block>
      <Input {...props} inputMode="numeric" maxLength={6} />
      <Button onClick={onSend} disabled={remaining > 0 || sending}>
        {remaining > 0 ? resendText(remaining) : '获取验证码'}
      </Button>
    </Space.Compact>
  );
}

/** The image captcha's answer as a form field (`verifyCode`), its picture from the SMS sender. */
export function CaptchaItem({ sms }: { sms: SmsSender }) {
  return (
    <Form.Item name="verifyCode" rules={[{ required: true, message: RequiredText.verifyCode }]}>
      <CaptchaInput
        captcha={sms.captcha}
        onRefresh={sms.refreshCaptcha}
        aria-label="图形验证码"
        placeholder="请输入图形验证码"
      />
    </Form.Item>
  );
}

/** The SMS code as a form field (`smsVerifyCode`), its send button driven by the SMS sender. */
export function SmsCodeItem({ sms }: { sms: SmsSender }) {
  return (
    <Form.Item name="smsVerifyCode" rules={[{ required: true, message: RequiredText.smsVerifyCode }]}>
      <SmsCodeInput
        aria-label="短信验证码"
        placeholder="请输入短信验证码"
        remaining={sms.remaining}
        sending={sms.isSending}
        onSend={sms.send}
      />
    </Form.Item>
  );
}
