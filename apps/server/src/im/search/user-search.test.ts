import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type SearchCloudUsersOptions } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, errorCode, startServer } from '../../integration/harness';
import { Tabs } from '../../integration/tabs';
import { createAccount } from '../../portal/accounts';
import { freshMobile } from '../../portal/test-client';

/**
 * searchUsers through the SDK against a real server: people found by ID, nick, portal login name
 * or whole mobile number, and never anything more about them than their public profile.
 */

const { TYPES } = LiaisonChat;
let server: LiaisonServer;
const tabs = new Tabs();
let searcher: Chat;
let zhang: { userID: string; mobile: string };
let li: { userID: string; mobile: string };

async function portalUser(nickName: string, loginName?: string) {
  const mobile = freshMobile();
  const account = await createAccount(server.db, { mobile, passwordHash: 'not-used', nickName, loginName });
  if (!account) throw new Error('the test mobile number is taken');
  return { userID: account.user_id, mobile };
}

const found = async (keyword: string) => (await searcher.searchUsers({ keyword })).data.userList;
const foundIDs = async (keyword: string) => (await found(keyword)).map((u) => u.userID);

beforeAll(async () => {
  server = await startServer();
  zhang = await portalUser('张伟 Supply', 'ZhangWei88');
  li = await portalUser('Li Na');
  searcher = await tabs.directOn(server, 'us-searcher');
});

afterAll(async () => {
  await tabs.closeAll();
  await server?.close();
});

describe('searchUsers', () => {
  it('finds a user by exact userID, with their public profile only', async () => {
    const list = await found(zhang.userID);
    expect(list).toEqual([{ userID: zhang.userID, nick: '张伟 Supply', avatar: '', selfSignature: '' }]);
    expect(JSON.stringify(list)).not.toContain(zhang.mobile);
  });

  it('finds users by a piece of their nick, whatever its case', async () => {
    expect(await foundIDs('supply')).toEqual([zhang.userID]);
    expect(await foundIDs('张伟')).toEqual([zhang.userID]);
    expect(await foundIDs('li n')).toEqual([li.userID]);
    // LIKE's wildcards are plain characters here.
    expect(await foundIDs('%')).toEqual([]);
    expect(await foundIDs('_')).toEqual([]);
  });

  it('finds a user by their portal login name, whatever its case, but not by a piece of it', async () => {
    expect(await foundIDs('zhangwei88')).toEqual([zhang.userID]);
    expect(await foundIDs('ZHANGWEI88')).toEqual([zhang.userID]);
    expect(await foundIDs('ZhangWei8')).toEqual([]);
  });

  it('finds a user by their whole mobile number only, and never shows it', async () => {
    const list = await found(li.mobile);
    expect(list.map((u) => u.userID)).toEqual([li.userID]);
    expect(JSON.stringify(list)).not.toContain(li.mobile);
    expect(await foundIDs(li.mobile.slice(0, 7))).toEqual([]);
    expect(await foundIDs(li.mobile.slice(3))).toEqual([]);
    expect(await foundIDs(li.mobile.slice(-4))).toEqual([]);
  });

  it('lists exact matches first, at most 20, and never the caller', async () => {
    for (let i = 0; i < 25; i++) {
      const member = await tabs.directOn(server, `us-crowd-${String(i).padStart(2, '0')}`);
      await member.updateMyProfile({ nick: `Crowd member ${String(i).padStart(2, '0')}` });
    }
    expect(await foundIDs('crowd')).toEqual(
      Array.from({ length: 20 }, (_, i) => `us-crowd-${String(i).padStart(2, '0')}`),
    );
    // A userID that is also a piece of others' nicks comes first, whatever its own nick.
    const exact = await tabs.directOn(server, 'crowd');
    await exact.updateMyProfile({ nick: 'zz' });
    expect((await foundIDs('crowd'))[0]).toBe('crowd');
    // The caller matches their own nick and ID, and is left out.
    await searcher.updateMyProfile({ nick: 'Crowd watcher' });
    expect(await foundIDs('crowd')).not.toContain('us-searcher');
    expect(await foundIDs('us-searcher')).toEqual([]);
  });

  it('shows a user who blocked the caller like anyone else', async () => {
    const blocker = await tabs.directOn(server, 'us-blocker');
    await blocker.updateMyProfile({ nick: 'Quiet One' });
    await blocker.addToBlacklist({ userIDList: ['us-searcher'] });
    expect(await found('quiet one')).toEqual([
      { userID: 'us-blocker', nick: 'Quiet One', avatar: '', selfSignature: '' },
    ]);
  });

  it('answers an empty list for blank keywords and refuses an empty one', async () => {
    expect(await found('   ')).toEqual([]);
    expect(await errorCode(searcher.searchUsers({ keyword: '' }))).toBe(ErrorCode.INVALID_PARAMS);
  });
});

describe('searchCloudUsers, as Tencent’s', () => {
  const ids = (list: Array<{ userID: string }>) => list.map((u) => u.userID);
  const search = async (options: SearchCloudUsersOptions) => (await searcher.searchCloudUsers(options)).data;
  let orchids: Chat[];

  beforeAll(async () => {
    const people = [
      { id: 'sc-ada', nick: 'Orchid Ada', gender: TYPES.GENDER_FEMALE, birthday: 19900101 },
      { id: 'sc-bo', nick: 'orchid Bo garden', gender: TYPES.GENDER_MALE, birthday: 20000615 },
      { id: 'sc-cy', nick: 'Garden Cy', gender: TYPES.GENDER_FEMALE, birthday: 20050101 },
      { id: 'orchid', nick: 'zz', gender: TYPES.GENDER_UNKNOWN, birthday: 0 },
    ];
    orchids = await Promise.all(people.map((p) => tabs.directOn(server, p.id)));
    await Promise.all(
      people.map((p, i) =>
        orchids[i]?.updateMyProfile({
          nick: p.nick,
          gender: p.gender,
          birthday: p.birthday,
          profileCustomField: [{ key: 'Tag_Profile_Custom_Secret', value: 'not in search results' }],
        }),
      ),
    );
  });

  it('finds users by exact userID or a piece of nick in any case, exact matches first, without custom fields', async () => {
    const { searchResultList, totalCount, cursor } = await search({ keywordList: ['orchid'] });
    expect(ids(searchResultList)).toEqual(['orchid', 'sc-ada', 'sc-bo']);
    // The userID must match exactly, case included.
    expect(ids((await search({ keywordList: ['ORCHID'] })).searchResultList)).toEqual(['sc-ada', 'sc-bo']);
    expect(totalCount).toBe(3);
    expect(cursor).toBe('');
    expect(searchResultList[1]).toMatchObject({
      nick: 'Orchid Ada',
      gender: TYPES.GENDER_FEMALE,
      birthday: 19900101,
      profileCustomField: [],
    });
  });

  it('matches any keyword by default ("or"), and every keyword with "and"', async () => {
    expect(ids((await search({ keywordList: ['orchid', 'garden'] })).searchResultList)).toEqual([
      'orchid',
      'sc-cy',
      'sc-ada',
      'sc-bo',
    ]);
    const both = await search({ keywordList: ['orchid', 'garden'], keywordListMatchType: 'and' });
    expect(ids(both.searchResultList)).toEqual(['sc-bo']);
  });

  it('narrows by gender, under either of Tencent’s names for it, and by a birthday range, both ends included', async () => {
    const keywordList = ['orchid', 'garden'];
    expect(ids((await search({ keywordList, userGenderType: TYPES.GENDER_FEMALE })).searchResultList)).toEqual([
      'sc-cy',
      'sc-ada',
    ]);
    expect(ids((await search({ keywordList, gender: TYPES.GENDER_MALE })).searchResultList)).toEqual(['sc-bo']);
    const range = await search({ keywordList, miniBirthday: 19900101, maxBirthday: 20000615 });
    expect(ids(range.searchResultList)).toEqual(['sc-ada', 'sc-bo']);
    expect(ids((await search({ keywordList, miniBirthday: 20000101 })).searchResultList)).toEqual(['sc-cy', 'sc-bo']);
  });

  it('pages through the results by cursor, totalCount counting them all', async () => {
    const keywordList = ['orchid', 'garden'];
    const first = await search({ keywordList, count: 3 });
    expect([ids(first.searchResultList), first.totalCount]).toEqual([['orchid', 'sc-cy', 'sc-ada'], 4]);
    const second = await search({ keywordList, count: 3, cursor: first.cursor });
    expect([ids(second.searchResultList), second.cursor]).toEqual([['sc-bo'], '']);
  });

  it('refuses bad options with 27003', async () => {
    const bad: unknown[] = [
      {},
      { keywordList: [] },
      { keywordList: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { keywordList: ['a'], count: 0 },
      { keywordList: ['a'], count: 101 },
      { keywordList: ['a'], keywordListMatchType: 'xor' },
      { keywordList: ['a'], miniBirthday: 20000101, maxBirthday: 19990101 },
      { keywordList: ['a'], userGenderType: TYPES.GENDER_UNKNOWN },
      { keywordList: ['a'], userGenderType: TYPES.GENDER_MALE, gender: TYPES.GENDER_FEMALE },
      { keywordList: ['a'], cursor: 'not-a-cursor' },
    ];
    for (const options of bad) {
      expect(
        await errorCode(searcher.searchCloudUsers(options as SearchCloudUsersOptions)),
        JSON.stringify(options),
      ).toBe(ErrorCode.SEARCH_PARAMS_INVALID);
    }
  });
});
