import type { Group } from '@liaison/sdk';
import type { ReactNode } from 'react';
import { Avatar } from '../common/Avatar';
import { ResultRow } from '../common/ResultRow';
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
export function PeopleResults(props: ListProps<FoundPerson>) {
  const t = useSearchText();
  return (
    <ResultRows
      {...props}
      rowOf={(person) => ({
        id: person.userID,
        avatar: <Avatar url={person.avatar} size={36} />,
        name: person.nick || person.userID,
        detail: (
          <bdi className="lc-gsearch__row-detail">
            <Highlight text={t('userID', { id: person.userID })} keywords={props.keywords} />
          </bdi>
        ),
      })}
    />
  );
}

/** Groups found by `searchCloudGroups`: mine first, then those I could ask to join. */
export function GroupResults(props: ListProps<Group>) {
  const t = useSearchText();
  const tc = useContactsText();
  return (
    <ResultRows
      {...props}
      rowOf={(group) => ({
        id: group.groupID,
        avatar: <Avatar url={group.avatar} size={36} isGroup />,
        name: group.name || group.groupID,
        detail: (
          <span className="lc-gsearch__row-detail">
            {`${tc(`type${group.type}`)} · ${t('memberCount', { count: group.memberCount })}`}
          </span>
        ),
      })}
    />
  );
}

/** What a row shows of a person or group. */
interface Row {
  id: string;
  avatar: ReactNode;
  /** Marked where the keywords match it. */
  name: string;
  /** The line under the name, in its own element: a user's ID is isolated (bdi), a group's type and size are not. */
  detail: ReactNode;
}

interface RowsProps<T> extends ListProps<T> {
  rowOf(item: T): Row;
}

/** The list, cut to `limit` with 'See more' when there is one, else all of it with paging. */
function ResultRows<T>({ results, keywords, limit, onSeeMore, onChoose, rowOf }: RowsProps<T>) {
  const t = useSearchText();
  const shown = limit === undefined ? results.items : results.items.slice(0, limit);
  const hasMore = limit !== undefined && (results.items.length > limit || results.hasMore);
  return (
    <>
      <ul className="lc-gsearch__list">
        {shown.map((item) => {
          const { id, avatar, name, detail } = rowOf(item);
          return (
            <ResultRow
              block="lc-gsearch__row"
              key={id}
              avatar={avatar}
              name={<Highlight text={name} keywords={keywords} />}
              detail={detail}
              onChoose={() => onChoose(item)}
            />
          );
        })}
      </ul>
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
