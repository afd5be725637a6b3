import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../preview/focus-trap';

/**
 * A video playing over the page (a video message, a search result). Esc closes it and goes no
 * further, so a panel it was opened from stays open.
 */
export function VideoDialog({ source, poster, onClose }: { source: string; poster?: string; onClose(): void }) {
  const { t } = useTranslation('message');
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog);
  return (
    <div
      ref={dialog}
      className="lc-video-dialog"
      role="dialog"
      aria-modal="true"
      aria-label={t('video')}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      <button
        type="button"
        className="lc-video-dialog__close"
        aria-label={t('closeVideo')}
        onClick={onClose}
        data-autofocus
      >
        ×
      </button>
      {/* biome-ignore lint/a11y/useMediaCaption: user videos come without captions */}
      <video className="lc-video-dialog__player" src={source} poster={poster} controls autoPlay playsInline />
    </div>
  );
}
