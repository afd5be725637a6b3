import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useKit } from '../../core/kit-context';

export interface ToolbarPopupProps {
  label: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}

/**
 * A toolbar dialog (spec chat.md §2 "Composer"): on desktop a panel above the toolbar that a click
 * outside or Escape closes; on phones a bottom popup over a mask. Focus goes into it on opening.
 */
export function ToolbarPopup({ label, onClose, children, className = '' }: ToolbarPopupProps) {
  const { isH5 } = useKit();
  const { t } = useTranslation('chat');
  const panel = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;

  useEffect(() => {
    // Focus goes back to what opened the popup when it closes with nothing else focused (Escape).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>('button, textarea, input, [tabindex]');
    first?.focus();
    const handlePointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (panel.current && target && !panel.current.contains(target)) {
        // The button that opened the popup toggles it itself; closing here too would reopen it.
        const toggle = (target as Element).closest?.('[data-popup-toggle]');
        if (!toggle) latestClose.current();
      }
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      const focused = document.activeElement;
      if ((!focused || focused === document.body) && opener?.isConnected) opener.focus();
    };
  }, []);

  const dialog = (
    <div
      ref={panel}
      className={`lc-toolbar-popup${isH5 ? ' lc-toolbar-popup--sheet' : ''} ${className}`}
      role="dialog"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {isH5 && (
        <div className="lc-toolbar-popup__head">
          <span>{label}</span>
          <button type="button" className="lc-icon-button" aria-label={t('close')} onClick={onClose}>
            ×
          </button>
        </div>
      )}
      {children}
    </div>
  );
  return isH5 ? <div className="lc-toolbar-popup__mask">{dialog}</div> : dialog;
}
