import { readFile } from 'node:fs/promises';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { PortalClient } from '../portal/test-client';
import { DEMO_VIDEO_SECONDS } from './content';
import { DEMO_PASSWORD } from './credentials';

const WEB_PUBLIC = new URL('../../../web/public', import.meta.url);

/** A newcomer's first start: demo people can log in and find a living product. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false }, { demo: true });
});
afterAll(() => server.close());

describe('embedded demo data', () => {
  it('lets the approved enterprise user log in with the README password and see their to-dos', async () => {
    const client = new PortalClient(server);
    expect((await client.login('zhangwei', DEMO_PASSWORD)).code).toBe(200);
    expect((await client.call('GET', '/portal/self/center/info')).data).toMatchObject({
      nickName: '张伟',
      userType: 2,
      status: 1,
      realPersonAuthStatus: 1,
      betaStatus: true,
      enterprise: { enterpriseName: '苏州精工智造有限公司', status: 1 },
    });
    expect((await client.call('GET', '/portal/self/center/personal/todo')).data).toEqual({ connectMeCount: 2 });
  });

  it('has an administrator', async () => {
    const client = new PortalClient(server);
    await client.login('admin', DEMO_PASSWORD);
    expect((await client.call('GET', '/portal/self/center/get/permission')).data).toMatchObject({
      roles: ['admin', 'common'],
    });
  });

  it('has a group and a one-to-one conversation with history in the IM service', async () => {
    const client = new PortalClient(server);
    await client.login('13800000001', DEMO_PASSWORD);
    const creds = (
      await client.call<{ sdkAppID: number; userID: string; userSig: string }>(
        'GET',
        '/portal/self/center/im/gen/userSig',
      )
    ).data;
    const chat = LiaisonChat.create({ SDKAppID: creds?.sdkAppID ?? 0, server: server.url });
    try {
      await chat.login({ userID: creds?.userID ?? '', userSig: creds?.userSig ?? '' });
      const { data } = await chat.getConversationList();
      const names = data.conversationList.map((c) => c.groupProfile?.name ?? c.userProfile?.nick);
      expect(names).toEqual(expect.arrayContaining(['长三角供应链交流群', '李娜']));
      const withLina = data.conversationList.find((c) => c.userProfile?.nick === '李娜');
      expect(withLina?.lastMessage?.payload).toEqual({ text: '好的，辛苦了！' });
      expect(withLina?.unreadCount).toBe(1);
      const history = await chat.getMessageList({ conversationID: withLina?.conversationID ?? '' });
      expect(history.data.messageList).toHaveLength(3);
    } finally {
      await chat.logout();
    }
  });

  it('gives no IM credentials to a demo user who has not verified a real name', async () => {
    const client = new PortalClient(server);
    await client.login('chenlei', DEMO_PASSWORD);
    expect((await client.call('GET', '/portal/self/center/im/gen/userSig')).data).toMatchObject({ canConnect: false });
  });

  it('has education videos whose addresses are clips the web app ships, each as long as listed and titled without a length it lacks', async () => {
    const client = new PortalClient(server);
    await client.login('zhangwei', DEMO_PASSWORD);
    const { data } = await client.call<{ rows: { title: string; videoUrl: string; durationS: number }[] }>(
      'GET',
      '/portal/self/center/education/video?pageNum=1&pageSize=10',
    );
    expect(data?.rows).toHaveLength(5);
    for (const video of data?.rows ?? []) {
      const clip = await readFile(new URL(`.${video.videoUrl}`, `${WEB_PUBLIC.href}/`));
      // An MP4 opens with its 'ftyp' box.
      expect(clip.subarray(4, 8).toString('latin1'), video.videoUrl).toBe('ftyp');
      expect(video.durationS).toBe(DEMO_VIDEO_SECONDS);
      expect(Math.round(mp4Seconds(clip)), video.videoUrl).toBe(video.durationS);
      // A title that names a length names this one; no sample or placeholder wording.
      const minutes = /(\d+)分钟/.exec(video.title)?.[1];
      if (minutes) expect(Number(minutes) * 60, video.title).toBe(video.durationS);
      expect(video.title).not.toMatch(/示例|样例|placeholder|Liaison/i);
    }
  });

  it('files each cooperation request under the ability it asks about: the message names one of its keywords', async () => {
    const rows = await server.db.query<{ message: string; product_name: string; keywords: string }>(
      `SELECT r.message, p.product_name, p.keywords
         FROM portal_cooperation_requests r JOIN portal_products p ON p.id = r.product_id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const strays = rows
      .filter((row) => !row.keywords.split(',').some((keyword) => row.message.includes(keyword)))
      .map((row) => `${row.product_name}: ${row.message}`);
    expect(strays).toEqual([]);
  });

  it('lets the README’s sub-account log in acting for its beta enterprise', async () => {
    const client = new PortalClient(server);
    expect((await client.login('zhangwei_ops', DEMO_PASSWORD)).code).toBe(200);
    expect((await client.call('GET', '/portal/self/center/info')).data).toMatchObject({
      nickName: '张伟-运营助理',
      accountKind: 'subaccount',
      enterpriseName: '苏州精工智造有限公司',
      betaStatus: true,
    });
  });
});

/** The length an MP4 declares in its movie header ('mvhd': timescale and duration, version 0 or 1). */
function mp4Seconds(clip: Buffer): number {
  const box = clip.indexOf('mvhd');
  const version = clip[box + 4];
  const fields = box + 8;
  if (version === 1) return Number(clip.readBigUInt64BE(fields + 20)) / clip.readUInt32BE(fields + 16);
  return clip.readUInt32BE(fields + 12) / clip.readUInt32BE(fields + 8);
}
