import { Button, Form } from 'antd';
import { useState } from 'react';
import { checkOfficialServiceSms, sendOfficialServiceSms } from '../../api/mall';
import { RequestError } from '../../api/request';
import { feedback } from '../../app/feedback';
import { CaptchaInput, MobileInput, SmsCodeInput } from '../../auth/login/fields';
import { RequiredText, SMS_EXPIRED_TEXT, SMS_RESEND_SECONDS, SMS_SENT_TEXT } from '../../auth/login/login-text';
import { useCaptcha } from '../../auth/login/useCaptcha';
import { useCountdown } from '../../auth/login/useCountdown';

const MOBILE = /^1\d{10}$/;

interface VerifyValues {
  mobileNumber: string;
  verifyCode: string;
  smsVerifyCode: string;
}

/**
 * Step 1 of the official-service application: the applicant's mobile, proved by an SMS code
 * sent after an image captcha (as the login modal does). Answers the server's ticket.
 */
export function VerifyMobileStep({ onVerified }: { onVerified: (ticket: string) => void }) {
  const [form] = Form.useForm<VerifyValues>();
  const { captcha, refresh } = useCaptcha();
  const countdown = useCountdown(SMS_RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);

  function refreshCaptcha() {
    form.setFieldValue('verifyCode', '');
    void refresh();
  }

  async function handleSend() {
    if (countdown.remaining > 0 || sending) return;
    const values = await form.validateFields(['mobileNumber', 'verifyCode']).catch(() => null);
    if (!values || !captcha) return;
    setSending(true);
    try {
      await sendOfficialServiceSms({
        mobileNumber: values.mobileNumber.trim(),
        verifyCode: values.verifyCode.trim(),
        verifyCodeId: captcha.id,
      });
      feedback.message.success(SMS_SENT_TEXT);
      countdown.start();
    } catch {
      // The request layer has shown the server's reason; a captcha answer counts once, right or wrong.
      refreshCaptcha();
    } finally {
      setSending(false);
    }
  }

  async function handleFinish(values: VerifyValues) {
    setChecking(true);
    try {
      const { data } = await checkOfficialServiceSms({
        mobileNumber: values.mobileNumber.trim(),
        smsVerifyCode: values.smsVerifyCode.trim(),
      });
      onVerified(data.ticket);
    } catch (error) {
      if (error instanceof RequestError && error.message === SMS_EXPIRED_TEXT) countdown.reset();
    } finally {
      setChecking(false);
    }
  }

  return (
    <Form<VerifyValues> form={form} validateTrigger="onBlur" autoComplete="off" onFinish={handleFinish}>
      <p className="match-apply__tip">为确认是您本人申请，请先验证手机号。运营人员将通过该号码与您联系。</p>
      <Form.Item
        name="mobileNumber"
        rules={[
          { required: true, message: RequiredText.mobileNumber },
          { pattern: MOBILE, message: '请输入正确的手机号码' },
        ]}
      >
        <MobileInput aria-label="手机号" placeholder="请输入手机号码" />
      </Form.Item>
      <Form.Item name="verifyCode" rules={[{ required: true, message: RequiredText.verifyCode }]}>
        <CaptchaInput
          captcha={captcha}
          onRefresh={refreshCaptcha}
          aria-label="图形验证码"
          placeholder="请输入图形验证码"
        />
      </Form.Item>
      <Form.Item name="smsVerifyCode" rules={[{ required: true, message: RequiredText.smsVerifyCode }]}>
        <SmsCodeInput
          aria-label="短信验证码"
          placeholder="请输入短信验证码"
          remaining={countdown.remaining}
          sending={sending}
          onSend={handleSend}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={checking}>
        下一步
      </Button>
    </Form>
  );
}
