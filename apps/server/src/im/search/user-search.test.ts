import { ErrorCode } from '@liaison/protocol';
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
