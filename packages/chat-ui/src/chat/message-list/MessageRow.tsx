import type { Message } from '@liaison/sdk';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../common/Avatar';
import { RiskPlaceholder } from '../message/RiskPlaceholder';
import { layoutOf, type MessageRenderers, rendererFor } from '../message/renderer-map';

export interface MessageRowProps {
  message: Message;
  /** A time separator above the message (spec §4). */
  hasTime: boolean;
  /** Incoming messages show the sender's nick in groups. */
  isGroup: boolean;
  renderers: MessageRenderers;
  /** Asked to resend a failed message (after confirmation). */
  onResend(messageID: string): void;
  /** Asked to stop the upload of a message being sent. */
  onCancelUpload(messageID: string): void;
}

/**
 * One message: optional time separator, avatar, sender nick (incoming, groups), the body drawn by
 * the renderer of its type (in a bubble, or centred for tips, or not at all for signals, as the
 * renderer says), an upload's progress bar and cancel button, and its sending or failed state.
 * Risk content shows a placeholder instead of the body, with no resend. Memoised: it re-renders
 * only when its own message object (or its separator) changes.
 */
export const MessageRow = memo(function MessageRow({
  message,
  hasTime,
  isGroup,
  renderers,
  onResend,
  onCancelUpload,
}: MessageRowProps) {
  const { t, i18n } = useTranslation('chat');
  const Renderer = rendererFor(renderers, message.type);
  const layout = layoutOf(Renderer, message);
  // Signals (typing status) are not shown; the row keeps a pixel so the virtual list can measure it.
  if (layout === 'hidden')
    return <div className="lc-row lc-row--hidden" data-message-id={message.ID} aria-hidden="true" />;
  const time = hasTime && (
    <div className="lc-row__time">
      <time dateTime={new Date(message.time * 1000).toISOString()}>
        {formatSeparatorTime(message.time, i18n.language)}
      </time>
    </div>
  );
  if (layout === 'centred') {
    return (
      <div className="lc-row" data-message-id={message.ID}>
        {time}
        <div className="lc-row__tip">
          <Renderer message={message} />
        </div>
      </div>
    );
  }
  const isOut = message.flow === 'out';
  const sender = message.nameCard || message.nick || message.from;
  const isRisky = message.hasRiskContent;
  const isUploading = !isRisky && message.status === 'unSend' && message.progress < 1;
  return (
    <div className="lc-row" data-message-id={message.ID}>
      {time}
      <div className={`lc-msg ${isOut ? 'lc-msg--out' : 'lc-msg--in'}`}>
        <Avatar url={message.avatar} label={sender} />
        <div className="lc-msg__body">
          {isGroup && !isOut && (
            <div className="lc-msg__nick">
              <bdi>{sender}</bdi>
            </div>
          )}
          <div className="lc-msg__line">
            <div className={`lc-bubble lc-bubble--${isRisky ? 'bubble' : layout}`}>
              {isRisky ? <RiskPlaceholder message={message} /> : <Renderer message={message} />}
              {isUploading && <UploadProgress progress={message.progress} />}
            </div>
            {isUploading && <CancelUploadButton onCancel={() => onCancelUpload(message.ID)} />}
            {message.status === 'unSend' && !isUploading && (
              <span className="lc-msg__sending" role="status" aria-label={t('sending')} />
            )}
            {isOut && isRisky && (
              <span className="lc-msg__failed lc-msg__failed--risk" aria-hidden="true">
                !
              </span>
            )}
            {message.status === 'fail' && !isRisky && (
              <button
                type="button"
                className="lc-msg__failed"
                aria-label={t('sendFailed')}
                title={t('sendFailed')}
                onClick={() => onResend(message.ID)}
              >
                !
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
});

/** The upload's progress under the body (spec §4: a bar below 100 % for uploads). */
function UploadProgress({ progress }: { progress: number }) {
  const { t } = useTranslation('message');
  const percent = Math.floor(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <div
      className="lc-upload"
      role="progressbar"
      aria-label={t('uploading', { percent })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="lc-upload__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

function CancelUploadButton({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation('message');
  return (
    <button
      type="button"
      className="lc-msg__cancel"
      aria-label={t('cancelUpload')}
      title={t('cancelUpload')}
      onClick={onCancel}
    >
      ×
    </button>
  );
}

/** Separator text: the time today, else the date and time (the year only when it is not this year). */
export function formatSeparatorTime(seconds: number, language: string, now: Date = new Date()): string {
  const date = new Date(seconds * 1000);
  const sameDay = date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit' }
    : {
        ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
        month: 'numeric',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      };
  return new Intl.DateTimeFormat(language, options).format(date);
}
