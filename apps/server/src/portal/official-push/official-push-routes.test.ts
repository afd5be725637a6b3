import type { OfficialPush, OfficialPushAdminRow } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { PortalClient } from '../test-client';
import { admin, enterprise, registered } from '../test-people';

/** Official pushes: admins publish, every user reads them with their own read marks. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

const INBOX = '/portal/self/center/official/push/info';
const ADMIN = '/system/official/push';
const forbidden = { code: 403, msg: '当前操作没有权限' };
const unauthorized = { code: 401, msg: '认证失败，无法访问系统资源' };

describe('official pushes', () => {
  it('reach every user, filter by read state, page, and mark read per user when opened', async () => {
    const platform = await admin(server);
    const ids: string[] = [];
    for (const title of ['平台升级公告', '供应链对接会报名', '春节服务安排']) {
      const published = await platform.client.call<{ id: string }>('POST', ADMIN, { title, content: `${title}详情` });
      expect(published).toMatchObject({ code: 200, msg: '发布成功' });
      ids.push(published.data?.id ?? '');
    }
    const alice = await registered(server);
    const bob = await enterprise(server, '苏州精工智造有限公司');
    const inbox = (who: typeof alice, query = '') =>
      who.client.call<{ rows: OfficialPush[]; total: number }>('GET', `${INBOX}${query}`);

    const all = await inbox(alice, '?pageNum=1&pageSize=2');
    expect(all.data?.total).toBe(3);
    expect(all.data?.rows.map((r) => [r.title, r.readed])).toEqual([
      ['春节服务安排', false],
      ['供应链对接会报名', false],
    ]);
    expect((await inbox(alice, '?pageNum=2&pageSize=2')).data?.rows.map((r) => r.title)).toEqual(['平台升级公告']);

    const opened = await alice.client.call<OfficialPush>('GET', `${INBOX}/read/${ids[0]}`);
    expect(opened.data).toMatchObject({ id: ids[0], title: '平台升级公告', content: '平台升级公告详情', readed: true });
    await alice.client.call('GET', `${INBOX}/read/${ids[0]}`);
    expect((await inbox(alice, '?readed=1')).data?.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect((await inbox(alice, '?readed=0')).data?.total).toBe(2);
    expect((await inbox(bob, '?readed=0')).data?.total).toBe(3);
    expect(await inbox(alice, '?readed=maybe')).toEqual({ code: 500, msg: '已读状态不正确' });
    expect(await alice.client.call('GET', `${INBOX}/read/99999999`)).toEqual({ code: 404, msg: '访问资源不存在' });
    expect(await new PortalClient(server).call('GET', INBOX)).toEqual(unauthorized);

    const listed = await platform.client.call<{ rows: OfficialPushAdminRow[]; total: number }>(
      'GET',
      `${ADMIN}?title=${encodeURIComponent('升级')}`,
    );
    expect(listed.data?.rows).toEqual([expect.objectContaining({ id: ids[0], readCount: 1 })]);
    expect(await platform.client.call('DELETE', `${ADMIN}/${ids[0]}`)).toEqual({ code: 200, msg: '删除成功' });
    expect(await platform.client.call('DELETE', `${ADMIN}/${ids[0]}`)).toEqual({ code: 404, msg: '访问资源不存在' });
    expect((await inbox(alice)).data?.total).toBe(2);
  });

  it('only admins publish, list and delete; the form is checked', async () => {
    const platform = await admin(server);
    const user = await enterprise(server, '宁波海通供应链管理有限公司');
    expect(await user.client.call('POST', ADMIN, { title: 't', content: 'c' })).toEqual(forbidden);
    expect(await user.client.call('GET', ADMIN)).toEqual(forbidden);
    expect(await user.client.call('DELETE', `${ADMIN}/1`)).toEqual(forbidden);
    expect(await new PortalClient(server).call('POST', ADMIN, { title: 't', content: 'c' })).toEqual(unauthorized);
    expect(await platform.client.call('POST', ADMIN, { title: ' ', content: 'c' })).toEqual({
      code: 500,
      msg: '请输入标题',
    });
    expect(await platform.client.call('POST', ADMIN, { title: '标'.repeat(61), content: 'c' })).toEqual({
      code: 500,
      msg: '标题不能超过60个字符',
    });
    expect(await platform.client.call('POST', ADMIN, { title: '标题', content: '' })).toEqual({
      code: 500,
      msg: '请输入内容',
    });
  });
});
