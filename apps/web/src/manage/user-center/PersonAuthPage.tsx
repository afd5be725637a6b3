import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type RealNameRequest, submitRealName } from '../../api/self-center';
import { ENTERPRISE_AUTH_PATH } from '../../auth/guards';
import { refreshPerson } from '../../auth/session-actions';
import { feedback } from '../../base/feedback';
import { useSession } from '../../session/session-store';

/**
 * Mirror the server's checks so most mistakes are caught before sending (docs/portal-api.md);
 * surrounding spaces are allowed because they are trimmed when sending.
 */
const REAL_NAME_PATTERN = /^\s*[\u4e00-\u9fa5A-Za-z·]{2,30}\s*$/;
const ID_CARD_PATTERN = /^\s*\d{17}[\dXx]\s*$/;

/** Real-name verification: the form, or the verified state. */
export function PersonAuthPage() {
  const person = useSession((state) => state.person);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  if (person?.realPersonAuthStatus === 1) {
    return (
      <Result
        status="success"
        title="您已完成实名认证"
        subTitle={`真实姓名：${person.realName}`}
        extra={
          person.userType !== 2 && (
            <Button type="primary" onClick={() => navigate(ENTERPRISE_AUTH_PATH)}>
              前往企业认证
            </Button>
          )
        }
      />
    );
  }

  async function handleFinish(values: RealNameRequest) {
    setSubmitting(true);
    try {
      const { msg } = await submitRealName({ realName: values.realName.trim(), idCard: values.idCard.trim() });
      feedback.message.success(msg || '实名认证成功');
      await refreshPerson();
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="page">
      <h1 className="page__title">实名认证</h1>
      <p>请填写与身份证一致的信息。完成实名认证后，可以提交企业认证并使用消息服务。</p>
      <Form<RealNameRequest> layout="vertical" className="page__form" onFinish={handleFinish}>
        <Form.Item
          name="realName"
          label="真实姓名"
          rules={[
            { required: true, message: '请输入真实姓名' },
            { pattern: REAL_NAME_PATTERN, message: '请输入正确的真实姓名' },
          ]}
        >
          <Input placeholder="请输入真实姓名" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="idCard"
          label="身份证号"
          rules={[
            { required: true, message: '请输入身份证号码' },
            { pattern: ID_CARD_PATTERN, message: '身份证号码格式不正确' },
          ]}
        >
          <Input placeholder="请输入18位身份证号码" maxLength={18} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          提交认证
        </Button>
      </Form>
    </section>
  );
}
