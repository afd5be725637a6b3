import { Form, Input } from 'antd';
import { FormModal } from '../../common/FormModal';

export interface NoteRequest {
  /** The dialog's title: what is being done, and to what. */
  title: string;
  /** The note's label (处理结果, 跟进备注). */
  label: string;
  okText: string;
  maxLength: number;
}

interface NoteModalProps {
  /** Null: closed. */
  request: NoteRequest | null;
  onCancel: () => void;
  /** Resolves once recorded (the dialog closes then); a rejection keeps it open for another try. */
  onSubmit: (note: string) => Promise<void>;
}

/** Asks the admin for the note a follow-up is recorded with (required, limited). */
export function NoteModal({ request, onCancel, onSubmit }: NoteModalProps) {
  const [form] = Form.useForm<{ note: string }>();
  const label = request?.label ?? '';
  const maxLength = request?.maxLength ?? 0;
  return (
    <FormModal
      title={request?.title ?? ''}
      isOpen={request !== null}
      form={form}
      onSubmit={({ note }) => onSubmit(note.trim())}
      onCancel={onCancel}
      okText={request?.okText ?? '确定'}
    >
      <Form.Item
        name="note"
        label={label}
        rules={[
          { required: true, whitespace: true, message: `请填写${label}` },
          { max: maxLength, message: `${label}不能超过${maxLength}个字符` },
        ]}
      >
        <Input.TextArea rows={4} maxLength={maxLength} showCount />
      </Form.Item>
    </FormModal>
  );
}
