import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, errorCode, startServer } from '../../integration/harness';
import { freshMobile, PortalClient } from '../../portal/test-client';

const { TYPES } = LiaisonChat;
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
    expect(await errorCode(chat.updateMyProfile({ avatar: `${fits}é` }))).toBe(ErrorCode.INVALID_PARAMS);
  });
});
