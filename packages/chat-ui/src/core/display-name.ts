import { useCallback, useMemo } from 'react';
import type { ContactsState } from './contacts-store';
import { useContacts } from './use-contacts';

/** The parts of a person the kit may name them by; `nameCard` only where a group is the context. */
export interface NamedPerson {
  userID: string;
  nick?: string;
  nameCard?: string;
}

/** My remarks for my friends, by user ID (friends without one are left out). */
export type Remarks = ReadonlyMap<string, string>;

/**
 * The one name the kit shows for a person, everywhere: my remark for them, else their name card
 * in the group at hand, else their nick, else their user ID.
 */
export function displayName(person: NamedPerson, remarks: Remarks): string {
  return remarks.get(person.userID) || person.nameCard || person.nick || person.userID;
}

/** My remarks, kept live from the SDK's friend list (FRIEND_LIST_UPDATED). */
export function useRemarks(): Remarks {
  const friends = useContacts(selectFriends);
  return useMemo(() => new Map(friends.filter((f) => f.remark).map((f) => [f.userID, f.remark])), [friends]);
}

/** `displayName` bound to my current remarks; a new function when a remark changes. */
export function useDisplayName(): (person: NamedPerson) => string {
  const remarks = useRemarks();
  return useCallback((person: NamedPerson) => displayName(person, remarks), [remarks]);
}

function selectFriends(state: ContactsState): ContactsState['friends'] {
  return state.friends;
}
