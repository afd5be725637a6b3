import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Chat, errorCode, useServer } from '../../integration/harness';

/**
 * searchCloudGroupMembers through the SDK against a real server: members of the groups I am in by
 * a piece of their user ID, nick or name card, by group and prefixes first; paged; members only.
 */
const { TYPES } = LiaisonChat;
const { user } = useServer();

let owner: Chat;

const ids = async (keywordList: string[], chat: Chat = owner) =>
  (await chat.searchCloudGroupMembers({ groupIDList: ['msr-group'], keywordList })).data.searchResultList.flatMap(
    (result) => result.memberList.map((m) => m.userID),
  );

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
    expect(
      (
        await owner.searchCloudGroupMembers({
          groupIDList: ['msr-group'],
          keywordList: ['anna', '助理'],
          keywordListMatchType: 'and',
        })
      ).data.searchResultList,
    ).toEqual([
      {
        groupInfo: { groupID: 'msr-group', name: 'members', type: TYPES.GRP_WORK, avatar: '' },
        memberList: [expect.objectContaining({ userID: 'msr-wang', nameCard: 'Anna 的助理' })],
      },
    ]);
  });

  it('searches every group I am in but AVChatRooms when no group is named, answering by group', async () => {
    const hannah = await user('msr-hanna');
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'second',
      groupID: 'msr-second',
      memberList: [{ userID: 'msr-hanna' }],
    });
    await owner.createGroup({ type: TYPES.GRP_AVCHATROOM, name: 'live', groupID: 'msr-live' });
    await hannah.joinGroup({ groupID: 'msr-live' });
    const { data } = await owner.searchCloudGroupMembers({ keywordList: ['hann'] });
    expect(data.searchResultList.map((r) => [r.groupInfo.groupID, r.memberList.map((m) => m.userID)])).toEqual([
      ['msr-group', ['msr-hanna']],
      ['msr-second', ['msr-hanna']],
    ]);
    const publicOnly = await owner.searchCloudGroupMembers({
      keywordList: ['hann'],
      groupTypeList: [TYPES.GRP_PUBLIC],
    });
    expect(publicOnly.data.searchResultList.map((r) => r.groupInfo.groupID)).toEqual(['msr-second']);
  });

  it('pages by cursor with the same total on every page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data } = await owner.searchCloudGroupMembers({
        groupIDList: ['msr-group'],
        keywordList: ['msr'],
        count: 2,
        cursor,
      });
      expect(data.totalCount).toBe(5);
      seen.push(...data.searchResultList.flatMap((r) => r.memberList.map((m) => m.userID)));
      cursor = data.cursor || undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(5);
  });

  it('finds nobody in groups I am not in, and refuses bad input with 60003', async () => {
    const outsider = await user('msr-outsider');
    expect(await ids(['张'], outsider)).toEqual([]);
    for (const bad of [
      { groupIDList: ['msr-group'], keywordList: [] },
      { groupIDList: ['msr-group'] },
      { groupIDList: ['msr-group'], keywordList: ['张'], cursor: 'nope' },
      { groupIDList: ['msr-group'], keywordList: ['张'], count: 101 },
    ]) {
      expect(await errorCode(owner.searchCloudGroupMembers(bad)), JSON.stringify(bad)).toBe(ErrorCode.INVALID_PARAMS);
    }
  });
});
