import { ADMIN_LIMITS } from '@liaison/protocol';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

interface RejectModalProps {
  /** Whose application: shown in the title. */
  applicant: string | null;
  onCancel: () => void;
  /** Resolves when the rejection was recorded; the modal closes then. */
  onReject: (reason: string) => Promise<void>;
}

/** Asks for the reason the applicant will read (required, at most 200 characters). */
export function RejectModal({ applicant, onCancel, onReject }: RejectModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [isSaving, setSaving] = useState(false);

  async function handleOk() {
    const values = await form.validateFields().catch(() => null);
    // The form shows what is missing.
    if (!values) return;
    const { reason } = values;
    setSaving(true);
    try {
      await onReject(reason.trim());
      form.resetFields();
    } catch {
      // The request layer has shown the server's reason; the modal stays for another try.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={applicant !== null}
      title={`驳回「${applicant ?? ''}」的申请`}
      okText="确认驳回"
      okButtonProps={{ danger: true, loading: isSaving }}
      cancelText="取消"
      onOk={handleOk}
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="驳回原因"
          extra="申请人将看到这段原因"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { max: ADMIN_LIMITS.rejectReason, message: `驳回原因不能超过${ADMIN_LIMITS.rejectReason}个字符` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={ADMIN_LIMITS.rejectReason} showCount placeholder="请说明驳回的原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
