import { useSyncExternalStore } from 'react';
import { useAwarenessText } from '../../i18n/awareness-text';
import { useKit } from '../kit-context';
import { toastText } from './error-text';
import { toastCenterOf } from './toast-center';
import './toasts.css';

/**
 * The kit's toasts, in a band at the top of the screen, over everything but never over the
 * conversation: 100 px down on a desktop (the spec's offset, below the host's header; a host with
 * something of its own there moves them with `--lc-toast-top`), over the top bar on a phone, where
 * 100 px down is already the open chat's messages. Each is read out (a failure as an
 * alert, a success as a status), goes by itself after a few seconds and can be dismissed. Mount
 * once per kit (ChatKit does).
 */
export function ToastHost() {
  const { chat, isH5 } = useKit();
  const t = useAwarenessText();
  const center = toastCenterOf(chat);
  const toasts = useSyncExternalStore(center.subscribe, center.getSnapshot, center.getSnapshot);
  if (toasts.length === 0) return null;
  return (
    <section className={isH5 ? 'lc-toasts lc-toasts--h5' : 'lc-toasts'} aria-label={t('toasts')}>
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
