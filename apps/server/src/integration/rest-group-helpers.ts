import LiaisonChat, { type Group } from '@liaison/sdk';
import { expect } from 'vitest';
import type { RestClient } from '../rest-api/test-client';
import { type Chat, nextEvent } from './harness';

/** Helpers of the REST API group command tests: accounts and groups made through HTTP, what a client hears. */
const { EVENT, TYPES } = LiaisonChat;

export const REST_OK = { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '' };

export function refused(code: number): { ActionStatus: string; ErrorCode: number } {
  return { ActionStatus: 'FAIL', ErrorCode: code };
}

/** The next group list that holds the group. */
export function listed(chat: Chat, groupID: string): Promise<Group[]> {
  return nextEvent<Group[]>(chat, EVENT.GROUP_LIST_UPDATED, (list) => list.some((g) => g.groupID === groupID));
}

/** The next group tip of this operation the client receives. */
export function tip(chat: Chat, operationType: number): Promise<unknown> {
  return nextEvent<Array<{ type: string; payload: { operationType?: number } }>>(
    chat,
    EVENT.MESSAGE_RECEIVED,
    (messages) => messages.some((m) => m.type === TYPES.MSG_GRP_TIP && m.payload.operationType === operationType),
  );
}

export async function importAccounts(admin: RestClient, ...userIDs: string[]): Promise<void> {
  for (const UserID of userIDs) {
    expect(await admin.call('im_open_login_svc/account_import', { UserID })).toMatchObject(REST_OK);
  }
}

/** create_group with the ID as its name. */
export async function groupOf(
  admin: RestClient,
  owner: string,
  groupID: string,
  members: string[],
  Type = 'Public',
): Promise<void> {
  const answer = await admin.call('group_open_http_svc/create_group', {
    Owner_Account: owner,
    Type,
    GroupId: groupID,
    Name: groupID,
    MemberList: members.map((Member_Account) => ({ Member_Account })),
  });
  expect(answer).toMatchObject({ ...REST_OK, GroupId: groupID });
}
