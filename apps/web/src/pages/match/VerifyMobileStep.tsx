import { Button, Form } from 'antd';
import { useState } from 'react';
import { checkOfficialServiceSms, sendOfficialServiceSms } from '../../api/mall';
import { CaptchaItem, MobileInput, SmsCodeItem } from '../../auth/login/fields';
import { RequiredText } from '../../auth/login/login-text';
import { type SmsSenderFields, useSmsSender } from '../../auth/login/useSmsSender';
import { mobileRule } from '../common/form-rules';

/** Empty until typed, as antd's form holds them; the rules below require each one. */
interface VerifyValues extends SmsSenderFields {
  smsVerifyCode?: string;
}

/**
 * Step 1 of the official-service application: the applicant's mobile, proved by an SMS code
 * sent after an image captcha (as the login modal does). Answers the server's ticket.
 */
export function VerifyMobileStep({ onVerified }: { onVerified: (ticket: string) => void }) {
  const [form] = Form.useForm<VerifyValues>();
  const sms = useSmsSender(form, sendOfficialServiceSms);
  const [checking, setChecking] = useState(false);

  async function handleFinish(values: VerifyValues) {
    setChecking(true);
    try {
      const { data } = await checkOfficialServiceSms({
        mobileNumber: (values.mobileNumber ?? '').trim(),
        smsVerifyCode: (values.smsVerifyCode ?? '').trim(),
      });
      onVerified(data.ticket);
    } catch (error) {
      sms.handleCodeRefused(error);
    } finally {
      setChecking(false);
    }
  }

  return (
    <Form<VerifyValues> form={form} validateTrigger="onBlur" autoComplete="off" onFinish={handleFinish}>
      <p className="match-apply__tip">为确认是您本人申请，请先验证手机号。运营人员将通过该号码与您联系。</p>
      <Form.Item name="mobileNumber" rules={[{ required: true, message: RequiredText.mobileNumber }, mobileRule]}>
        <MobileInput aria-label="手机号" placeholder="请输入手机号码" />
      </Form.Item>
      <CaptchaItem sms={sms} />
      <SmsCodeItem sms={sms} />
      <Button type="primary" htmlType="submit" block loading={checking}>
        下一步
      </Button>
    </Form>
  );
}
