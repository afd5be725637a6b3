import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog.css';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** Buttons, at the bottom right. */
  actions: ReactNode;
  onClose(): void;
  /** A form's submit handler: the dialog becomes a form, so Enter in a field submits it. */
  onSubmit?(): void;
  /** A class for the panel besides its own (e.g. a wider dialog). */
  className?: string;
}

/**
 * A small modal dialog: labelled by its title, focus moved into it on open and kept inside while
 * tabbing, Escape or a press outside it closes it, and focus returns to where it was.
 */
export function Dialog({ title, children, actions, onClose, onSubmit, className }: DialogProps) {
  const titleID = useId();
  const panel = useRef<HTMLDivElement>(null);

  // A press on the backdrop (outside the panel) closes the dialog.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const handlePointerDown = (event: MouseEvent) => {
      if (panel.current && event.target instanceof Node && !panel.current.contains(event.target)) close.current();
    };
    document.addEventListener('mousedown', handlePointerDown);
    return () => document.removeEventListener('mousedown', handlePointerDown);
  }, []);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>('input, textarea, select, button');
    first?.focus();
    return () => previous?.focus();
  }, []);

  const handleKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key === 'Tab' && panel.current) trapTab(event, panel.current);
  };

  const body = (
    <>
      <h2 id={titleID} className="lc-conv-dialog__title">
        {title}
      </h2>
      <div className="lc-conv-dialog__body">{children}</div>
      <div className="lc-conv-dialog__actions">{actions}</div>
    </>
  );

  return (
    <div className="lc-conv-dialog__backdrop">
      <div
        ref={panel}
        className={className ? `lc-conv-dialog ${className}` : 'lc-conv-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleID}
        onKeyDown={handleKeyDown}
      >
        {onSubmit ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {body}
          </form>
        ) : (
          body
        )}
      </div>
    </div>
  );
}

function trapTab(event: React.KeyboardEvent, container: HTMLElement) {
  const focusable = Array.from(
    container.querySelectorAll<HTMLElement>('input, textarea, select, button, a[href]'),
  ).filter((element) => !element.hasAttribute('disabled'));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
