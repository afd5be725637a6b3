import { Button, type ButtonProps, Popconfirm } from 'antd';
import { type ReactNode, useRef } from 'react';

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title'> {
  /** The question. */
  question: ReactNode;
  description?: ReactNode;
  okText: string;
  cancelText?: string;
  /** The answer that confirms is a dangerous one (a deletion). */
  isDangerous?: boolean;
  /** Runs on confirmation; a promise keeps the question open, busy, until it settles. */
  onConfirm: () => unknown;
  children: ReactNode;
}

/**
 * A button that asks before it acts. For the keyboard: the question's confirming button takes
 * the focus when it opens (Enter confirms, Escape cancels), and the focus comes back to this
 * button when it closes rather than falling to the page.
 */
export function ConfirmButton({
  question,
  description,
  okText,
  cancelText = '取消',
  isDangerous = false,
  onConfirm,
  children,
  ...button
}: ConfirmButtonProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Popconfirm
      title={question}
      description={description}
      okText={okText}
      cancelText={cancelText}
      // Mounted afresh at each opening, so the confirming button's autoFocus applies every time.
      okButtonProps={{ autoFocus: true, danger: isDangerous }}
      destroyOnHidden
      onConfirm={onConfirm}
      onOpenChange={(isOpen) => {
        if (!isOpen) trigger.current?.focus();
      }}
    >
      <Button ref={trigger} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
}
