import type { Group, Message } from '@liaison/sdk';
import { useId, useState } from 'react';
import { useSearchCommonText } from '../i18n/search-common-text';
import { type SearchTextKey, useSearchText } from '../i18n/search-text';
import { ChoiceStrip, tabIDOf } from './ChoiceStrip';
import { ConversationHits } from './ConversationHits';
import { ConversationResults } from './ConversationResults';
import { GLOBAL_TABS, type GlobalQuery, type GlobalTab, isMessageTab } from './global-query';
import { GroupResults, PeopleResults } from './PeopleResults';
import { keywordsOf } from './search-query';
import { TimeFilter } from './TimeFilter';
import {
  type FoundPerson,
  useConversationHits,
  useConversationResults,
  useGroupResults,
  usePeopleResults,
} from './use-search-results';

/** What the user can do with a result; the search shell decides where it leads. */
export interface ResultActions {
  onLocate(message: Message): void;
  onEnterChat(conversationID: string): void;
  onPerson(person: FoundPerson): void;
  onGroup(group: Group): void;
}

export interface SearchResultsProps extends ResultActions {
  query: GlobalQuery;
  onQueryChange(query: GlobalQuery): void;
  /** Room for a conversation's hits beside the list; otherwise they replace it, with Back. */
  isWide: boolean;
}

/** spec portal.md §9: the 'All' tab shows this many contacts and groups, then 'See more'. */
export const ALL_TAB_PREVIEW = 3;

/**
 * The results of a committed search (spec chat.md §2): type tabs, time tabs for message tabs, then
 * the contacts, groups and chat history found; choosing a conversation shows its hits.
 */
export function SearchResults({ query, onQueryChange, isWide, ...actions }: SearchResultsProps) {
  const t = useSearchText();
  const common = useSearchCommonText();
  const panelID = useId();
  const tabLabels: Record<GlobalTab, string> = {
    all: t('tabAll'),
    text: common('tabText'),
    file: common('tabFile'),
    other: common('tabOther'),
    contacts: t('tabContacts'),
    groups: t('tabGroups'),
  };
  const keywords = keywordsOf(query.keyword);
  const isMessages = isMessageTab(query.tab);
  const showsPeople = query.tab === 'all' || query.tab === 'contacts';
  const showsGroups = query.tab === 'all' || query.tab === 'groups';
  // The conversation chosen for this query; another query starts with none.
  const queryKey = JSON.stringify(query);
  const [choice, setChoice] = useState<{ queryKey: string; conversationID: string } | null>(null);
  const selected = choice?.queryKey === queryKey ? choice.conversationID : null;
  const select = (conversationID: string | null) => setChoice(conversationID ? { queryKey, conversationID } : null);

  const conversations = useConversationResults(query);
  const hits = useConversationHits(query, selected);
  const people = usePeopleResults(showsPeople ? query.keyword : '');
  const groups = useGroupResults(showsGroups ? query.keyword : '');
  const isEmpty = (paged: { status: string; items: readonly unknown[] }) =>
    paged.status === 'ready' && paged.items.length === 0;
  const nothingFound =
    (!isMessages || isEmpty(conversations)) && (!showsPeople || isEmpty(people)) && (!showsGroups || isEmpty(groups));
  const preview = (tab: GlobalTab) =>
    query.tab === 'all' ? { limit: ALL_TAB_PREVIEW, onSeeMore: () => onQueryChange({ ...query, tab }) } : {};
  const heading = (key: SearchTextKey) =>
    query.tab === 'all' ? <h3 className="lc-gsearch__heading">{t(key)}</h3> : null;

  const results = (
    <div className="lc-gsearch__results">
      {showsPeople && people.items.length > 0 ? (
        <section aria-label={t('contactsHeading')}>
          {heading('contactsHeading')}
          <PeopleResults results={people} keywords={keywords} onChoose={actions.onPerson} {...preview('contacts')} />
        </section>
      ) : null}
      {showsGroups && groups.items.length > 0 ? (
        <section aria-label={t('groupsHeading')}>
          {heading('groupsHeading')}
          <GroupResults results={groups} keywords={keywords} onChoose={actions.onGroup} {...preview('groups')} />
        </section>
      ) : null}
      {isMessages ? (
        <section aria-label={t('messagesHeading')}>
          {conversations.items.length > 0 ? heading('messagesHeading') : null}
          <ConversationResults results={conversations} keywords={keywords} selectedID={selected} onSelect={select} />
        </section>
      ) : (showsPeople && people.status === 'loading') || (showsGroups && groups.status === 'loading') ? (
        <p className="lc-gsearch__note" role="status">
          {common('loading')}
        </p>
      ) : null}
      {nothingFound ? (
        <p className="lc-gsearch__note" role="status">
          {common('noResults')}
        </p>
      ) : null}
    </div>
  );
  const detail = selected ? (
    <ConversationHits
      conversationID={selected}
      hits={hits}
      keywords={keywords}
      onEnterChat={actions.onEnterChat}
      onLocate={actions.onLocate}
      {...(isWide ? {} : { onBack: () => select(null) })}
    />
  ) : null;
  // Two panes once there is a conversation to choose; a lone 'No search results' takes the width.
  const hasTwoPanes = isWide && isMessages && (detail !== null || conversations.items.length > 0);

  return (
    <>
      <ChoiceStrip
        kind="tablist"
        label={t('typeTabs')}
        choices={GLOBAL_TABS}
        value={query.tab}
        labelOf={(tab) => tabLabels[tab]}
        onChange={(tab) => onQueryChange({ ...query, tab })}
        panelID={panelID}
      />
      {isMessages ? (
        <TimeFilter
          time={query.time}
          range={query.range}
          onChange={(time, range) => onQueryChange({ ...query, time, range })}
        />
      ) : null}
      <div
        className={`lc-gsearch__body${hasTwoPanes ? ' lc-gsearch__body--wide' : ''}`}
        id={panelID}
        role="tabpanel"
        aria-labelledby={tabIDOf(panelID, query.tab)}
      >
        {hasTwoPanes ? (
          <>
            {results}
            {detail ?? <p className="lc-gsearch__note lc-gsearch__detail-empty">{t('chooseConversation')}</p>}
          </>
        ) : (
          (detail ?? results)
        )}
      </div>
    </>
  );
}
