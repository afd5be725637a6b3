import type { Group } from '@liaison/sdk';
import { Avatar } from '../common/Avatar';
import { useContactsText } from '../i18n/contacts-text';
import { useSearchText } from '../i18n/search-text';
import { Highlight } from './Highlight';
import { LoadMore } from './LoadMore';
import type { Paged } from './use-paged';
import type { FoundPerson } from './use-search-results';

interface ListProps<T> {
  results: Paged<T>;
  keywords: readonly string[];
  /** The 'All' tab shows the first few and 'See more'; the own tab shows them all, paged. */
  limit?: number;
  onSeeMore?: () => void;
  onChoose(item: T): void;
}

/** People found: friends (by remark, nick or ID) and others `searchUsers` finds. */
export function PeopleResults({ results, keywords, limit, onSeeMore, onChoose }: ListProps<FoundPerson>) {
  const t = useSearchText();
  const shown = limit === undefined ? results.items : results.items.slice(0, limit);
  return (
    <ResultRows
      items={shown}
      results={results}
      limit={limit}
      onSeeMore={onSeeMore}
      row={(person) => (
        <li key={person.userID}>
          <button type="button" className="lc-gsearch__row" onClick={() => onChoose(person)}>
            <Avatar url={person.avatar} size={36} />
            <span className="lc-gsearch__row-text">
              <bdi className="lc-gsearch__row-name">
                <Highlight text={person.nick || person.userID} keywords={keywords} />
              </bdi>
              <bdi className="lc-gsearch__row-detail">
                <Highlight text={t('userID', { id: person.userID })} keywords={keywords} />
              </bdi>
            </span>
          </button>
        </li>
      )}
    />
  );
}

/** Groups found by `searchCloudGroups`: mine first, then those I could ask to join. */
export function GroupResults({ results, keywords, limit, onSeeMore, onChoose }: ListProps<Group>) {
  const t = useSearchText();
  const tc = useContactsText();
  const shown = limit === undefined ? results.items : results.items.slice(0, limit);
  return (
    <ResultRows
      items={shown}
      results={results}
      limit={limit}
      onSeeMore={onSeeMore}
      row={(group) => (
        <li key={group.groupID}>
          <button type="button" className="lc-gsearch__row" onClick={() => onChoose(group)}>
            <Avatar url={group.avatar} size={36} isGroup />
            <span className="lc-gsearch__row-text">
              <bdi className="lc-gsearch__row-name">
                <Highlight text={group.name || group.groupID} keywords={keywords} />
              </bdi>
              <span className="lc-gsearch__row-detail">
                {`${tc(`type${group.type}`)} · ${t('memberCount', { count: group.memberCount })}`}
              </span>
            </span>
          </button>
        </li>
      )}
    />
  );
}

interface RowsProps<T> {
  items: readonly T[];
  results: Paged<T>;
  limit: number | undefined;
  onSeeMore: (() => void) | undefined;
  row(item: T): React.ReactNode;
}

function ResultRows<T>({ items, results, limit, onSeeMore, row }: RowsProps<T>) {
  const t = useSearchText();
  const hasMore = limit !== undefined && (results.items.length > limit || results.hasMore);
  return (
    <>
      <ul className="lc-gsearch__list">{items.map(row)}</ul>
      {limit === undefined ? (
        <LoadMore paged={results} />
      ) : hasMore && onSeeMore ? (
        <button type="button" className="lc-gsearch__more" onClick={onSeeMore}>
          {t('seeMore')}
        </button>
      ) : null}
    </>
  );
}
