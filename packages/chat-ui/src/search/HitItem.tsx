import type { Message } from '@liaison/sdk';
import { useTranslation } from 'react-i18next';
import { fileBadge, formatFileSize } from '../chat/message/file-kind';
import { Avatar } from '../common/Avatar';
import { formatConversationTime } from '../conversations/format-conversation-time';
import { useConversationText } from '../conversations/use-conversation-text';
import { useKit } from '../core/kit-context';
import { useSearchCommonText } from '../i18n/search-common-text';
import { Highlight } from './Highlight';
import { hitLayout, hitPicture, hitText, senderName } from './hit-display';

export interface HitItemProps {
  message: Message;
  keywords: readonly string[];
  onLocate(message: Message): void;
}

/**
 * One message of a conversation's hits (spec chat.md §2): the sender and time, then the message as
 * a text bubble, a file card, a picture or a line of info, with the keywords marked, and its
 * 'Locate in chat' action.
 */
export function HitItem({ message, keywords, onLocate }: HitItemProps) {
  const t = useSearchCommonText();
  const tc = useConversationText();
  const { timeZone } = useKit();
  const { i18n } = useTranslation();
  const layout = hitLayout(message);
  const name = senderName(message);
  const text = hitText(message, i18n.language, tc);
  return (
    <li className={`lc-search-hit lc-gsearch__hit lc-gsearch__hit--${layout}`}>
      <Avatar url={message.avatar} size={32} />
      <div className="lc-gsearch__hit-body">
        <div className="lc-gsearch__hit-meta">
          <bdi className="lc-gsearch__hit-sender">{name}</bdi>
          <time dateTime={new Date(message.time * 1000).toISOString()}>
            {formatConversationTime(message.time, Date.now(), tc, timeZone)}
          </time>
        </div>
        {layout === 'file' && message.type === 'TIMFileElem' ? (
          <div className="lc-gsearch__file">
            <span className="lc-gsearch__file-badge" aria-hidden="true">
              {fileBadge(message.payload.fileName)}
            </span>
            <span className="lc-gsearch__file-text">
              <bdi className="lc-gsearch__file-name">
                <Highlight text={text} keywords={keywords} />
              </bdi>
              <span className="lc-gsearch__file-size">{formatFileSize(message.payload.fileSize)}</span>
            </span>
          </div>
        ) : layout === 'image' ? (
          <span className="lc-gsearch__picture">
            {hitPicture(message) ? <img src={hitPicture(message)} alt={text} loading="lazy" /> : text}
          </span>
        ) : (
          <p className={layout === 'bubble' ? 'lc-gsearch__bubble' : 'lc-gsearch__info'}>
            <bdi>
              <Highlight text={text} keywords={keywords} />
            </bdi>
          </p>
        )}
      </div>
      <button type="button" className="lc-gsearch__locate" onClick={() => onLocate(message)}>
        {t('locate')}
      </button>
    </li>
  );
}
