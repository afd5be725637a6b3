import { Button, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fileUrl } from '../../../api/upload';
import { feedback } from '../../../app/feedback';
import { ConfirmButton } from '../../common/ConfirmButton';
import { FormModal } from '../../common/FormModal';
import type { OverlayControl } from '../../common/use-overlay';

/** What a dialog edits: a new record, or one read in full from the server. */
export type Editing<T> = { mode: 'create' } | { mode: 'edit'; record: T };

/** 查看 (its public page, in a new tab), 编辑 and 删除 after a confirmation: a table's last column or a card's actions. */
export function rowActions(what: string, publicPath: string, onEdit: () => void, onDelete: () => Promise<void>) {
  return [
    <Link key="view" to={publicPath} target="_blank" rel="noopener noreferrer" aria-label={`查看${what}`}>
      查看
    </Link>,
    <Button key="edit" type="link" onClick={onEdit}>
      编辑
    </Button>,
    <ConfirmButton key="delete" type="link" danger question={`删除${what}？`} okText="删除" onConfirm={onDelete}>
      删除
    </ConfirmButton>,
  ];
}

/** A stored picture's thumbnail, or a blank of its size when there is none. */
/** A cover (16:9), or a person's picture (`isAvatar`: square and round, so a face is not cropped). */
export function Thumb({ fileName, alt, isAvatar = false }: { fileName: string; alt: string; isAvatar?: boolean }) {
  const className = isAvatar ? 'content__thumb platform-content__avatar' : 'content__thumb';
  if (fileName === '') return <span className={`${className} platform-content__no-picture`} aria-hidden />;
  return <img className={className} src={fileUrl(fileName)} alt={alt} />;
}

/** A required text of at most `max` characters, refused past it as the server would. */
export function requiredText(label: string, max: number): Rule[] {
  return [{ required: true, whitespace: true, message: `请输入${label}` }, ...maxText(label, max)];
}

export function maxText(label: string, max: number): Rule[] {
  return [{ max, message: `${label}不能超过${max}个字符` }];
}

/**
 * The character count beside a field, red past `max`. The field is not cut at `max`: a pasted
 * over-long text stays visible and the form says what to shorten.
 */
export const counted = (max: number) => ({ show: true, max });

/** Text fields trimmed as the server stores them. */
export function trimmed<F extends object>(values: F): F {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as F;
}

interface EditModalProps<F> {
  form: FormInstance<F>;
  title: string;
  initial: Partial<F>;
  save: (values: F) => Promise<{ msg: string }>;
  overlay: OverlayControl;
  onSaved: () => Promise<void>;
  children: ReactNode;
}

/** A create or edit dialog: saves, says so, and the list reloads. */
export function EditModal<F extends object>({
  form,
  title,
  initial,
  save,
  overlay,
  onSaved,
  children,
}: EditModalProps<F>) {
  async function handleSubmit(values: F) {
    feedback.message.success((await save(values)).msg);
    await onSaved();
  }
  return (
    <FormModal
      isOpen={overlay.isOpen}
      title={title}
      form={form}
      initialValues={initial}
      onSubmit={handleSubmit}
      onCancel={overlay.close}
      afterClose={overlay.clear}
    >
      {children}
    </FormModal>
  );
}

/** Reads a record in full, then opens its dialog. A failed read needs nothing: the request layer showed why. */
export async function editAfterReading<T>(
  read: Promise<{ data: T }>,
  open: (editing: Editing<T>) => void,
): Promise<void> {
  try {
    open({ mode: 'edit', record: (await read).data });
  } catch {
    // The request layer showed the server's reason.
  }
}
