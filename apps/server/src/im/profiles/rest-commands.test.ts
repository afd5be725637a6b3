import LiaisonChat, { type Profile } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, nextEvent, startServer } from '../../integration/harness';
import { befriend } from '../../integration/relation-helpers';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

const { EVENT, TYPES } = LiaisonChat;

let server: LiaisonServer;
let admin: RestClient;
const chats: Chat[] = [];

beforeAll(async () => {
  server = await startServer(undefined, { avatarUrlHosts: ['cdn.example.com'] });
  admin = new RestClient(server);
});
afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
});

async function user(userID: string): Promise<Chat> {
  const chat = await connect(server, userID);
  chats.push(chat);
  return chat;
}

describe('profile/portrait_set', () => {
  it('sets standard and custom fields, which the user and their friends see live', async () => {
    const owner = await user('rp-owner');
    const friend = await user('rp-friend');
    await befriend(owner, friend);
    const ownSeen = nextEvent<Profile[]>(owner, EVENT.PROFILE_UPDATED, (list) => list[0]?.nick === '新名字');
    const friendSeen = nextEvent<Profile[]>(friend, EVENT.PROFILE_UPDATED, (list) => list[0]?.userID === 'rp-owner');
    const answer = await admin.call('profile/portrait_set', {
      From_Account: 'rp-owner',
      ProfileItem: [
        { Tag: 'Tag_Profile_IM_Nick', Value: '新名字' },
        { Tag: 'Tag_Profile_IM_Image', Value: 'https://cdn.example.com/a.png' },
        { Tag: 'Tag_Profile_IM_Gender', Value: 'Gender_Type_Female' },
        { Tag: 'Tag_Profile_IM_BirthDay', Value: 19900101 },
        { Tag: 'Tag_Profile_IM_Location', Value: 'Shenzhen' },
        { Tag: 'Tag_Profile_IM_SelfSignature', Value: 'hello' },
        { Tag: 'Tag_Profile_IM_AllowType', Value: 'AllowType_Type_DenyAny' },
        { Tag: 'Tag_Profile_IM_Language', Value: 2 },
        { Tag: 'Tag_Profile_IM_MsgSettings', Value: 1 },
        { Tag: 'Tag_Profile_IM_Level', Value: 7 },
        { Tag: 'Tag_Profile_IM_Role', Value: 3 },
        { Tag: 'Tag_Profile_Custom_Test', Value: 'custom value' },
      ],
    });
    expect(answer).toEqual({ ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '', ErrorDisplay: '' });
    expect((await ownSeen)[0]).toMatchObject({
      nick: '新名字',
      avatar: 'https://cdn.example.com/a.png',
      gender: TYPES.GENDER_FEMALE,
      birthday: 19900101,
      location: 'Shenzhen',
      selfSignature: 'hello',
      allowType: TYPES.ALLOW_TYPE_DENY_ANY,
      language: 2,
      messageSettings: 1,
      level: 7,
      role: 3,
      profileCustomField: [{ key: 'Tag_Profile_Custom_Test', value: 'custom value' }],
    });
    expect((await friendSeen)[0]).toMatchObject({ nick: '新名字', location: 'Shenzhen' });
    expect((await owner.getMyProfile()).data).toMatchObject({ nick: '新名字', level: 7 });
  });

  it('lets the administrator lift AdminForbid_Type_SendOut, which a user may not', async () => {
    const banned = await user('rp-banned');
    await admin.call('profile/portrait_set', {
      From_Account: 'rp-banned',
      ProfileItem: [{ Tag: 'Tag_Profile_IM_AdminForbidType', Value: 'AdminForbid_Type_SendOut' }],
    });
    await expect(banned.updateMyProfile({ adminForbidType: TYPES.FORBID_TYPE_NONE })).rejects.toMatchObject({
      code: 40004,
    });
    const lifted = await admin.call('profile/portrait_set', {
      From_Account: 'rp-banned',
      ProfileItem: [{ Tag: 'Tag_Profile_IM_AdminForbidType', Value: 'AdminForbid_Type_None' }],
    });
    expect(lifted).toMatchObject({ ActionStatus: 'OK' });
    expect((await banned.getMyProfile()).data.adminForbidType).toBe(TYPES.FORBID_TYPE_NONE);
  });

  it('refuses with Tencent’s codes and changes nothing', async () => {
    await user('rp-refused');
    const before = await snapshotAll(server.db);
    const set = (From_Account: string, Tag: string, Value: unknown) =>
      admin.call('profile/portrait_set', { From_Account, ProfileItem: [{ Tag, Value }] });
    expect(await set('rp-nobody', 'Tag_Profile_IM_Nick', 'x')).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: 40003,
    });
    expect(await set('rp-refused', 'Tag_Profile_IM_Unknown', 'x')).toMatchObject({ ErrorCode: 40009 });
    expect(await set('rp-refused', 'Tag_Profile_IM_Level', 'seven')).toMatchObject({ ErrorCode: 40610 });
    expect(await set('rp-refused', 'Tag_Profile_IM_Nick', 7)).toMatchObject({ ErrorCode: 40610 });
    expect(await set('rp-refused', 'Tag_Profile_IM_Nick', 'x'.repeat(501))).toMatchObject({ ErrorCode: 40601 });
    expect(await set('rp-refused', 'Tag_Profile_IM_Gender', 'Gender_Type_Robot')).toMatchObject({ ErrorCode: 40605 });
    expect(await set('rp-refused', 'Tag_Profile_IM_Image', 'https://tracker.example.net/p.png')).toMatchObject({
      ErrorCode: 40605,
    });
    expect(await admin.call('profile/portrait_set', { From_Account: 'rp-refused', ProfileItem: [] })).toMatchObject({
      ErrorCode: 40001,
    });
    expect(await snapshotAll(server.db)).toEqual(before);
  });
});

describe('profile/portrait_get', () => {
  it('answers the tags asked for each account, and lists the accounts that do not exist', async () => {
    const reader = await user('rp-read');
    await reader.updateMyProfile({
      nick: 'Reader',
      profileCustomField: [{ key: 'Tag_Profile_Custom_Hobby', value: 'go' }],
    });
    const answer = await admin.call('profile/portrait_get', {
      To_Account: ['rp-read', 'rp-ghost'],
      TagList: [
        'Tag_Profile_IM_Nick',
        'Tag_Profile_IM_AllowType',
        'Tag_Profile_IM_Level',
        'Tag_Profile_Custom_Hobby',
        'Tag_Profile_Custom_None',
      ],
    });
    expect(answer).toEqual({
      ActionStatus: 'OK',
      ErrorCode: 0,
      ErrorInfo: '',
      ErrorDisplay: '',
      UserProfileItem: [
        {
          To_Account: 'rp-read',
          ProfileItem: [
            { Tag: 'Tag_Profile_IM_Nick', Value: 'Reader' },
            { Tag: 'Tag_Profile_IM_AllowType', Value: 'AllowType_Type_NeedConfirm' },
            { Tag: 'Tag_Profile_IM_Level', Value: 0 },
            { Tag: 'Tag_Profile_Custom_Hobby', Value: 'go' },
          ],
          ResultCode: 0,
          ResultInfo: '',
        },
        { To_Account: 'rp-ghost', ResultCode: 40003, ResultInfo: 'Err_Profile_Invalid_Account' },
      ],
      Fail_Account: ['rp-ghost'],
    });
  });

  it('refuses a tag that does not exist with 40009, and a call without accounts with 40001', async () => {
    expect(
      await admin.call('profile/portrait_get', { To_Account: ['rp-read'], TagList: ['Tag_Profile_IM_Shoe'] }),
    ).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: 40009,
    });
    expect(
      await admin.call('profile/portrait_get', { To_Account: [], TagList: ['Tag_Profile_IM_Nick'] }),
    ).toMatchObject({
      ErrorCode: 40001,
    });
  });
});
