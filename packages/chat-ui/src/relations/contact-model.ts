import type { Friend, FriendApplication, Group } from '@liaison/sdk';
import { TYPES } from '@liaison/sdk';
import type { ContactsState } from '../core/contacts-store';

/** A person as a list or a search shows them: enough to draw a row and a card before more is known. */
export interface PersonSummary {
  userID: string;
  nick: string;
  avatar: string;
  selfSignature?: string;
}

/** What the contact card shows: a person or a group, with what the list or search knew of it. */
export type ContactTarget =
  | { kind: 'user'; userID: string; summary?: PersonSummary }
  | { kind: 'group'; groupID: string; group?: Group };

/** The user's relation to a person, from their lists. */
export interface Relation {
  friend: Friend | undefined;
  isBlocked: boolean;
  /** Their request to me, waiting for my answer. */
  applicationToMe: FriendApplication | undefined;
  /** My request to them, waiting for theirs. */
  applicationByMe: FriendApplication | undefined;
}

export function relationTo(state: ContactsState, userID: string): Relation {
  const waiting = (type: string) => state.applications.find((a) => a.userID === userID && a.type === type);
  return {
    friend: state.friends.find((friend) => friend.userID === userID),
    isBlocked: state.blacklist.includes(userID),
    applicationToMe: waiting(TYPES.SNS_APPLICATION_SENT_TO_ME),
    applicationByMe: waiting(TYPES.SNS_APPLICATION_SENT_BY_ME),
  };
}

/** A friend's name as the user sees it: their remark, else their nick, else their ID. */
export function friendName(friend: Friend): string {
  return friend.remark || friend.profile.nick || friend.userID;
}

export function personName(person: Pick<PersonSummary, 'userID' | 'nick'>): string {
  return person.nick || person.userID;
}

export function friendSummary(friend: Friend): PersonSummary {
  return {
    userID: friend.userID,
    nick: friend.profile.nick,
    avatar: friend.profile.avatar,
    selfSignature: friend.profile.selfSignature,
  };
}

/** Whether a name or ID holds the text, in any case (the picker's local filter). */
export function matches(text: string, query: string): boolean {
  return text.toLocaleLowerCase().includes(query.toLocaleLowerCase());
}

/** The key of a target, to tell the selected row. */
export function targetKey(target: ContactTarget): string {
  return target.kind === 'user' ? `user:${target.userID}` : `group:${target.groupID}`;
}
