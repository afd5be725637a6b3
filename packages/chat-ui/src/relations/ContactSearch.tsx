import type { ChatSDK, FoundUser, Group } from '@liaison/sdk';
import { useEffect, useId } from 'react';
import { Avatar } from '../common/Avatar';
import { ResultRow } from '../common/ResultRow';
import { useKit } from '../core/kit-context';
import { useContactsText } from '../i18n/contacts-text';
import { type ContactTarget, personName } from './contact-model';
import { handleListKeys } from './list-navigation';
import { useDebouncedSearch } from './use-debounced-search';

export interface ContactSearchProps {
  selectedKey: string | null;
  onSelect(target: ContactTarget): void;
  /** The search has text: its results take the place of the sections. */
  onActiveChange(isActive: boolean): void;
}

interface Found {
  users: FoundUser[];
  /** Mine first, then those I could ask to join: by exact ID or a piece of the name (searchCloudGroups). */
  groups: Group[];
}

/**
 * Search of users (nick, login name, exact mobile number: `searchUsers`) and groups (by ID or a
 * piece of the name, mine and those I could join: `searchCloudGroups`). Choosing a result opens its card, where the user adds
 * the friend or joins the group. An empty box brings the sections back (spec §5).
 */
export function ContactSearch({ selectedKey, onSelect, onActiveChange }: ContactSearchProps) {
  const { chat } = useKit();
  const t = useContactsText();
  const search = useDebouncedSearch((keyword) => find(chat, keyword));
  const keyword = search.query.trim();
  const isActive = keyword !== '';
  useEffect(() => onActiveChange(isActive), [isActive, onActiveChange]);

  const groups = search.result?.groups ?? [];
  const users = search.result?.users ?? [];

  return (
    <div className="lc-contacts__search">
      <input
        type="search"
        aria-label={t('searchLabel')}
        className="lc-contacts__search-input"
        placeholder={t('searchPlaceholder')}
        value={search.query}
        autoComplete="off"
        onChange={(event) => search.setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) search.searchNow();
        }}
      />
      {isActive ? (
        <section className="lc-contacts__results" aria-label={t('searchLabel')} onKeyDown={handleListKeys}>
          {search.isSearching ? (
            <p className="lc-contacts__note" role="status">
              {t('searching')}
            </p>
          ) : users.length === 0 && groups.length === 0 ? (
            <p className="lc-contacts__note" role="status">
              {t('searchNothing')}
            </p>
          ) : (
            <>
              {users.length > 0 && (
                <ResultList title={t('resultUsers')}>
                  {users.map((user) => (
                    <ResultRow
                      block="lc-contacts__item"
                      isNavItem
                      key={user.userID}
                      isSelected={selectedKey === `user:${user.userID}`}
                      avatar={<Avatar url={user.avatar} size={32} />}
                      name={personName(user)}
                      detail={user.selfSignature}
                      onChoose={() => onSelect({ kind: 'user', userID: user.userID, summary: user })}
                    />
                  ))}
                </ResultList>
              )}
              {groups.length > 0 && (
                <ResultList title={t('resultGroups')}>
                  {groups.map((group) => (
                    <ResultRow
                      block="lc-contacts__item"
                      isNavItem
                      key={group.groupID}
                      isSelected={selectedKey === `group:${group.groupID}`}
                      avatar={<Avatar url={group.avatar} size={32} isGroup />}
                      name={group.name || group.groupID}
                      detail={t(`type${group.type}`)}
                      onChoose={() => onSelect({ kind: 'group', groupID: group.groupID, group })}
                    />
                  ))}
                </ResultList>
              )}
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

function ResultList({ title, children }: { title: string; children: React.ReactNode }) {
  const headingID = useId();
  return (
    <>
      <h3 id={headingID} className="lc-contacts__result-title">
        {title}
      </h3>
      <ul className="lc-contacts__items" aria-labelledby={headingID}>
        {children}
      </ul>
    </>
  );
}

/** Users by searchUsers and groups by searchCloudGroups; a lookup that fails finds nothing. */
async function find(chat: ChatSDK, keyword: string): Promise<Found> {
  const [users, groups] = await Promise.all([
    chat.searchUsers({ keyword }).then(
      ({ data }) => data.userList,
      () => [],
    ),
    chat.searchCloudGroups({ keywordList: [keyword] }).then(
      ({ data }) => data.searchResultList,
      () => [],
    ),
  ]);
  return { users, groups };
}
