import type { AllowType } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, startServer } from '../../integration/harness';
import {
  applicationsWhere,
  befriend,
  blacklistWhere,
  friendListWhere,
  hasApplication,
  hasFriend,
  lacksFriend,
  relationOf,
} from '../../integration/relation-helpers';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

const { TYPES } = LiaisonChat;

let server: LiaisonServer;
let admin: RestClient;
const chats: Chat[] = [];

beforeAll(async () => {
  server = await startServer();
  admin = new RestClient(server);
});
afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
});

async function user(userID: string, allowType?: AllowType): Promise<Chat> {
  const chat = await connect(server, userID);
  chats.push(chat);
  if (allowType) await chat.updateMyProfile({ allowType });
  return chat;
}

const OK = { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '', ErrorDisplay: '' };

describe('sns/friend_add', () => {
  it('with ForceAddFlags 1 makes the friendship without the other side’s approval, and both clients see it', async () => {
    const from = await user('rs-force-a');
    const to = await user('rs-force-b', TYPES.ALLOW_TYPE_NEED_CONFIRM);
    const fromSees = friendListWhere(from, hasFriend('rs-force-b'));
    const toSees = friendListWhere(to, hasFriend('rs-force-a'));
    const answer = await admin.call('sns/friend_add', {
      From_Account: 'rs-force-a',
      AddFriendItem: [{ To_Account: 'rs-force-b', AddSource: 'AddSource_Type_Server', Remark: 'B', GroupName: 'Team' }],
      AddType: 'Add_Type_Both',
      ForceAddFlags: 1,
    });
    expect(answer).toEqual({ ...OK, ResultItem: [{ To_Account: 'rs-force-b', ResultCode: 0, ResultInfo: '' }] });
    expect((await fromSees).find((f) => f.userID === 'rs-force-b')).toMatchObject({ remark: 'B', groupList: ['Team'] });
    await toSees;
    expect(await relationOf(from, 'rs-force-b')).toBe(TYPES.SNS_TYPE_BOTH_WAY);
  });

  it('without it asks for approval, and answers each refusal with Tencent’s code, changing nothing for those', async () => {
    const from = await user('rs-ask-a');
    const asked = await user('rs-ask-b', TYPES.ALLOW_TYPE_NEED_CONFIRM);
    await user('rs-ask-deny', TYPES.ALLOW_TYPE_DENY_ANY);
    await user('rs-ask-blocked', TYPES.ALLOW_TYPE_ALLOW_ANY);
    await from.addToBlacklist({ userIDList: ['rs-ask-blocked'] });
    const request = applicationsWhere(asked, hasApplication('rs-ask-a', TYPES.SNS_APPLICATION_SENT_TO_ME));
    const answer = await admin.call('sns/friend_add', {
      From_Account: 'rs-ask-a',
      AddFriendItem: [{ To_Account: 'rs-ask-b', AddSource: 'AddSource_Type_Server', AddWording: 'hello' }],
    });
    expect(answer).toMatchObject({
      ActionStatus: 'OK',
      ResultItem: [{ To_Account: 'rs-ask-b', ResultCode: 30539 }],
      Fail_Account: ['rs-ask-b'],
    });
    await request;

    const before = await snapshotAll(server.db);
    const refused = await admin.call('sns/friend_add', {
      From_Account: 'rs-ask-a',
      AddFriendItem: ['rs-ask-deny', 'rs-ask-blocked', 'rs-ask-nobody', 'rs-ask-a'].map((To_Account) => ({
        To_Account,
        AddSource: 'AddSource_Type_Server',
      })),
    });
    expect(refused.ResultItem).toEqual([
      expect.objectContaining({ To_Account: 'rs-ask-deny', ResultCode: 30516 }),
      expect.objectContaining({ To_Account: 'rs-ask-blocked', ResultCode: 30515 }),
      expect.objectContaining({ To_Account: 'rs-ask-nobody', ResultCode: 30003 }),
      expect.objectContaining({ To_Account: 'rs-ask-a', ResultCode: 30001 }),
    ]);
    expect(refused.Fail_Account).toEqual(['rs-ask-deny', 'rs-ask-blocked', 'rs-ask-nobody', 'rs-ask-a']);
    expect(
      await admin.call('sns/friend_add', {
        From_Account: 'rs-ask-nobody',
        AddFriendItem: [{ To_Account: 'rs-ask-b', AddSource: 'AddSource_Type_Server' }],
      }),
    ).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: 30003 });
    expect(
      await admin.call('sns/friend_add', {
        From_Account: 'rs-ask-a',
        AddFriendItem: [{ To_Account: 'rs-ask-b', AddSource: 'Web' }],
      }),
    ).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: 30001 });
    expect(await snapshotAll(server.db)).toEqual(before);
  });
});

describe('sns/friend_import, friend_get, friend_check and friend_delete', () => {
  it('imports one-way friends with their time, groups and fields, which the importing user’s client sees', async () => {
    const owner = await user('rs-imp-a');
    await user('rs-imp-b');
    const listed = friendListWhere(owner, hasFriend('rs-imp-b'));
    const answer = await admin.call('sns/friend_import', {
      From_Account: 'rs-imp-a',
      AddFriendItem: [
        {
          To_Account: 'rs-imp-b',
          Remark: 'Old friend',
          GroupName: ['Family'],
          AddSource: 'AddSource_Type_Import',
          AddWording: 'from the old app',
          AddTime: 1_600_000_000,
          CustomItem: [{ Tag: 'Tag_SNS_Custom_Level', Value: 3 }],
        },
        { To_Account: 'rs-imp-nobody', AddSource: 'AddSource_Type_Import' },
      ],
    });
    expect(answer).toMatchObject({
      ActionStatus: 'OK',
      ResultItem: [
        { To_Account: 'rs-imp-b', ResultCode: 0 },
        { To_Account: 'rs-imp-nobody', ResultCode: 30003 },
      ],
      Fail_Account: ['rs-imp-nobody'],
    });
    expect((await listed).find((f) => f.userID === 'rs-imp-b')).toMatchObject({
      remark: 'Old friend',
      groupList: ['Family'],
      addTime: 1_600_000_000,
      friendCustomField: [{ key: 'Tag_SNS_Custom_Level', value: '3' }],
    });

    expect(await admin.call('sns/friend_get', { From_Account: 'rs-imp-a', StartIndex: 0 })).toEqual({
      ...OK,
      UserDataItem: [
        {
          To_Account: 'rs-imp-b',
          ValueItem: [
            { Tag: 'Tag_SNS_IM_AddSource', Value: 'AddSource_Type_Import' },
            { Tag: 'Tag_SNS_IM_AddWording', Value: 'from the old app' },
            { Tag: 'Tag_SNS_IM_Remark', Value: 'Old friend' },
            { Tag: 'Tag_SNS_IM_Group', Value: ['Family'] },
            { Tag: 'Tag_SNS_IM_AddTime', Value: 1_600_000_000 },
            { Tag: 'Tag_SNS_Custom_Level', Value: '3' },
          ],
        },
      ],
      StandardSequence: 0,
      CustomSequence: 0,
      FriendNum: 1,
      CompleteFlag: 1,
      NextStartIndex: 0,
    });
    const check = (From_Account: string, CheckType: string) =>
      admin.call('sns/friend_check', { From_Account, To_Account: ['rs-imp-a', 'rs-imp-b'], CheckType });
    expect((await check('rs-imp-b', 'CheckResult_Type_Both')).InfoItem).toEqual([
      { To_Account: 'rs-imp-a', Relation: 'CheckResult_Type_BWithA', ResultCode: 0, ResultInfo: '' },
      { To_Account: 'rs-imp-b', Relation: 'CheckResult_Type_NoRelation', ResultCode: 0, ResultInfo: '' },
    ]);
    expect((await check('rs-imp-a', 'CheckResult_Type_Single')).InfoItem).toEqual([
      { To_Account: 'rs-imp-a', Relation: 'CheckResult_Type_NoRelation', ResultCode: 0, ResultInfo: '' },
      { To_Account: 'rs-imp-b', Relation: 'CheckResult_Type_AWithB', ResultCode: 0, ResultInfo: '' },
    ]);
    expect(
      await admin.call('sns/friend_import', {
        From_Account: 'rs-imp-a',
        AddFriendItem: [{ To_Account: 'rs-imp-b', AddSource: 'AddSource_Type_Import' }],
      }),
    ).toMatchObject({ ResultItem: [{ To_Account: 'rs-imp-b', ResultCode: 30001 }], Fail_Account: ['rs-imp-b'] });
  });

  it('friend_delete takes the friend off one list by default, and answers 31704 for someone not in it', async () => {
    const a = await user('rs-del-a');
    const b = await user('rs-del-b');
    await befriend(a, b);
    const aSees = friendListWhere(a, lacksFriend('rs-del-b'));
    const answer = await admin.call('sns/friend_delete', {
      From_Account: 'rs-del-a',
      To_Account: ['rs-del-b', 'rs-del-x'],
    });
    expect(answer).toMatchObject({
      ActionStatus: 'OK',
      ResultItem: [
        { To_Account: 'rs-del-b', ResultCode: 0 },
        { To_Account: 'rs-del-x', ResultCode: 31704 },
      ],
      Fail_Account: ['rs-del-x'],
    });
    await aSees;
    expect(await relationOf(b, 'rs-del-a')).toBe(TYPES.SNS_TYPE_A_WITH_B);
    const bSees = friendListWhere(b, lacksFriend('rs-del-a'));
    await admin.call('sns/friend_delete', {
      From_Account: 'rs-del-b',
      To_Account: ['rs-del-a'],
      DeleteType: 'Delete_Type_Both',
    });
    await bSees;
  });
});

describe('sns blocklist commands', () => {
  it('black_list_add blocks, ends the friendship, and both clients see it; get, check and delete follow', async () => {
    const a = await user('rs-bl-a');
    const b = await user('rs-bl-b');
    await befriend(a, b);
    const aBlocks = blacklistWhere(a, (list) => list.includes('rs-bl-b'));
    const bLoses = friendListWhere(b, lacksFriend('rs-bl-a'));
    const added = await admin.call('sns/black_list_add', {
      From_Account: 'rs-bl-a',
      To_Account: ['rs-bl-b', 'rs-bl-a', 'rs-bl-x'],
    });
    expect(added).toMatchObject({
      ActionStatus: 'OK',
      ResultItem: [
        { To_Account: 'rs-bl-b', ResultCode: 0 },
        { To_Account: 'rs-bl-a', ResultCode: 30001 },
        { To_Account: 'rs-bl-x', ResultCode: 30003 },
      ],
      Fail_Account: ['rs-bl-a', 'rs-bl-x'],
    });
    await aBlocks;
    await bLoses;
    expect(
      (await admin.call('sns/black_list_add', { From_Account: 'rs-bl-a', To_Account: ['rs-bl-b'] })).ResultItem,
    ).toEqual([expect.objectContaining({ ResultCode: 30001 })]);

    const got = await admin.call('sns/black_list_get', {
      From_Account: 'rs-bl-a',
      StartIndex: 0,
      MaxLimited: 30,
      LastSequence: 0,
    });
    expect(got).toMatchObject({ ...OK, StartIndex: 0, CurruentSequence: 0 });
    expect(got.BlackListItem).toEqual([{ To_Account: 'rs-bl-b', AddBlackTimeStamp: expect.any(Number) }]);
    const check = await admin.call('sns/black_list_check', {
      From_Account: 'rs-bl-b',
      To_Account: ['rs-bl-a'],
      CheckType: 'BlackCheckResult_Type_Both',
    });
    expect(check.BlackListCheckItem).toEqual([
      { To_Account: 'rs-bl-a', Relation: 'BlackCheckResult_Type_BWithA', ResultCode: 0, ResultInfo: '' },
    ]);

    const aUnblocks = blacklistWhere(a, (list) => list.length === 0);
    const removed = await admin.call('sns/black_list_delete', {
      From_Account: 'rs-bl-a',
      To_Account: ['rs-bl-b', 'rs-bl-x'],
    });
    expect(removed).toMatchObject({
      ResultItem: [
        { To_Account: 'rs-bl-b', ResultCode: 0 },
        { To_Account: 'rs-bl-x', ResultCode: 30001 },
      ],
      Fail_Account: ['rs-bl-x'],
    });
    await aUnblocks;
  });

  it('refuses a call it cannot read with 30001 and changes nothing', async () => {
    await user('rs-bl-refused');
    const before = await snapshotAll(server.db);
    expect(await admin.call('sns/black_list_add', { From_Account: 'rs-bl-refused', To_Account: [] })).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: 30001,
    });
    expect(
      await admin.call('sns/black_list_get', { From_Account: 'rs-bl-refused', StartIndex: 0, LastSequence: 0 }),
    ).toMatchObject({ ErrorCode: 30001 });
    expect(
      await admin.call('sns/black_list_delete', { From_Account: 'rs-bl-none', To_Account: ['rs-bl-refused'] }),
    ).toMatchObject({
      ErrorCode: 30003,
    });
    expect(await snapshotAll(server.db)).toEqual(before);
  });
});
