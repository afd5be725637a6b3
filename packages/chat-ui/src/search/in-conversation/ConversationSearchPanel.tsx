import type { Message } from '@liaison/sdk';
import { type KeyboardEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { locateInChat } from '../../chat/locate/locate';
import { SidePanel } from '../../common/SidePanel';
import { useKit } from '../../core/kit-context';
import { useConversationSearchText } from '../../i18n/conversation-search-text';
import { useSearchCommonText } from '../../i18n/search-common-text';
import { ChoiceStrip, tabIDOf } from '../ChoiceStrip';
import { LoadMore } from '../LoadMore';
import { keywordsOf, NO_RANGE } from '../search-query';
import { TimeFilter } from '../TimeFilter';
import type { Paged } from '../use-paged';
import { useMessageHits } from '../use-search-results';
import { SEARCH_TABS, type SearchQuery, type SearchTab, searchOptionsFor } from './conversation-query';
import { SearchIcon } from './icons';
import { FileResults } from './results/FileResults';
import { MediaResults } from './results/MediaResults';
import { OtherResults } from './results/OtherResults';
import { TextResults } from './results/TextResults';
import '../search.css';
import './conversation-search.css';

const FIRST_QUERY: SearchQuery = { keyword: '', tab: 'text', time: 'all', range: NO_RANGE };

export interface ConversationSearchPanelProps {
  conversationID: string;
  onClose(): void;
}

/**
 * Search in one conversation (spec chat.md §2 "Search", §4 "Search"): an input (Enter commits, clear
 * empties it, cancel ends the search), type tabs Text / File / Image-Video / Other, time tabs, then
 * the results newest first with their count, paged by the server's cursor as the list is scrolled.
 * Every result offers 'Locate in chat'. A drawer beside the chat on desktop, the whole screen on
 * phones (where locating closes it). Focus starts in the input; Escape closes the panel and focus
 * goes back to the button that opened it.
 */
export function ConversationSearchPanel({ conversationID, onClose }: ConversationSearchPanelProps) {
  const { chat, isH5 } = useKit();
  const t = useConversationSearchText();
  const common = useSearchCommonText();
  const input = useRef<HTMLInputElement>(null);
  const titleID = useId();
  const panelID = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<SearchQuery>(FIRST_QUERY);
  const { timeZone } = useKit();
  const request = useMemo(
    () => searchOptionsFor(conversationID, query, Date.now(), timeZone),
    [conversationID, query, timeZone],
  );
  const pages = useMessageHits(request);
  const keywords = useMemo(() => keywordsOf(query.keyword), [query.keyword]);
  const tabLabels: Record<SearchTab, string> = {
    text: common('tabText'),
    file: common('tabFile'),
    media: t('tabMedia'),
    other: common('tabOther'),
  };

  const handleLocate = useCallback(
    (message: Message) => {
      locateInChat(chat, { conversationID, messageID: message.ID, sequence: message.sequence });
      if (isH5) onClose();
    },
    [chat, conversationID, isH5, onClose],
  );

  const handleInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    setQuery((q) => ({ ...q, keyword: text.trim() }));
  };

  const handleClear = () => {
    setText('');
    setQuery((q) => ({ ...q, keyword: '' }));
    input.current?.focus();
  };

  return (
    <SidePanel className="lc-csearch" isH5={isH5} titleID={titleID} onClose={onClose}>
      <h2 id={titleID} className="lc-side-panel__title lc-csearch__title">
        {t('title')}
      </h2>
      <div className="lc-csearch__bar">
        <div className="lc-csearch__field">
          <SearchIcon size={16} />
          <input
            ref={input}
            type="search"
            className="lc-csearch__input"
            aria-label={t('inputLabel')}
            placeholder={common('placeholder')}
            enterKeyHint="search"
            maxLength={500}
            value={text}
            data-autofocus
            onChange={(event) => setText(event.target.value)}
            onKeyDown={handleInputKeyDown}
          />
          {text !== '' && (
            <button type="button" className="lc-csearch__clear" aria-label={t('clear')} onClick={handleClear}>
              ×
            </button>
          )}
        </div>
        <button type="button" className="lc-link-button lc-csearch__cancel" onClick={onClose}>
          {common('cancel')}
        </button>
      </div>
      <ChoiceStrip
        kind="tablist"
        label={t('typeTabs')}
        choices={SEARCH_TABS}
        value={query.tab}
        labelOf={(tab) => tabLabels[tab]}
        onChange={(tab) => setQuery((q) => ({ ...q, tab }))}
        panelID={panelID}
      />
      <TimeFilter
        time={query.time}
        range={query.range}
        onChange={(time, range) => setQuery((q) => ({ ...q, time, range }))}
      />
      <div id={panelID} className="lc-csearch__results" role="tabpanel" aria-labelledby={tabIDOf(panelID, query.tab)}>
        <p className="lc-csearch__status" role="status">
          {statusText(pages, request !== null, t, common)}
        </p>
        {pages.items.length > 0 && (
          <>
            {query.tab === 'text' && <TextResults messages={pages.items} keywords={keywords} onLocate={handleLocate} />}
            {query.tab === 'file' && <FileResults messages={pages.items} keywords={keywords} onLocate={handleLocate} />}
            {query.tab === 'media' && <MediaResults messages={pages.items} onLocate={handleLocate} />}
            {query.tab === 'other' && (
              <OtherResults messages={pages.items} keywords={keywords} onLocate={handleLocate} />
            )}
          </>
        )}
        {pages.items.length > 0 || pages.status === 'error' ? <LoadMore paged={pages} /> : null}
      </div>
    </SidePanel>
  );
}

/** The line above the results: a prompt, 'Loading…', the count, 'No search results' or the failure. */
function statusText(
  pages: Paged<Message>,
  hasRequest: boolean,
  t: ReturnType<typeof useConversationSearchText>,
  common: ReturnType<typeof useSearchCommonText>,
): string {
  if (!hasRequest) return t('typeToSearch');
  if (pages.items.length > 0) return t('resultCount', { count: pages.totalCount });
  if (pages.status === 'error') return common('searchFailed');
  if (pages.status === 'ready') return common('noResults');
  return common('loading');
}
