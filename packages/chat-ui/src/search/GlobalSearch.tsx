import type { Group, Message } from '@liaison/sdk';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { locateInChat } from '../chat/locate/locate';
import { useKit } from '../core/kit-context';
import { useSearchText } from '../i18n/search-text';
import type { ContactTarget } from '../relations/contact-model';
import { enterConversation } from '../relations/enter-conversation';
import { SEARCH_DEBOUNCE_MS } from '../relations/use-debounced-search';
import type { GlobalQuery } from './global-query';
import { SearchBox } from './SearchBox';
import { type ResultActions, SearchResults } from './SearchResults';
import { usePanelBox } from './use-panel-box';
import type { FoundPerson } from './use-search-results';
import './search.css';
import './global-search.css';

export interface GlobalSearchProps {
  /** Opens a conversation: `C2C<userID>` or `GROUP<groupID>`. */
  onOpenConversation(conversationID: string): void;
  /** Shows a person or group card (someone not yet a friend, a group to join). */
  onShowContact(target: ContactTarget): void;
}

/** Below this the results panel shows a conversation's hits in place of the list. */
const TWO_PANES_MIN_WIDTH = 640;

const NO_QUERY: GlobalQuery = { keyword: '', tab: 'all', time: 'all', range: { from: '', to: '' } };

/**
 * Global search (spec chat.md §2, §4 "Search"; portal.md §5): a box above the conversation list
 * whose results drop down over the chat on desktop and take the whole screen on phones. Typing
 * searches after a pause, Enter at once; Esc, the clear icon or Cancel end the search. Hidden when
 * the MessageSearch feature is off.
 */
export function GlobalSearch(props: GlobalSearchProps) {
  const { features } = useKit();
  return features.MessageSearch ? <Search {...props} /> : null;
}

function Search({ onOpenConversation, onShowContact }: GlobalSearchProps) {
  const { chat, isH5 } = useKit();
  const t = useSearchText();
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelID = useId();
  const [input, setInput] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState<GlobalQuery>(NO_QUERY);
  const box = usePanelBox(rootRef, isOpen && !isH5);
  const searching = query.keyword !== '';

  const commit = (value: string) => {
    const keyword = value.trim();
    setQuery((q) => (q.keyword === keyword ? q : { ...q, keyword }));
    if (keyword) setOpen(true);
  };
  const end = () => {
    setInput('');
    setQuery(NO_QUERY);
    setOpen(false);
  };
  // After leaving for a chat: a phone ends the search, a desktop folds the panel and keeps the words.
  const leave = () => (isH5 ? end() : setOpen(false));

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text restarts the pause
  useEffect(() => {
    if (input.trim() === query.keyword) return;
    const timer = setTimeout(() => commit(input), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  // A click outside folds the desktop panel (the words stay; focusing the box brings it back).
  useEffect(() => {
    if (!isOpen || isH5) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isOpen, isH5]);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    end();
    inputRef.current?.focus();
  };
  const enterChat = (conversationID: string) => {
    onOpenConversation(conversationID);
    leave();
  };
  const open = async (conversationID: string) => {
    if (await enterConversation(chat, conversationID, t('enterFailed'))) enterChat(conversationID);
  };
  const showCard = (target: ContactTarget) => {
    onShowContact(target);
    leave();
  };
  const actions: ResultActions = {
    onLocate: (message: Message) => {
      locateInChat(chat, { conversationID: message.conversationID, messageID: message.ID, sequence: message.sequence });
      leave();
    },
    onEnterChat: enterChat,
    onPerson: (person: FoundPerson) =>
      person.isFriend
        ? void open(`C2C${person.userID}`)
        : showCard({ kind: 'user', userID: person.userID, summary: person }),
    onGroup: (group: Group) =>
      group.selfInfo ? void open(`GROUP${group.groupID}`) : showCard({ kind: 'group', groupID: group.groupID, group }),
  };

  const showsPanel = isH5 ? isOpen : isOpen && searching;
  return (
    <search
      ref={rootRef}
      className={`lc-gsearch${isH5 && isOpen ? ' lc-gsearch--fullscreen' : ''}`}
      onKeyDown={handleKeyDown}
    >
      <SearchBox
        inputRef={inputRef}
        value={input}
        isActive={isOpen}
        controls={showsPanel ? panelID : undefined}
        onChange={setInput}
        onCommit={() => commit(input)}
        onFocus={() => (isH5 || searching) && setOpen(true)}
        onEnd={end}
      />
      {/* Kept while folded on desktop: the results and their pages are there when the box is focused again. */}
      {showsPanel || searching ? (
        <div
          id={panelID}
          className="lc-gsearch__panel"
          hidden={!showsPanel}
          style={isH5 || !box ? undefined : { width: box.width, height: box.height }}
        >
          {searching ? (
            <SearchResults
              query={query}
              onQueryChange={setQuery}
              isWide={!isH5 && (box?.width ?? 0) >= TWO_PANES_MIN_WIDTH}
              {...actions}
            />
          ) : null}
        </div>
      ) : null}
    </search>
  );
}
