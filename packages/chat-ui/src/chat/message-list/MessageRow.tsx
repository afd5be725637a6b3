import type { Message } from '@liaison/sdk';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../common/Avatar';
import { type MessageRenderers, rendererFor } from '../message/renderers';

export interface MessageRowProps {
  message: Message;
  /** A time separator above the message (spec §4). */
  hasTime: boolean;
  /** Incoming messages show the sender's nick in groups. */
  isGroup: boolean;
  renderers: MessageRenderers;
  /** Asked to resend a failed message (after confirmation). */
  onResend(messageID: string): void;
}

/**
 * One message: optional time separator, avatar, sender nick (incoming, groups), the bubble
 * drawn by the renderer of its type, and its sending or failed state. Memoised: it re-renders
 * only when its own message object (or its separator) changes.
 */
export const MessageRow = memo(function MessageRow({
  message,
  hasTime,
  isGroup,
  renderers,
  onResend,
}: MessageRowProps) {
  const { t, i18n } = useTranslation('chat');
  const Renderer = rendererFor(renderers, message.type);
  const isOut = message.flow === 'out';
  const sender = message.nameCard || message.nick || message.from;
  return (
    <div className="lc-row" data-message-id={message.ID}>
      {hasTime && (
        <div className="lc-row__time">
          <time dateTime={new Date(message.time * 1000).toISOString()}>
            {formatSeparatorTime(message.time, i18n.language)}
          </time>
        </div>
      )}
      <div className={`lc-msg ${isOut ? 'lc-msg--out' : 'lc-msg--in'}`}>
        <Avatar url={message.avatar} label={sender} />
        <div className="lc-msg__body">
          {isGroup && !isOut && (
            <div className="lc-msg__nick">
              <bdi>{sender}</bdi>
            </div>
          )}
          <div className="lc-msg__line">
            <div className="lc-bubble">
              <Renderer message={message} />
            </div>
            {message.status === 'unSend' && (
              <span className="lc-msg__sending" role="status" aria-label={t('sending')} />
            )}
            {message.status === 'fail' && (
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
