import { COOPERATION_LIMITS, type CooperationApply } from '@liaison/protocol';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { applyCooperation } from '../../api/cooperation';
import { feedback } from '../../base/feedback';
import { maxChars, mobileRule, requiredText } from '../common/form-rules';

type CooperationForm = Omit<CooperationApply, 'productId'>;

interface CooperationModalProps {
  isOpen: boolean;
  productId: string;
  productName: string;
  /** A contact name to start from (the reader's nickname). */
  contactName: string;
  onClose: () => void;
  onSent: () => void;
}

/**
 * 申请合作: who to contact and what the reader needs, sent to the enterprise's cooperation inbox.
 * The button waits for the answer and the request layer refuses an identical resubmission.
 */
export function CooperationModal(props: CooperationModalProps) {
  const [form] = Form.useForm<CooperationForm>();
  const [isSending, setSending] = useState(false);

  async function handleSubmit(values: CooperationForm) {
    setSending(true);
    try {
      const subject = values.subject?.trim();
      const answer = await applyCooperation({
        productId: props.productId,
        contactName: values.contactName.trim(),
        contactPhone: values.contactPhone.trim(),
        message: values.message.trim(),
        ...(subject ? { subject } : {}),
      });
      feedback.message.success(answer.msg);
      form.resetFields();
      props.onSent();
    } catch {
      // The request layer showed the server's reason; the form keeps what was typed.
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      title="申请合作"
      open={props.isOpen}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={isSending}
      destroyOnHidden
    >
      <p className="cooperation-modal__about">
        向发布“{props.productName}”的企业提出合作，对方会在管理中心的合作申请中看到并回复。
      </p>
      <Form<CooperationForm>
        form={form}
        layout="vertical"
        initialValues={{ contactName: props.contactName }}
        onFinish={handleSubmit}
        validateTrigger="onBlur"
      >
        <Form.Item
          name="contactName"
          label="联系人"
          rules={[requiredText('请输入联系人'), maxChars('联系人', COOPERATION_LIMITS.contactName)]}
        >
          <Input maxLength={COOPERATION_LIMITS.contactName} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label="联系电话"
          rules={[{ required: true, message: '请输入联系电话' }, mobileRule]}
        >
          <Input inputMode="numeric" maxLength={11} autoComplete="tel" placeholder="11位手机号码" />
        </Form.Item>
        <Form.Item name="subject" label="合作主题" rules={[maxChars('合作主题', COOPERATION_LIMITS.subject)]}>
          <Input maxLength={COOPERATION_LIMITS.subject} placeholder={`默认为“${props.productName}”`} />
        </Form.Item>
        <Form.Item
          name="message"
          label="合作需求"
          rules={[requiredText('请输入合作需求'), maxChars('合作需求', COOPERATION_LIMITS.message)]}
        >
          <Input.TextArea
            rows={5}
            maxLength={COOPERATION_LIMITS.message}
            showCount
            placeholder="说明需要的产品或服务、数量、交期等，便于对方评估"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
