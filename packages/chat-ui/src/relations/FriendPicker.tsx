import type { ChatSDK, FoundUser } from '@liaison/sdk';
import { useCallback, useId, useMemo } from 'react';
import { Avatar } from '../common/Avatar';
import type { ContactsState } from '../core/contacts-store';
import { useKit } from '../core/kit-context';
import { useContacts } from '../core/use-contacts';
import { useContactsText } from '../i18n/contacts-text';
import { friendName, friendSummary, matches, type PersonSummary, personName } from './contact-model';
import { handleListKeys } from './list-navigation';
import { useDebouncedSearch } from './use-debounced-search';

/** A person chosen in the picker, with the name the picker showed. */
export interface PickedPerson extends PersonSummary {
  name: string;
}

export interface FriendPickerProps {
  /** Several may be chosen (checkboxes, a group) or one (radio buttons, a one-to-one chat). */
  isMultiple: boolean;
  chosen: readonly PickedPerson[];
  onChange(chosen: PickedPerson[]): void;
}

const friendsOf = (state: ContactsState) => state.friends;

/**
 * The select-friend dialog's body (spec portal.md §2, chat.md §4 "Create conversation"): a
 * transfer-style picker. Candidates on the left: the friends, filtered by the search box as it is
 * typed, and other users found by nick, login name or exact mobile number (`searchUsers`, 500 ms
 * after typing stops); the chosen on the right, each with a remove button. Nobody is ever asked to
 * type an internal user ID.
 */
export function FriendPicker({ isMultiple, chosen, onChange }: FriendPickerProps) {
  const { chat } = useKit();
  const t = useContactsText();
  const groupName = useId();
  const candidatesID = useId();
  const chosenID = useId();
  const allFriends = useContacts(friendsOf);
  const search = useDebouncedSearch(useCallback((keyword: string) => findUsers(chat, keyword), [chat]));
  const keyword = search.query.trim();

  const friends = useMemo(() => {
    const collator = new Intl.Collator();
    return allFriends
      .filter((f) => !keyword || [friendName(f), f.profile.nick, f.userID].some((text) => matches(text, keyword)))
      .map((f) => ({ ...friendSummary(f), name: friendName(f) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [allFriends, keyword]);
  const others = useMemo(() => {
    const isFriend = new Set(allFriends.map((f) => f.userID));
    return (search.result ?? [])
      .filter((user) => !isFriend.has(user.userID))
      .map((user) => ({ ...user, name: personName(user) }));
  }, [search.result, allFriends]);

  const isChosen = (userID: string) => chosen.some((p) => p.userID === userID);
  const choose = (person: PickedPerson) => {
    if (!isMultiple) onChange([person]);
    else if (isChosen(person.userID)) onChange(chosen.filter((p) => p.userID !== person.userID));
    else onChange([...chosen, person]);
  };
  const nothingFound = keyword !== '' && !search.isSearching && friends.length === 0 && others.length === 0;

  const candidate = (person: PickedPerson) => (
    <li key={person.userID}>
      <label className="lc-picker__candidate">
        <input
          type={isMultiple ? 'checkbox' : 'radio'}
          name={isMultiple ? undefined : groupName}
          // Radio buttons move with the arrow keys by themselves; checkboxes join the list's keys.
          data-nav-item={isMultiple ? true : undefined}
          checked={isChosen(person.userID)}
          onChange={() => choose(person)}
        />
        <Avatar url={person.avatar} size={28} />
        <bdi className="lc-picker__name">{person.name}</bdi>
      </label>
    </li>
  );

  return (
    <div className="lc-picker">
      <input
        type="search"
        className="lc-conv-input lc-picker__search"
        aria-label={t('pickSearchLabel')}
        placeholder={t('pickSearchPlaceholder')}
        autoComplete="off"
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          // Enter searches; it does not submit the dialog.
          event.preventDefault();
          search.searchNow();
        }}
      />
      <div className="lc-picker__columns">
        <section className="lc-picker__column" aria-labelledby={candidatesID} onKeyDown={handleListKeys}>
          <h3 id={candidatesID} className="lc-picker__heading">
            {t('pickCandidates')}
          </h3>
          {allFriends.length === 0 && !keyword ? <p className="lc-picker__note">{t('pickNoFriends')}</p> : null}
          {friends.length > 0 ? (
            <>
              {others.length > 0 ? <h4 className="lc-picker__subheading">{t('pickFriends')}</h4> : null}
              <ul className="lc-picker__list" aria-label={t('pickFriends')}>
                {friends.map(candidate)}
              </ul>
            </>
          ) : null}
          {others.length > 0 ? (
            <>
              <h4 className="lc-picker__subheading">{t('pickOthers')}</h4>
              <ul className="lc-picker__list" aria-label={t('pickOthers')}>
                {others.map(candidate)}
              </ul>
            </>
          ) : null}
          {keyword && search.isSearching ? (
            <p className="lc-picker__note" role="status">
              {t('searching')}
            </p>
          ) : null}
          {nothingFound ? (
            <p className="lc-picker__note" role="status">
              {t('userNotFound')}
            </p>
          ) : null}
        </section>
        <section className="lc-picker__column lc-picker__column--chosen" aria-labelledby={chosenID}>
          <h3 id={chosenID} className="lc-picker__heading">
            {t('pickChosen', { count: chosen.length })}
          </h3>
          {chosen.length === 0 ? (
            <p className="lc-picker__note">{t('pickChosenNone')}</p>
          ) : (
            <ul className="lc-picker__list">
              {chosen.map((person) => (
                <li key={person.userID} className="lc-picker__chosen">
                  <Avatar url={person.avatar} size={28} />
                  <bdi className="lc-picker__name">{person.name}</bdi>
                  <button
                    type="button"
                    className="lc-picker__remove"
                    aria-label={t('pickRemove', { name: person.name })}
                    onClick={() => onChange(chosen.filter((p) => p.userID !== person.userID))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** Users found for the picker; a search that fails finds no one. */
function findUsers(chat: ChatSDK, keyword: string): Promise<FoundUser[]> {
  return chat.searchUsers({ keyword }).then(
    ({ data }) => data.userList,
    () => [],
  );
}
