import type { Message } from '@liaison/sdk';
import { useTranslation } from 'react-i18next';
import { formatSeparatorTime } from '../../../chat/message-list/MessageRow';
import { useKit } from '../../../core/kit-context';
import { useSearchCommonText } from '../../../i18n/search-common-text';
import { LocateIcon } from '../icons';

/** What every result list gets from the panel. */
export interface ResultListProps {
  messages: readonly Message[];
  /** The committed keywords, for highlighting. */
  keywords: readonly string[];
  onLocate(message: Message): void;
}

/** The name a result shows for its sender: the group alias, else the nick, else the user ID. */
export function senderName(message: Message): string {
  return message.nameCard || message.nick || message.from;
}

/** The sender's name and when it was sent, on one line. */
export function ResultByline({ message }: { message: Message }) {
  const { i18n } = useTranslation();
  const { timeZone } = useKit();
  return (
    <span className="lc-csearch__byline">
      <bdi className="lc-csearch__sender">{senderName(message)}</bdi>
      <time className="lc-csearch__time-text" dateTime={new Date(message.time * 1000).toISOString()}>
        {formatSeparatorTime(message.time, i18n.language, new Date(), timeZone)}
      </time>
    </span>
  );
}

/** 'Locate in chat': described by the result it belongs to, so a screen reader tells them apart. */
export function LocateButton({
  message,
  describedBy,
  onLocate,
  isCompact = false,
}: {
  message: Message;
  describedBy: string;
  onLocate(message: Message): void;
  /** An icon only (the image grid); otherwise the words. */
  isCompact?: boolean;
}) {
  const t = useSearchCommonText();
  return (
    <button
      type="button"
      className={isCompact ? 'lc-csearch__locate lc-csearch__locate--compact' : 'lc-csearch__locate'}
      aria-describedby={describedBy}
      title={t('locate')}
      {...(isCompact ? { 'aria-label': t('locate') } : {})}
      onClick={() => onLocate(message)}
    >
      <LocateIcon />
      {!isCompact && <span>{t('locate')}</span>}
    </button>
  );
}
