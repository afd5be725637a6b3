import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { genUserSig } from '../../auth/usersig';
import { connect, errorCode, nextEvent, startServer } from '../../integration/harness';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

let server: LiaisonServer;
let admin: RestClient;

beforeAll(async () => {
  server = await startServer(undefined, { avatarUrlHosts: ['cdn.example.com'] });
  admin = new RestClient(server);
});
afterAll(() => server?.close());

describe('importing accounts through the REST API', () => {
  it('account_import creates the account with its nick and picture, which a client then sees', async () => {
    const answer = await admin.call('im_open_login_svc/account_import', {
      UserID: 'imported_1',
      Nick: '张工',
      FaceUrl: 'https://cdn.example.com/zhang.png',
    });
    expect(answer).toMatchObject({ ActionStatus: 'OK', ErrorCode: 0 });
    const viewer = await connect(server, 'import_viewer');
    const { data } = await viewer.getUserProfile({ userIDList: ['imported_1'] });
    expect(data).toEqual([
      expect.objectContaining({ userID: 'imported_1', nick: '张工', avatar: 'https://cdn.example.com/zhang.png' }),
    ]);
    await viewer.logout();
  });

  it('importing an account again creates nothing more and takes the new nick', async () => {
    await admin.call('im_open_login_svc/account_import', { UserID: 'imported_2', Nick: 'old' });
    await admin.call('im_open_login_svc/account_import', { UserID: 'imported_2', Nick: 'new' });
    const rows = await server.db.query<{ nick: string }>('SELECT nick FROM users WHERE user_id = $1', ['imported_2']);
    expect(rows).toEqual([{ nick: 'new' }]);
  });

  it('refuses an account it cannot store, or a picture on a host the deployment does not allow, and stores nothing', async () => {
    const before = await snapshotAll(server.db);
    expect(await admin.call('im_open_login_svc/account_import', { UserID: 'has space' })).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: 70402,
    });
    expect(await admin.call('im_open_login_svc/account_import', { Nick: 'no id' })).toMatchObject({ ErrorCode: 70402 });
    expect(
      await admin.call('im_open_login_svc/account_import', {
        UserID: 'imported_3',
        FaceUrl: 'https://tracker.example.net/p.png',
      }),
    ).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: 70402 });
    expect(await snapshotAll(server.db)).toEqual(before);
  });

  it('multiaccount_import takes both of Tencent’s forms and lists the accounts it could not import', async () => {
    expect(await admin.call('im_open_login_svc/multiaccount_import', { Accounts: ['multi_1', 'multi_2'] })).toEqual({
      ActionStatus: 'OK',
      ErrorCode: 0,
      ErrorInfo: '',
      FailAccounts: [],
    });
    const answer = await admin.call('im_open_login_svc/multiaccount_import', {
      AccountList: [
        { UserID: 'multi_3', Nick: 'Three' },
        { UserID: 'multi_4', FaceUrl: 'https://tracker.example.net/p.png' },
      ],
    });
    expect(answer).toMatchObject({ ActionStatus: 'OK', FailAccounts: ['multi_4'] });
    const check = await admin.call('im_open_login_svc/account_check', {
      CheckItem: ['multi_1', 'multi_2', 'multi_3', 'multi_4'].map((UserID) => ({ UserID })),
    });
    expect((check.ResultItem as Array<{ AccountStatus: string }>).map((item) => item.AccountStatus)).toEqual([
      'Imported',
      'Imported',
      'Imported',
      'NotImported',
    ]);
    expect(
      await admin.call('im_open_login_svc/multiaccount_import', {
        Accounts: Array.from({ length: 101 }, (_, i) => `m${i}`),
      }),
    ).toMatchObject({ ErrorCode: 70402 });
  });

  it('account_check tells an account that logged in from one never seen, with ResultCode 0 for both', async () => {
    const user = await connect(server, 'logged_in_once');
    await user.logout();
    const check = await admin.call('im_open_login_svc/account_check', {
      CheckItem: [{ UserID: 'logged_in_once' }, { UserID: 'never.seen@example.com' }],
    });
    expect(check.ResultItem).toEqual([
      { UserID: 'logged_in_once', ResultCode: 0, ResultInfo: '', AccountStatus: 'Imported' },
      { UserID: 'never.seen@example.com', ResultCode: 0, ResultInfo: '', AccountStatus: 'NotImported' },
    ]);
  });
});

describe('kick and online status through the REST API', () => {
  it('query_online_status answers Online and Offline, with Detail when asked, and lists unknown accounts with 70107', async () => {
    const online = await connect(server, 'status_on');
    await admin.call('im_open_login_svc/account_import', { UserID: 'status_off' });
    const answer = await admin.call('openim/query_online_status', {
      To_Account: ['status_on', 'status_off', 'status_nobody'],
      IsNeedDetail: 1,
    });
    expect(answer).toMatchObject({
      ActionStatus: 'OK',
      QueryResult: [
        { To_Account: 'status_on', Status: 'Online', Detail: [{ Platform: 'Web', Status: 'Online' }] },
        { To_Account: 'status_off', Status: 'Offline', Detail: [] },
      ],
      ErrorList: [{ To_Account: 'status_nobody', ErrorCode: 70107 }],
    });
    const plain = await admin.call('openim/query_online_status', { To_Account: ['status_on'] });
    expect(plain.QueryResult).toEqual([{ To_Account: 'status_on', Status: 'Online' }]);
    await online.logout();
  });

  it('kick ends every session of the user with KICKED_OUT (REST_API_Kick); their old userSig is refused (70052), a new one logs in', async () => {
    const made = Date.now() - 5_000;
    const oldSig = genUserSig(server.app, 'kicked_user', 3600, made);
    const tabs = [0, 1].map(() =>
      LiaisonChat.create({ SDKAppID: server.app.sdkAppID, server: server.url, webRTC: null }),
    );
    for (const tab of tabs) {
      const ready = nextEvent(tab, LiaisonChat.EVENT.SDK_READY);
      await tab.login({ userID: 'kicked_user', userSig: oldSig });
      await ready;
    }
    const kicked = tabs.map((tab) => nextEvent(tab, LiaisonChat.EVENT.KICKED_OUT));
    expect(await admin.call('im_open_login_svc/kick', { UserID: 'kicked_user' })).toMatchObject({ ActionStatus: 'OK' });
    expect(await Promise.all(kicked)).toEqual([
      { type: LiaisonChat.TYPES.KICKED_OUT_REST_API },
      { type: LiaisonChat.TYPES.KICKED_OUT_REST_API },
    ]);
    const again = LiaisonChat.create({ SDKAppID: server.app.sdkAppID, server: server.url, webRTC: null });
    expect(await errorCode(again.login({ userID: 'kicked_user', userSig: oldSig }))).toBe(70052);
    const fresh = await connect(server, 'kicked_user');
    expect(fresh.isReady()).toBe(true);
    await fresh.logout();
  });

  it('kick of an account that does not exist is 70107', async () => {
    expect(await admin.call('im_open_login_svc/kick', { UserID: 'kick_nobody' })).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: 70107,
    });
  });
});

describe('deleting accounts through the REST API', () => {
  it('account_delete closes the sessions, ends friendships, hands owned groups on, and the account is no longer imported', async () => {
    const leaving = await connect(server, 'del_leaving');
    const friend = await connect(server, 'del_friend');
    for (const [from, to] of [
      ['del_leaving', 'del_friend'],
      ['del_friend', 'del_leaving'],
    ]) {
      await admin.call('sns/friend_import', {
        From_Account: from,
        AddFriendItem: [{ To_Account: to, AddSource: 'AddSource_Type_Web' }],
      });
    }
    await leaving.createGroup({
      type: LiaisonChat.TYPES.GRP_PUBLIC,
      name: 'kept',
      groupID: 'del_kept',
      memberList: [{ userID: 'del_friend' }],
    });
    await leaving.createGroup({ type: LiaisonChat.TYPES.GRP_PUBLIC, name: 'alone', groupID: 'del_alone' });
    await leaving.sendMessage(
      leaving.createTextMessage({ to: 'del_friend', conversationType: 'C2C', payload: { text: 'bye' } }),
    );

    const kicked = nextEvent(leaving, LiaisonChat.EVENT.KICKED_OUT);
    const friendsChanged = nextEvent<Array<{ userID: string }>>(friend, LiaisonChat.EVENT.FRIEND_LIST_UPDATED, (list) =>
      list.every((entry) => entry.userID !== 'del_leaving'),
    );
    const answer = await admin.call('im_open_login_svc/account_delete', {
      DeleteItem: [{ UserID: 'del_leaving' }, { UserID: 'del_nobody' }],
    });
    expect(answer).toMatchObject({
      ActionStatus: 'OK',
      ResultItem: [
        { UserID: 'del_leaving', ResultCode: 0, ResultInfo: '' },
        { UserID: 'del_nobody', ResultCode: 70107 },
      ],
    });
    expect(await kicked).toEqual({ type: LiaisonChat.TYPES.KICKED_OUT_REST_API });
    await friendsChanged;

    const { data: kept } = await friend.getGroupProfile({ groupID: 'del_kept' });
    expect(kept.group).toMatchObject({ ownerID: 'del_friend', memberCount: 1 });
    expect(await errorCode(friend.getGroupProfile({ groupID: 'del_alone' }))).toBe(10010);
    // What the account said stays in the other side's history.
    const { data: history } = await friend.getMessageList({ conversationID: 'C2Cdel_leaving' });
    expect(history.messageList.map((message) => message.payload)).toEqual([{ text: 'bye' }]);

    const check = await admin.call('im_open_login_svc/account_check', { CheckItem: [{ UserID: 'del_leaving' }] });
    expect(check.ResultItem).toEqual([expect.objectContaining({ AccountStatus: 'NotImported' })]);
    // A new login starts a new, empty account.
    const again = await connect(server, 'del_leaving');
    const { data: friends } = await again.getFriendList();
    expect(friends).toEqual([]);
    await Promise.all([again.logout(), friend.logout()]);
  });

  it('refuses an empty or oversized DeleteItem and deletes nothing', async () => {
    await admin.call('im_open_login_svc/account_import', { UserID: 'del_stays' });
    const before = await snapshotAll(server.db);
    expect(await admin.call('im_open_login_svc/account_delete', { DeleteItem: [] })).toMatchObject({
      ErrorCode: 70402,
    });
    expect(
      await admin.call('im_open_login_svc/account_delete', {
        DeleteItem: Array.from({ length: 101 }, (_, i) => ({ UserID: i === 0 ? 'del_stays' : `del_${i}` })),
      }),
    ).toMatchObject({ ErrorCode: 70402 });
    expect(await snapshotAll(server.db)).toEqual(before);
  });
});
