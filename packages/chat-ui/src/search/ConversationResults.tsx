import type { SearchResultItem } from '@liaison/sdk';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../common/Avatar';
import { ResultRow } from '../common/ResultRow';
import { useConversationText } from '../conversations/use-conversation-text';
import { useSearchText } from '../i18n/search-text';
import { Highlight } from './Highlight';
import { hitCountLabel, hitText, senderName } from './hit-display';
import { LoadMore } from './LoadMore';
import { useConversationInfo } from './use-conversation-info';
import type { Paged } from './use-paged';

export interface ConversationResultsProps {
  results: Paged<SearchResultItem>;
  keywords: readonly string[];
  selectedID: string | null;
  onSelect(conversationID: string): void;
}

/**
 * The matches grouped per conversation (spec chat.md §2): avatar, name, and either the one match
 * with its keywords marked or '{n} related messages'; more conversations load as the list scrolls.
 */
export function ConversationResults({ results, keywords, selectedID, onSelect }: ConversationResultsProps) {
  const t = useSearchText();
  const tc = useConversationText();
  const { i18n } = useTranslation();
  const infoOf = useConversationInfo();
  return (
    <>
      <ul className="lc-gsearch__list">
        {results.items.map((item) => {
          const info = infoOf(item.conversationID);
          const only = item.messageCount === 1 ? item.messageList[0] : undefined;
          return (
            <ResultRow
              block="lc-gsearch__row"
              key={item.conversationID}
              avatar={<Avatar url={info.avatar} size={36} isGroup={info.isGroup} />}
              name={info.name}
              detail={
                <span className="lc-gsearch__row-detail">
                  {only ? (
                    <>
                      {info.isGroup ? <bdi>{`${senderName(only)}: `}</bdi> : null}
                      <bdi>
                        <Highlight text={hitText(only, i18n.language, tc)} keywords={keywords} />
                      </bdi>
                    </>
                  ) : (
                    t('relatedMessages', { shown: hitCountLabel(item.messageCount) })
                  )}
                </span>
              }
              isSelected={item.conversationID === selectedID}
              onChoose={() => onSelect(item.conversationID)}
            />
          );
        })}
      </ul>
      <LoadMore paged={results} />
    </>
  );
}
