import { type Message, TYPES } from '@liaison/sdk';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../common/Avatar';
import { dayNumber, zonedTime } from '../../common/time-zone';
import { useStoreValue } from '../../common/value-store';
import { useDisplayName } from '../../core/display-name';
import { useKit } from '../../core/kit-context';
import { type ChatSession, IDLE_SESSION, useChatSession } from '../actions/chat-session';
import { useRowActions } from '../actions/row-actions';
import { useMenuTrigger } from '../actions/use-menu-trigger';
import { RiskPlaceholder } from '../message/RiskPlaceholder';
import { layoutOf, type MessageRenderers, rendererFor } from '../message/renderer-map';
import { QuotedMessage } from '../quote/QuotedMessage';
import { ReactionBar } from '../reactions';
import { ReadReceipt } from '../receipts/ReadReceipt';
import { MessageResults } from '../translate/MessageResults';
import { RevokedNotice } from './RevokedNotice';
import { useTabStop } from './use-tab-stop';

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
 * Risk content shows a placeholder instead of the body, with no resend; a revoked message shows
 * '{who} revoked a message' in its place. Under the bubble: the quote it carries, translation and
 * voice-to-text results, and the extras other features add. The row is focusable and opens the
 * message's menu by right-click, long-press, Shift+F10 or the context-menu key; in multi-select
 * mode a click anywhere on it selects it. Memoised: it re-renders only when its own message
 * object (or its separator) changes, or its own selection or blink.
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
  const { timeZone } = useKit();
  const session = useChatSession() ?? IDLE_SESSION;
  const Renderer = rendererFor(renderers, message.type);
  const layout = layoutOf(Renderer, message);
  // Signals (typing status) are not shown; the row keeps a pixel so the virtual list can measure it.
  if (layout === 'hidden')
    return <div className="lc-row lc-row--hidden" data-message-id={message.ID} aria-hidden="true" />;
  const time = hasTime && (
    <div className="lc-row__time">
      <time dateTime={new Date(message.time * 1000).toISOString()}>
        {formatSeparatorTime(message.time, i18n.language, new Date(), timeZone)}
      </time>
    </div>
  );
  if (layout === 'centred' || message.isRevoked) {
    return (
      <TipRow message={message} session={session}>
        {time}
        <div className="lc-row__tip">
          {message.isRevoked ? <RevokedNotice message={message} /> : <Renderer message={message} />}
        </div>
      </TipRow>
    );
  }
  return (
    <BubbleRow
      message={message}
      time={time}
      isGroup={isGroup}
      session={session}
      onResend={onResend}
      onCancelUpload={onCancelUpload}
      body={<Renderer message={message} />}
      layout={layout}
      sendingLabel={t('sending')}
      failedLabel={t('sendFailed')}
      mentionLabel={t('mentionsMe')}
    />
  );
});

/** A centred row (group tip, revoked message): reachable with the arrow keys, without a menu. */
function TipRow({ message, session, children }: { message: Message; session: ChatSession; children: React.ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  useTabStop(row, message.ID, session.tabStop);
  return (
    <div ref={row} className="lc-row" data-message-id={message.ID} tabIndex={-1}>
      {children}
    </div>
  );
}

interface BubbleRowProps {
  message: Message;
  time: React.ReactNode;
  isGroup: boolean;
  session: ChatSession;
  onResend(messageID: string): void;
  onCancelUpload(messageID: string): void;
  body: React.ReactNode;
  layout: 'bubble' | 'media';
  sendingLabel: string;
  failedLabel: string;
  /** The mark beside the sender's name on a message that @-mentions me. */
  mentionLabel: string;
}

function BubbleRow({
  message,
  time,
  isGroup,
  session,
  onResend,
  onCancelUpload,
  body,
  layout,
  sendingLabel,
  failedLabel,
  mentionLabel,
}: BubbleRowProps) {
  const { t } = useTranslation('action');
  const { chat, isH5 } = useKit();
  const { openMenu, toggleSelected, hasMenu } = useRowActions();
  const row = useRef<HTMLElement>(null);
  const bubble = useRef<HTMLDivElement>(null);
  useTabStop(row, message.ID, session.tabStop);
  const trigger = useMenuTrigger(message, bubble);
  const isSelecting = useStoreValue(session.selection, (selection) => selection.isActive);
  const isSelected = useStoreValue(session.selection, (selection) => selection.messageIDs.has(message.ID));
  const isBlinking = useStoreValue(session.highlight, (id) => id === message.ID);
  const isOut = message.flow === 'out';
  const sender = useDisplayName()({ userID: message.from, nameCard: message.nameCard, nick: message.nick });
  const isRisky = message.hasRiskContent;
  const isUploading = !isRisky && message.status === 'unSend' && message.progress < 1;
  const canSelect = message.status === 'success';
  // Someone else's message that @-mentions me (or everyone) stands out, as in mainstream apps.
  const mentionsMe =
    !isOut &&
    message.atUserList.length > 0 &&
    (message.atUserList.includes(TYPES.MSG_AT_ALL) || message.atUserList.includes(chat.getLoginUser()));

  // Multi-select: a click anywhere on the row (but its own box) picks it, and opens nothing inside.
  const handleSelectClick = (event: React.MouseEvent) => {
    if (!isSelecting || (event.target as HTMLElement).closest('.lc-row__select')) return;
    event.preventDefault();
    event.stopPropagation();
    if (canSelect) toggleSelected(message.ID);
  };

  const className = ['lc-row', isSelecting && 'lc-row--selecting', isBlinking && 'lc-row--blink']
    .filter(Boolean)
    .join(' ');
  return (
    <article
      ref={row}
      className={className}
      data-message-id={message.ID}
      tabIndex={-1}
      onKeyDown={isSelecting ? undefined : trigger.onKeyDown}
      onClickCapture={handleSelectClick}
    >
      {time}
      <div className="lc-row__content">
        {isSelecting && (
          <input
            type="checkbox"
            className="lc-row__select"
            aria-label={t('selectMessage')}
            checked={isSelected}
            disabled={!canSelect}
            onChange={() => toggleSelected(message.ID)}
          />
        )}
        <div className={`lc-msg ${isOut ? 'lc-msg--out' : 'lc-msg--in'}`} {...(isSelecting ? {} : trigger.pointer)}>
          <Avatar url={message.avatar} label={sender} />
          <div className="lc-msg__body">
            {isGroup && !isOut && (
              <div className="lc-msg__nick">
                <bdi>{sender}</bdi>
                {mentionsMe && <span className="lc-msg__mention">{mentionLabel}</span>}
              </div>
            )}
            <div className="lc-msg__line">
              <div
                ref={bubble}
                className={`lc-bubble lc-bubble--${isRisky ? 'bubble' : layout}${mentionsMe ? ' lc-bubble--mentions-me' : ''}`}
              >
                {isRisky ? <RiskPlaceholder message={message} /> : body}
                {isUploading && <UploadProgress progress={message.progress} />}
              </div>
              {isUploading && <CancelUploadButton onCancel={() => onCancelUpload(message.ID)} />}
              {message.status === 'unSend' && !isUploading && (
                <span className="lc-msg__sending" role="status" aria-label={sendingLabel} />
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
                  aria-label={failedLabel}
                  title={failedLabel}
                  onClick={() => onResend(message.ID)}
                >
                  !
                </button>
              )}
              {!isH5 && !isSelecting && hasMenu(message, layout) && (
                <button
                  type="button"
                  className="lc-msg__more"
                  tabIndex={-1}
                  aria-label={t('moreActions')}
                  title={t('moreActions')}
                  aria-haspopup="menu"
                  onClick={(event) => openMenu(message, { element: bubble.current ?? event.currentTarget })}
                >
                  ⋯
                </button>
              )}
            </div>
            {!isRisky && <QuotedMessage message={message} />}
            {!isRisky && <MessageResults message={message} />}
            <div className="lc-row__extras">
              {/* Extras under the bubble, one line per feature (reactions, read status). */}
              <ReactionBar message={message} />
              <ReadReceipt message={message} />
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}

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

/**
 * Separator text: the time today, else the date and time (the year only when it is not this
 * year), in the kit's time zone (the browser's when unset).
 */
export function formatSeparatorTime(
  seconds: number,
  language: string,
  now: Date = new Date(),
  timeZone?: string,
): string {
  const date = new Date(seconds * 1000);
  const sameDay = dayNumber(date.getTime(), timeZone) === dayNumber(now.getTime(), timeZone);
  const sameYear = zonedTime(date.getTime(), timeZone).year === zonedTime(now.getTime(), timeZone).year;
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { timeZone, hour: '2-digit', minute: '2-digit' }
    : {
        timeZone,
        ...(sameYear ? {} : { year: 'numeric' }),
        month: 'numeric',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      };
  return new Intl.DateTimeFormat(language, options).format(date);
}
