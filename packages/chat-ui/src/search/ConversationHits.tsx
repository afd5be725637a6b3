import type { Message } from '@liaison/sdk';
import { useSearchCommonText } from '../i18n/search-common-text';
import { useSearchText } from '../i18n/search-text';
import { HitItem } from './HitItem';
import { LoadMore } from './LoadMore';
import { useConversationInfo } from './use-conversation-info';
import type { Paged } from './use-paged';

export interface ConversationHitsProps {
  conversationID: string;
  hits: Paged<Message>;
  keywords: readonly string[];
  /** Narrow layouts show the pane instead of the list, with a way back. */
  onBack?: () => void;
  onEnterChat(conversationID: string): void;
  onLocate(message: Message): void;
}

/**
 * A conversation's matches (spec chat.md §2 detail pane): a header with their count and 'Enter chat',
 * then each match, newest first, paged as the pane scrolls.
 */
export function ConversationHits({
  conversationID,
  hits,
  keywords,
  onBack,
  onEnterChat,
  onLocate,
}: ConversationHitsProps) {
  const t = useSearchText();
  const common = useSearchCommonText();
  const infoOf = useConversationInfo();
  const info = infoOf(conversationID);
  return (
    <section className="lc-gsearch__detail" aria-label={info.name}>
      <header className="lc-gsearch__detail-header">
        {onBack ? (
          <button type="button" className="lc-gsearch__back" aria-label={t('back')} onClick={onBack}>
            ‹
          </button>
        ) : null}
        <h3 className="lc-gsearch__detail-title">
          {hits.status === 'idle' || (hits.status === 'loading' && hits.items.length === 0) ? (
            <bdi>{info.name}</bdi>
          ) : (
            t('hitsHeading', { count: hits.totalCount, name: info.name })
          )}
        </h3>
        <button type="button" className="lc-gsearch__enter" onClick={() => onEnterChat(conversationID)}>
          {t('enterChat')}
        </button>
      </header>
      <ul className="lc-gsearch__hits">
        {hits.items.map((message) => (
          <HitItem key={message.ID} message={message} keywords={keywords} onLocate={onLocate} />
        ))}
      </ul>
      {hits.status === 'ready' && hits.items.length === 0 ? (
        <p className="lc-gsearch__note" role="status">
          {common('noResults')}
        </p>
      ) : null}
      <LoadMore paged={hits} />
    </section>
  );
}
