import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Chat, errorCode, useServer } from '../../integration/harness';

/**
 * searchCloudGroupMembers through the SDK against a real server: members of a group I am in by a
 * piece of their user ID, nick or name card, prefixes first; paged; members only.
 */
const { TYPES } = LiaisonChat;
const { user } = useServer();

let owner: Chat;

const ids = async (keywordList: string[], chat: Chat = owner) =>
  (await chat.searchCloudGroupMembers({ groupID: 'msr-group', keywordList })).data.memberList.map((m) => m.userID);

beforeAll(async () => {
  owner = await user('msr-owner');
  const people: Array<[string, string]> = [
    ['msr-zhang', '张伟'],
    ['msr-wang', '王张'],
    ['msr-anna', 'Anna Lee'],
    ['msr-hanna', 'hannah'],
  ];
  for (const [userID, nick] of people) {
    const chat = await user(userID);
    await chat.updateMyProfile({ nick });
  }
  await owner.createGroup({
    type: TYPES.GRP_WORK,
    name: 'members',
    groupID: 'msr-group',
    memberList: people.map(([userID]) => ({ userID })),
  });
  await owner.setGroupMemberNameCard({ groupID: 'msr-group', userID: 'msr-wang', nameCard: 'Anna 的助理' });
});

describe('searchCloudGroupMembers', () => {
  it('finds members by nick, name card or ID in any case, those it starts with first', async () => {
    expect(await ids(['张'])).toEqual(['msr-zhang', 'msr-wang']);
    expect(await ids(['ANNA'])).toEqual(['msr-anna', 'msr-wang', 'msr-hanna']);
    expect(await ids(['msr-ha'])).toEqual(['msr-hanna']);
    expect(await ids(['nobody'])).toEqual([]);
  });

  it('pages by cursor with the same total on every page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data } = await owner.searchCloudGroupMembers({
        groupID: 'msr-group',
        keywordList: ['msr'],
        count: 2,
        cursor,
      });
      expect(data.totalCount).toBe(5);
      seen.push(...data.memberList.map((m) => m.userID));
      cursor = data.cursor || undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(5);
  });

  it('answers members only, and refuses bad input with 60003', async () => {
    const outsider = await user('msr-outsider');
    expect(await errorCode(outsider.searchCloudGroupMembers({ groupID: 'msr-group', keywordList: ['张'] }))).toBe(
      ErrorCode.GROUP_NOT_MEMBER,
    );
    expect(await errorCode(owner.searchCloudGroupMembers({ groupID: 'msr-none', keywordList: ['张'] }))).toBe(
      ErrorCode.GROUP_NOT_FOUND,
    );
    for (const bad of [
      { groupID: 'msr-group', keywordList: [] },
      { groupID: 'msr-group', keywordList: ['张'], cursor: 'nope' },
      { groupID: 'msr-group', keywordList: ['张'], count: 101 },
    ]) {
      expect(await errorCode(owner.searchCloudGroupMembers(bad)), JSON.stringify(bad)).toBe(ErrorCode.INVALID_PARAMS);
    }
  });
});
