import LiaisonChat, { type Friend, type FriendApplicationList } from '@liaison/sdk';
import { expect } from 'vitest';
import { type Chat, nextEvent } from './harness';

/** What the friend, friend-request and blocklist tests share (here and in tests/scale). */
const { EVENT, TYPES } = LiaisonChat;

export const WEB = 'AddSource_Type_Web';

/** a asks b, b accepts and adds back: friends both ways. */
export async function befriend(a: Chat, b: Chat): Promise<void> {
  const asked = await a.addFriend({ to: b.getLoginUser(), source: WEB, wording: 'hi' });
  if (asked.data.code !== 0) await b.acceptFriendApplication({ userID: a.getLoginUser() });
  expect(await relationOf(a, b.getLoginUser())).toBe(TYPES.SNS_TYPE_BOTH_WAY);
}

/** checkFriend's relation of `userID` to the chat's user (both ways). */
export async function relationOf(chat: Chat, userID: string): Promise<string | undefined> {
  const { data } = await chat.checkFriend({ userIDList: [userID], type: TYPES.SNS_CHECK_TYPE_BOTH });
  return data.successUserIDList.find((r) => r.userID === userID)?.relation;
}

export function friendListWhere(chat: Chat, check: (list: Friend[]) => boolean): Promise<Friend[]> {
  return nextEvent<Friend[]>(chat, EVENT.FRIEND_LIST_UPDATED, check);
}

export function applicationsWhere(
  chat: Chat,
  check: (data: FriendApplicationList) => boolean,
): Promise<FriendApplicationList> {
  return nextEvent<FriendApplicationList>(chat, EVENT.FRIEND_APPLICATION_LIST_UPDATED, check);
}

export function blacklistWhere(chat: Chat, check: (list: string[]) => boolean): Promise<string[]> {
  return nextEvent<string[]>(chat, EVENT.BLACKLIST_UPDATED, check);
}

export const hasFriend = (userID: string) => (list: Friend[]) => list.some((f) => f.userID === userID);
export const lacksFriend = (userID: string) => (list: Friend[]) => !list.some((f) => f.userID === userID);

/** A request from or to userID is listed, of the given type. */
export const hasApplication = (userID: string, type: string) => (data: FriendApplicationList) =>
  data.friendApplicationList.some((a) => a.userID === userID && a.type === type);
export const lacksApplication = (userID: string) => (data: FriendApplicationList) =>
  !data.friendApplicationList.some((a) => a.userID === userID);
