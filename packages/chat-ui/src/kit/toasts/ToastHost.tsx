import { useSyncExternalStore } from 'react';
import { useAwarenessText } from '../../i18n/awareness-text';
import { useKit } from '../kit-context';
import { toastText } from './error-text';
import { toastCenterOf } from './toast-center';
import './toasts.css';

/**
 * The kit's toasts, at the top of the kit, over everything. Each is read out (a failure as an
 * alert, a success as a status), goes by itself after a few seconds and can be dismissed. Mount
 * once per kit (ChatKit does).
 */
export function ToastHost() {
  const { chat } = useKit();
  const t = useAwarenessText();
  const center = toastCenterOf(chat);
  const toasts = useSyncExternalStore(center.subscribe, center.getSnapshot, center.getSnapshot);
  if (toasts.length === 0) return null;
  return (
    <section className="lc-toasts" aria-label={t('toasts')}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`lc-toast lc-toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <span className="lc-toast__text">{toastText(toast, t)}</span>
          <button
            type="button"
            className="lc-toast__close"
            aria-label={t('dismiss')}
            onClick={() => center.dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
