import { useId, useState } from 'react';
import { Dialog } from '../common/Dialog';
import { useGroupText } from '../i18n/group-text';

export interface EditFieldDialogProps {
  title: string;
  label: string;
  initial: string;
  hint?: string;
  isMultiline?: boolean;
  /** Shows a live 'n/max' count (characters), e.g. the notice's 150. */
  maxCharacters?: number;
  /** A problem with the value to show under the field, or null when it may be saved. */
  validate?(value: string): string | null;
  /** The submit button's text (default 'Save'). */
  submitLabel?: string;
  /** Saves; resolves true when the server agreed (the dialog then closes). */
  onSave(value: string): Promise<boolean>;
  onClose(): void;
}

/** One field of the group (name, introduction, avatar, an alias) or of a topic edited in a small dialog. */
export function EditFieldDialog(props: EditFieldDialogProps) {
  const t = useGroupText();
  const fieldID = useId();
  const hintID = useId();
  const errorID = useId();
  const [value, setValue] = useState(props.initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const count = [...value].length;

  const handleSubmit = async () => {
    if (isSaving) return;
    const found = props.validate?.(value) ?? null;
    setProblem(found);
    if (found) return;
    setSaving(true);
    const saved = await props.onSave(value);
    setSaving(false);
    if (saved) props.onClose();
  };

  const describedBy = [props.hint ? hintID : '', problem ? errorID : ''].filter(Boolean).join(' ') || undefined;
  const field = props.isMultiline ? (
    <textarea
      id={fieldID}
      className="lc-conv-input lc-group__textarea"
      rows={5}
      value={value}
      aria-describedby={describedBy}
      aria-invalid={problem ? true : undefined}
      onChange={(event) => setValue(event.target.value)}
    />
  ) : (
    <input
      id={fieldID}
      className="lc-conv-input"
      value={value}
      autoComplete="off"
      aria-describedby={describedBy}
      aria-invalid={problem ? true : undefined}
      onChange={(event) => setValue(event.target.value)}
    />
  );

  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      onSubmit={() => void handleSubmit()}
      actions={
        <>
          <button type="button" className="lc-conv-button" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="lc-conv-button lc-conv-button--primary" disabled={isSaving}>
            {props.submitLabel ?? t('save')}
          </button>
        </>
      }
    >
      <label className="lc-conv-field" htmlFor={fieldID}>
        {props.label}
      </label>
      {field}
      {props.maxCharacters !== undefined ? (
        <p
          className={`lc-group__count${count > props.maxCharacters ? ' lc-group__count--over' : ''}`}
          aria-live="polite"
        >
          {t('noticeCount', { count, max: props.maxCharacters })}
        </p>
      ) : null}
      {props.hint ? (
        <p id={hintID} className="lc-group__hint">
          {props.hint}
        </p>
      ) : null}
      {problem ? (
        <p id={errorID} className="lc-conv-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
