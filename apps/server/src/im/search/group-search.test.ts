import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Group } from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Chat, errorCode, useServer } from '../../integration/harness';

/**
 * searchCloudGroups through the SDK against a real server: groups by exact ID or a piece of the
 * name, mine first, then those I could ask to join, shown as searchGroupByID shows them.
 */

const { TYPES } = LiaisonChat;
const { user } = useServer();

let owner: Chat;
let me: Chat;

const found = async (keywordList: string[], more: { groupTypeList?: Group['type'][] } = {}) =>
  (await me.searchCloudGroups({ keywordList, ...more })).data;
const foundIDs = async (...keywordList: string[]) => (await found(keywordList)).searchResultList.map((g) => g.groupID);

beforeAll(async () => {
  owner = await user('gs-owner');
  me = await user('gs-me');
  const groups: Array<Parameters<Chat['createGroup']>[0]> = [
    { type: TYPES.GRP_PUBLIC, name: 'Steel 报价 desk', groupID: 'gs-public', notification: 'members only' },
    { type: TYPES.GRP_MEETING, name: 'steel weekly', groupID: 'gs-meeting' },
    { type: TYPES.GRP_COMMUNITY, name: 'STEEL buyers', groupID: 'gs-community' },
    { type: TYPES.GRP_WORK, name: 'Steel board', groupID: 'gs-work' },
    {
      type: TYPES.GRP_PUBLIC,
      name: 'Steel closed',
      groupID: 'gs-closed',
      joinOption: TYPES.JOIN_OPTIONS_DISABLE_APPLY,
    },
    { type: TYPES.GRP_PUBLIC, name: 'Steel gone', groupID: 'gs-gone' },
    { type: TYPES.GRP_PUBLIC, name: '100% cotton_club', groupID: 'gs-cotton' },
  ];
  for (const group of groups) await owner.createGroup(group);
  await owner.dismissGroup('gs-gone');
  // Mine: a Work group and a group that refuses applications, which others never find.
  await owner.createGroup({
    type: TYPES.GRP_WORK,
    name: 'Steel team',
    groupID: 'gs-my-work',
    memberList: [{ userID: 'gs-me' }],
  });
  await owner.createGroup({
    type: TYPES.GRP_PUBLIC,
    name: 'Zinc steel closed',
    groupID: 'gs-my-closed',
    joinOption: TYPES.JOIN_OPTIONS_DISABLE_APPLY,
    memberList: [{ userID: 'gs-me' }],
  });
});

describe('searchCloudGroups', () => {
  it('finds my groups of any type first, then the ones I could ask to join, by a piece of the name in any case', async () => {
    const { searchResultList, totalCount, cursor } = await found(['steel']);
    expect(searchResultList.map((g) => g.groupID)).toEqual([
      // Mine, by name.
      'gs-my-work',
      'gs-my-closed',
      // Others, by name: never a Work group or one refusing applications, never a dismissed one.
      'gs-community',
      'gs-meeting',
      'gs-public',
    ]);
    expect(totalCount).toBe(5);
    expect(cursor).toBe('');
  });

  it('shows a group I am not in as its public card, and mine whole', async () => {
    const { searchResultList } = await found(['报价']);
    expect(searchResultList).toEqual([
      expect.objectContaining({
        groupID: 'gs-public',
        name: 'Steel 报价 desk',
        notification: '',
        ownerID: '',
        selfInfo: null,
      }),
    ]);
    const [mine] = (await found(['gs-my-work'])).searchResultList;
    expect(mine).toMatchObject({
      groupID: 'gs-my-work',
      ownerID: 'gs-owner',
      selfInfo: { userID: 'gs-me', role: 'Member' },
    });
  });

  it('finds a group by its exact ID, but never a hidden one by its ID', async () => {
    expect(await foundIDs('gs-meeting')).toEqual(['gs-meeting']);
    expect(await foundIDs('gs-work')).toEqual([]);
    expect(await foundIDs('gs-closed')).toEqual([]);
    expect(await foundIDs('gs-gone')).toEqual([]);
  });

  it('finds groups matching any of the keywords', async () => {
    expect(await foundIDs('weekly', 'buyers')).toEqual(['gs-community', 'gs-meeting']);
  });

  it('finds groups matching every keyword when asked to', async () => {
    const both = await me.searchCloudGroups({ keywordList: ['steel', '报价'], keywordListMatchType: 'and' });
    expect(both.data.searchResultList.map((g) => g.groupID)).toEqual(['gs-public']);
  });

  it('keeps to the group types asked for', async () => {
    const { searchResultList } = await found(['steel'], { groupTypeList: [TYPES.GRP_WORK, TYPES.GRP_MEETING] });
    expect(searchResultList.map((g) => g.groupID)).toEqual(['gs-my-work', 'gs-meeting']);
  });

  it("takes LIKE's wildcards in a keyword as plain characters", async () => {
    expect(await foundIDs('100%')).toEqual(['gs-cotton']);
    expect(await foundIDs('n_c')).toEqual(['gs-cotton']);
    expect(await foundIDs('%')).toEqual(['gs-cotton']);
    expect(await foundIDs('l_d')).toEqual([]);
  });

  it('pages through every hit by cursor, with no duplicates or gaps', async () => {
    const crowd = await user('gs-crowd-owner');
    for (let i = 0; i < 7; i++) {
      const n = String(i).padStart(2, '0');
      await crowd.createGroup({ type: TYPES.GRP_PUBLIC, name: `Crowd ${n}`, groupID: `gs-crowd-${n}` });
    }
    await crowd.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Crowd 99',
      groupID: 'gs-crowd-mine',
      memberList: [{ userID: 'gs-me' }],
    });
    const seen: string[] = [];
    let cursor = '';
    const totals: number[] = [];
    for (let page = 0; page < 5; page++) {
      const answer = (await me.searchCloudGroups({ keywordList: ['crowd'], count: 3, cursor })).data;
      seen.push(...answer.searchResultList.map((g) => g.groupID));
      totals.push(answer.totalCount);
      cursor = answer.cursor;
      if (cursor === '') break;
    }
    expect(seen).toEqual(['gs-crowd-mine', ...Array.from({ length: 7 }, (_, i) => `gs-crowd-0${i}`)]);
    expect(totals).toEqual([8, 8, 8]);
  });

  it('refuses a cursor it did not write', async () => {
    for (const cursor of ['nonsense!', Buffer.from('[2,"x","y"]').toString('base64url'), 'e30']) {
      expect(await errorCode(me.searchCloudGroups({ keywordList: ['steel'], cursor }))).toBe(ErrorCode.INVALID_PARAMS);
    }
  });

  it('refuses a search without keywords, as Tencent’s does', async () => {
    expect(await errorCode(me.searchCloudGroups({ keywordList: [] }))).toBe(ErrorCode.INVALID_PARAMS);
    expect(await errorCode(me.searchCloudGroups({ groupTypeList: [TYPES.GRP_PUBLIC] }))).toBe(ErrorCode.INVALID_PARAMS);
  });
});
