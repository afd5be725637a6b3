import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

interface FormModalProps<F> {
  title: string;
  isOpen: boolean;
  form: FormInstance<F>;
  /**
   * Saves the checked values and says so. A rejection keeps the dialog open for another try: the
   * request layer has already shown the server's reason.
   */
  onSubmit: (values: F) => Promise<void>;
  onCancel: () => void;
  /** Once the dialog has closed (and given the focus back to what opened it). */
  afterClose?: () => void;
  okText?: string;
  isDanger?: boolean;
  initialValues?: Partial<F>;
  children: ReactNode;
}

/**
 * A dialog around a form: OK checks and submits it, busy while saving; it opens blank again
 * after closing (or with `initialValues`).
 */
export function FormModal<F extends object>(props: FormModalProps<F>) {
  const { form } = props;
  const [isSaving, setSaving] = useState(false);

  async function handleFinish(values: F) {
    setSaving(true);
    try {
      await props.onSubmit(values);
    } catch {
      // Shown by the request layer; the form stays open to correct it.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={props.title}
      open={props.isOpen}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      afterClose={() => {
        form.resetFields();
        props.afterClose?.();
      }}
      okText={props.okText ?? '保存'}
      cancelText="取消"
      okButtonProps={{ loading: isSaving, danger: props.isDanger }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={props.initialValues} onFinish={handleFinish}>
        {props.children}
      </Form>
    </Modal>
  );
}
