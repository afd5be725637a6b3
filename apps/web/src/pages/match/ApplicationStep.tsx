import { OFFICIAL_SERVICE_LIMITS, OFFICIAL_SERVICES, type OfficialServiceForm } from '@liaison/protocol';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { applyOfficialService } from '../../api/mall';
import { maxChars, requiredText } from '../common/form-rules';

type ApplicationValues = Omit<OfficialServiceForm, 'ticket'>;

/** Step 2 of the official-service application: what is needed and who to call, with the step-1 ticket. */
export function ApplicationStep({ ticket, onApplied }: { ticket: string; onApplied: () => void }) {
  const [submitting, setSubmitting] = useState(false);

  async function handleFinish(values: ApplicationValues) {
    setSubmitting(true);
    try {
      await applyOfficialService({
        ticket,
        serviceType: values.serviceType,
        company: values.company.trim(),
        contactName: values.contactName.trim(),
        content: values.content.trim(),
      });
      onApplied();
    } catch {
      // The request layer has shown the server's reason; the form keeps what was typed.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<ApplicationValues> layout="vertical" validateTrigger="onBlur" onFinish={handleFinish}>
      <Form.Item name="serviceType" label="服务类型" rules={[{ required: true, message: '请选择服务类型' }]}>
        <Select
          placeholder="请选择"
          options={OFFICIAL_SERVICES.map((service) => ({ value: service, label: service }))}
        />
      </Form.Item>
      <Form.Item
        name="company"
        label="企业名称"
        rules={[requiredText('请输入企业名称'), maxChars('企业名称', OFFICIAL_SERVICE_LIMITS.company)]}
      >
        <Input maxLength={OFFICIAL_SERVICE_LIMITS.company} placeholder="请输入企业全称" />
      </Form.Item>
      <Form.Item
        name="contactName"
        label="联系人"
        rules={[requiredText('请输入联系人'), maxChars('联系人', OFFICIAL_SERVICE_LIMITS.contactName)]}
      >
        <Input maxLength={OFFICIAL_SERVICE_LIMITS.contactName} placeholder="请输入联系人姓名" />
      </Form.Item>
      <Form.Item
        name="content"
        label="需求描述"
        rules={[requiredText('请描述您的需求'), maxChars('需求描述', OFFICIAL_SERVICE_LIMITS.content)]}
      >
        <Input.TextArea
          rows={4}
          maxLength={OFFICIAL_SERVICE_LIMITS.content}
          showCount
          placeholder="例如：需要寻找长三角地区年产能10万件以上的铝合金压铸供应商"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        提交申请
      </Button>
    </Form>
  );
}
