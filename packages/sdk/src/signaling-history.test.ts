import { describe, expect, it } from 'vitest';
import type { Message } from './message-types';
import { signalingJSON } from './signaling-data';
import { pendingInvitationMessages } from './signaling-history';

/** What pendingInvitationMessages reads of a message: its type, data and time. */
function step(
  ID: string,
  time: number,
  actionType: 1 | 2 | 3 | 4 | 5,
  fields: { inviteID?: string; inviteeList?: string[]; groupID?: string; timeout?: number } = {},
): Message {
  const data = signalingJSON({
    actionType,
    inviteID: fields.inviteID ?? 'i1',
    groupID: fields.groupID ?? '',
    inviter: 'alice',
    inviteeList: fields.inviteeList ?? ['bob'],
    data: '',
    timeout: fields.timeout ?? 60,
  });
  return {
    ID,
    time,
    type: 'TIMCustomElem',
    payload: { data, description: '', extension: '' },
    cloudCustomData: '',
  } as Message;
}

const ids = (list: Message[]) => list.map((m) => m.ID);

describe('invitations found in history at login', () => {
  it('keeps an invitation to me within its timeout, with the answers of others after it', () => {
    const group = { groupID: 'g', inviteeList: ['bob', 'carol'] };
    const found = pendingInvitationMessages(
      [step('accepted', 110, 3, { ...group, inviteeList: ['carol'] }), step('invite', 100, 1, group)],
      'bob',
      150,
    );
    expect(ids(found)).toEqual(['invite', 'accepted']);
  });

  it('drops what is expired, cancelled, answered by everyone or by me, and invitations to others', () => {
    expect(pendingInvitationMessages([step('old', 100, 1, { timeout: 30 })], 'bob', 200)).toEqual([]);
    expect(pendingInvitationMessages([step('forever', 100, 1, { timeout: 0 })], 'bob', 10_000)).toHaveLength(1);
    expect(pendingInvitationMessages([step('a', 100, 1), step('b', 101, 2)], 'bob', 120)).toEqual([]);
    expect(pendingInvitationMessages([step('a', 100, 1), step('b', 101, 5)], 'bob', 120)).toEqual([]);
    const group = { groupID: 'g', inviteeList: ['bob', 'carol'] };
    const mine = [step('a', 100, 1, group), step('b', 101, 4, { ...group, inviteeList: ['bob'] })];
    expect(pendingInvitationMessages(mine, 'bob', 120)).toEqual([]);
    expect(pendingInvitationMessages([step('a', 100, 1, { inviteeList: ['carol'] })], 'bob', 120)).toEqual([]);
  });
});
