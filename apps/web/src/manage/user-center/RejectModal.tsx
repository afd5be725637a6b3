import { ADMIN_LIMITS } from '@liaison/protocol';
import { Form, Input } from 'antd';
import { FormModal } from '../common/FormModal';

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
  return (
    <FormModal
      title={`驳回「${applicant ?? ''}」的申请`}
      isOpen={applicant !== null}
      form={form}
      onSubmit={({ reason }) => onReject(reason.trim())}
      onCancel={onCancel}
      okText="确认驳回"
      isDanger
    >
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
    </FormModal>
  );
}
