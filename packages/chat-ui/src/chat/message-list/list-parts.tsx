import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** What the list's header and footer read of it. */
export interface ListContext {
  isCompleted: boolean;
  isLoading: boolean;
  onLoadMore(): void;
  /** A window opened at an older message: more below, loaded on reaching the end. */
  hasNewer: boolean;
}

/** 'View more' above the oldest message while older history is left. */
export function ListHeader({ context }: { context?: ListContext }) {
  const { t } = useTranslation('chat');
  if (!context || context.isCompleted) return null;
  return (
    <div className="lc-message-list__more">
      <button type="button" className="lc-link-button" disabled={context.isLoading} onClick={context.onLoadMore}>
        {context.isLoading ? t('loading') : t('viewMore')}
      </button>
    </div>
  );
}

/** While a window loads its way down to the live end. */
export function ListFooter({ context }: { context?: ListContext }) {
  const { t } = useTranslation('chat');
  if (!context?.hasNewer) return null;
  return (
    <p className="lc-message-list__more" role="status">
      {t('loading')}
    </p>
  );
}

/** spec §2: 'Confirm to resend the message?' */
export function ResendDialog({ onCancel, onConfirm }: { onCancel(): void; onConfirm(): void }) {
  const { t } = useTranslation('chat');
  const titleID = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div className="lc-dialog__mask">
      <div className="lc-dialog" role="dialog" aria-modal="true" aria-labelledby={titleID}>
        <p id={titleID}>{t('resendConfirm')}</p>
        <div className="lc-dialog__actions">
          <button type="button" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="button" className="lc-button--primary" onClick={onConfirm} ref={confirm}>
            {t('confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
