import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Profile } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiaisonServer } from '../../app';
import {
  type Chat,
  connect,
  errorCode,
  nextEvent,
  RawClient,
  sendText,
  startServer,
  until,
} from '../../integration/harness';
import { befriend, friendListWhere } from '../../integration/relation-helpers';
import { freshMobile, PortalClient } from '../../portal/test-client';

const { EVENT, TYPES } = LiaisonChat;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: LiaisonServer;
const chats: Chat[] = [];

beforeAll(async () => {
  server = await startServer(
    { testHooks: true, devOutboxEndpoint: false },
    { avatarUrlHosts: ['cdn.example.com', 'img.example.org:8443'] },
  );
});

afterAll(async () => {
  await Promise.all(chats.map((c) => c.logout().catch(() => undefined)));
  await server.close();
});

async function user(userID: string): Promise<Chat> {
  const chat = await connect(server, userID);
  chats.push(chat);
  return chat;
}

/** A portal account with uploads of its own, and its IM session. */
async function portalUser(): Promise<{ portal: PortalClient; chat: Chat; userID: string }> {
  const portal = new PortalClient(server);
  await portal.register(freshMobile(), 'Secret123');
  const im = await portal.call<{ userID: string }>('GET', '/portal/self/center/im/gen/userSig');
  const userID = im.data?.userID ?? '';
  return { portal, chat: await user(userID), userID };
}

describe('avatar URLs', () => {
  it('accepts none, and https URLs on the allowed hosts', async () => {
    const chat = await user('av-allowed');
    for (const avatar of [
      'https://cdn.example.com/a.png',
      'https://CDN.example.com/b.png?s=64',
      'https://img.example.org:8443/c.jpg',
      '',
    ]) {
      expect((await chat.updateMyProfile({ avatar })).data.avatar).toBe(avatar);
    }
  });

  it('refuses any other URL with 60009 and keeps the avatar it had', async () => {
    const chat = await user('av-refused');
    await chat.updateMyProfile({ avatar: 'https://cdn.example.com/mine.png' });
    const refused = [
      'https://tracker.example.net/pixel.png',
      'http://cdn.example.com/a.png',
      'https://cdn.example.com.evil.net/a.png',
      'https://cdn.example.com@evil.net/a.png',
      'https://user:pw@cdn.example.com/a.png',
      'https://img.example.org/c.jpg',
      '//tracker.example.net/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/prod-api/dev/sms/outbox',
      '/prod-api/profile/upload/2026/01/01/00000000-0000-0000-0000-000000000000.png',
    ];
    for (const avatar of refused) {
      expect(await errorCode(chat.updateMyProfile({ avatar })), avatar).toBe(ErrorCode.AVATAR_URL_NOT_ALLOWED);
    }
    expect((await chat.getMyProfile()).data.avatar).toBe('https://cdn.example.com/mine.png');
  });

  it('accepts a picture the user uploaded to this server, for the profile and a group, but not someone else’s', async () => {
    const owner = await portalUser();
    const picture = await owner.portal.upload('me.png', PNG);
    const document = await owner.portal.upload('notes.txt', Buffer.from('not a picture\n'));
    expect(picture.url).toMatch(/^\/prod-api\/profile\/upload\//);
    const url = picture.url as string;
    expect((await owner.chat.updateMyProfile({ avatar: url })).data.avatar).toBe(url);
    const group = await owner.chat.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Pictured', avatar: url });
    expect(group.data.group.avatar).toBe(url);
    expect(await errorCode(owner.chat.updateMyProfile({ avatar: document.url as string }))).toBe(
      ErrorCode.AVATAR_URL_NOT_ALLOWED,
    );
    // The bare file name is not where the picture is served.
    expect(await errorCode(owner.chat.updateMyProfile({ avatar: picture.fileName as string }))).toBe(
      ErrorCode.AVATAR_URL_NOT_ALLOWED,
    );

    const other = await portalUser();
    expect(await errorCode(other.chat.updateMyProfile({ avatar: url }))).toBe(ErrorCode.AVATAR_URL_NOT_ALLOWED);
    expect(
      await errorCode(
        other.chat.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Borrowed', avatar: url, groupID: 'av-borrowed' }),
      ),
    ).toBe(ErrorCode.AVATAR_URL_NOT_ALLOWED);
    expect(await server.db.query("SELECT 1 FROM groups WHERE group_id = 'av-borrowed'")).toEqual([]);
  });

  it('counts the avatar limit in bytes: 500', async () => {
    const chat = await user('av-long');
    const base = 'https://cdn.example.com/';
    const fits = `${base}${'é'.repeat((500 - base.length) / 2)}`;
    expect((await chat.updateMyProfile({ avatar: fits })).data.avatar).toBe(fits);
    expect(await errorCode(chat.updateMyProfile({ avatar: `${fits}é` }))).toBe(ErrorCode.UPDATE_PROFILE_INVALID_PARAM);
  });
});

describe('the rest of Tencent’s profile', () => {
  it('starts with Tencent’s defaults: unknown gender, zeros, empty strings, no custom fields', async () => {
    const { data } = await (await user('pf-fresh')).getMyProfile();
    expect(data).toMatchObject({
      gender: TYPES.GENDER_UNKNOWN,
      birthday: 0,
      location: '',
      language: 0,
      messageSettings: 0,
      adminForbidType: TYPES.FORBID_TYPE_NONE,
      level: 0,
      role: 0,
      profileCustomField: [],
    });
  });

  it('sets every field through updateMyProfile, seen by anyone through getUserProfile, and keeps what is not given', async () => {
    const alice = await user('pf-alice');
    const bob = await user('pf-bob');
    const fields = {
      gender: TYPES.GENDER_FEMALE,
      birthday: 19900101,
      location: '86 44 3 5',
      language: 2052,
      messageSettings: 1,
      level: 7,
      role: 4_294_967_295,
      profileCustomField: [{ key: 'Tag_Profile_Custom_Dept', value: '采购部' }],
    };
    expect((await alice.updateMyProfile(fields)).data).toMatchObject(fields);
    await alice.updateMyProfile({ nick: 'Alice' });
    const [seen] = (await bob.getUserProfile({ userIDList: ['pf-alice'] })).data;
    expect(seen).toMatchObject({ ...fields, nick: 'Alice', userID: 'pf-alice' });
  });

  it('merges custom fields by key, an empty value removing one, and holds at most 20', async () => {
    const chat = await user('pf-custom');
    const field = (name: string, value: string) => ({ key: `Tag_Profile_Custom_${name}`, value });
    await chat.updateMyProfile({ profileCustomField: [field('A', '1'), field('B', '2')] });
    await chat.updateMyProfile({ profileCustomField: [field('B', '3'), field('C', '4')] });
    const { data } = await chat.updateMyProfile({ profileCustomField: [field('A', '')] });
    expect(data.profileCustomField).toEqual([field('B', '3'), field('C', '4')]);
    const many = Array.from({ length: 18 }, (_, i) => field(`x${i}`, 'v'));
    expect((await chat.updateMyProfile({ profileCustomField: many })).data.profileCustomField).toHaveLength(20);
    expect(await errorCode(chat.updateMyProfile({ profileCustomField: [field('one_more', 'v')] }))).toBe(
      ErrorCode.UPDATE_PROFILE_INVALID_PARAM,
    );
    expect((await chat.getMyProfile()).data.profileCustomField).toHaveLength(20);
  });

  it('refuses what Tencent’s SDK refuses with 2721 (2722 for an empty profileCustomField), in the SDK and on the server, and changes nothing', async () => {
    const chat = await user('pf-bad');
    const bad: unknown[] = [
      {},
      { gender: 'Gender_Type_Other' },
      { birthday: -1 },
      { birthday: 1.5 },
      { birthday: 2 ** 32 },
      { language: 'zh' },
      { level: -1 },
      { messageSettings: 2 },
      { location: '12345678901234567' },
      { nick: 'x'.repeat(501) },
      { adminForbidType: 'AdminForbid_Type_All' },
      { profileCustomField: [{ key: 'Tag_Profile_IM_Nick', value: 'x' }] },
      { profileCustomField: [{ key: 'Tag_Profile_Custom_TooLong12', value: 'x' }] },
      { profileCustomField: [{ key: 'Tag_Profile_Custom_A', value: 1 }] },
      { profileCustomField: [{ key: 'Tag_Profile_Custom_A', value: 'x'.repeat(501) }] },
      { nick: 'fine', unknownKey: 1 },
    ];
    const raw = await RawClient.open(server);
    expect((await raw.login(server, 'pf-bad')).ok).toBe(true);
    for (const options of bad) {
      const asked = options as Parameters<Chat['updateMyProfile']>[0];
      expect(await errorCode(chat.updateMyProfile(asked)), JSON.stringify(options)).toBe(
        ErrorCode.UPDATE_PROFILE_INVALID_PARAM,
      );
      expect((await raw.request('updateMyProfile', options)).error?.code, JSON.stringify(options)).toBe(
        ErrorCode.UPDATE_PROFILE_INVALID_PARAM,
      );
    }
    expect(await errorCode(chat.updateMyProfile({ profileCustomField: [] }))).toBe(ErrorCode.UPDATE_PROFILE_NO_KEY);
    raw.close();
    expect((await chat.getMyProfile()).data).toMatchObject({ nick: '', gender: TYPES.GENDER_UNKNOWN, birthday: 0 });
  });

  it('lets a user forbid themself to send friend requests, but only an administrator lifts it (40004)', async () => {
    const chat = await user('pf-forbid');
    await chat.updateMyProfile({ adminForbidType: TYPES.FORBID_TYPE_NONE });
    const { data } = await chat.updateMyProfile({ adminForbidType: TYPES.FORBID_TYPE_SEND_OUT });
    expect(data.adminForbidType).toBe(TYPES.FORBID_TYPE_SEND_OUT);
    expect(await errorCode(chat.updateMyProfile({ adminForbidType: TYPES.FORBID_TYPE_NONE, nick: 'x' }))).toBe(
      ErrorCode.PROFILE_NEEDS_ADMIN,
    );
    expect((await chat.getMyProfile()).data).toMatchObject({ adminForbidType: TYPES.FORBID_TYPE_SEND_OUT, nick: '' });
  });

  it('tells my friends of a change (PROFILE_UPDATED, then FRIEND_LIST_UPDATED, and their chat with me), and not a stranger', async () => {
    const alice = await user('pf-friend-a');
    const bob = await user('pf-friend-b');
    const carol = await user('pf-stranger');
    await befriend(bob, alice);
    await sendText(alice, 'pf-friend-b', 'hi');
    await until(() => bob.conversationStore.get('C2Cpf-friend-a') !== undefined);
    const order: string[] = [];
    bob.on(EVENT.PROFILE_UPDATED, () => order.push('profile'));
    bob.on(EVENT.FRIEND_LIST_UPDATED, () => order.push('friends'));
    const strangerHeard = vi.fn();
    carol.on(EVENT.PROFILE_UPDATED, strangerHeard);
    const pushed = nextEvent<Profile[]>(bob, EVENT.PROFILE_UPDATED, (list) => list[0]?.userID === 'pf-friend-a');
    const listed = friendListWhere(bob, (list) => list.some((f) => f.profile.gender === TYPES.GENDER_MALE));
    await alice.updateMyProfile({ gender: TYPES.GENDER_MALE, location: 'Shanghai' });
    expect((await pushed)[0]).toMatchObject({ gender: TYPES.GENDER_MALE, location: 'Shanghai' });
    await listed;
    expect(order.slice(-2)).toEqual(['profile', 'friends']);
    expect(bob.conversationStore.get('C2Cpf-friend-a')?.userProfile).toMatchObject({ location: 'Shanghai' });
    // The stranger hears nothing: a message sent after the change reaches them first.
    const received = nextEvent(carol, EVENT.MESSAGE_RECEIVED);
    await sendText(alice, 'pf-stranger', 'hello');
    await received;
    expect(strangerHeard).not.toHaveBeenCalled();
  });
});
