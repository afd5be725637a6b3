import type { ReportRow } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { type Cast, castOf, FORBIDDEN, NOT_FOUND, userIdOf } from '../admin/admin-test-kit';
import type { PageOf } from '../paging';
import { PortalClient } from '../test-client';

/** The report centre (举报中心): anyone reports, a little at a time; admins read and handle. */
let server: LiaisonServer;
let cast: Cast;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  cast = await castOf(server);
});
afterAll(() => server.close());

const report = (client: PortalClient, body: Record<string, unknown> = {}) =>
  client.call<{ id: string }>('POST', '/portal/report', {
    category: '虚假信息',
    targetUrl: '/supplyDetail?id=12',
    content: '该能力的资质证书为伪造。',
    contact: 'qq 123456',
    ...body,
  });
const reportCount = async () =>
  Number((await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_reports'))[0]?.n);

describe('reporting', () => {
  it('takes a visitor’s report and an account’s, remembering who reported', async () => {
    const visitor = new PortalClient(server);
    const sent = await report(visitor);
    expect(sent).toMatchObject({ code: 200, msg: '举报已提交，我们会尽快核实处理' });
    const user = await cast.user();
    const mine = await report(user, { category: '其他', targetUrl: '', contact: '' });
    expect(mine.code).toBe(200);
    const listed = await cast.admin.call<PageOf<ReportRow>>('GET', '/system/report/list?pageSize=100');
    const rows = listed.data?.rows ?? [];
    expect(rows.find((r) => r.id === sent.data?.id)).toMatchObject({
      category: '虚假信息',
      targetUrl: '/supplyDetail?id=12',
      content: '该能力的资质证书为伪造。',
      contact: 'qq 123456',
      reporterId: null,
      status: 0,
    });
    expect(rows.find((r) => r.id === mine.data?.id)?.reporterId).toBe(await userIdOf(user));
  });

  it('refuses an unknown category, empty or long content and outside links that are not http(s), storing nothing', async () => {
    const client = new PortalClient(server);
    const before = await reportCount();
    expect(await report(client, { category: '广告' })).toEqual({ code: 500, msg: '请选择举报类型' });
    expect(await report(client, { content: '   ' })).toEqual({ code: 500, msg: '请填写举报内容' });
    expect(await report(client, { content: '长'.repeat(1001) })).toEqual({
      code: 500,
      msg: '举报内容不能超过1000个字符',
    });
    expect(await report(client, { targetUrl: 'javascript:alert(1)' })).toEqual({
      code: 500,
      msg: '被举报内容链接须以http://、https://或/开头',
    });
    expect(await report(client, { contact: '1'.repeat(51) })).toEqual({ code: 500, msg: '联系方式不能超过50个字符' });
    expect(await reportCount()).toBe(before);
  });

  it('allows ten reports an hour from one address, then refuses with 601 and stores nothing', async () => {
    const client = new PortalClient(server);
    for (let i = 0; i < 10; i += 1) expect((await report(client)).code).toBe(200);
    const before = await reportCount();
    const refused = await report(client);
    expect(refused.code).toBe(601);
    expect(refused.msg).toMatch(/^操作过于频繁，请\d+(分钟|小时)后再试$/);
    expect(await reportCount()).toBe(before);
  });

  it('counts a logged-in reporter’s reports across addresses', async () => {
    const user = await cast.user();
    for (let i = 0; i < 10; i += 1) {
      const elsewhere = new PortalClient(server, user.token);
      expect((await report(elsewhere)).code).toBe(200);
    }
    expect((await report(new PortalClient(server, user.token))).code).toBe(601);
  });

  it('refuses a token that is not good, as everywhere', async () => {
    expect((await report(new PortalClient(server, 'not-a-token'))).code).toBe(401);
  });
});

describe('handling', () => {
  const handle = (client: PortalClient, id: string, body: unknown = { result: '已核实，相关能力已下架。' }) =>
    client.call('POST', `/system/report/${id}/handled`, body);

  it('records the admin’s result note, when and by whom, once', async () => {
    const id = (await report(new PortalClient(server))).data?.id as string;
    const before = Date.now();
    expect(await handle(cast.admin, id)).toEqual({ code: 200, msg: '已标记为已处理' });
    const listed = await cast.admin.call<PageOf<ReportRow>>('GET', '/system/report/list?status=1&pageSize=100');
    const row = listed.data?.rows.find((r) => r.id === id);
    expect(row).toMatchObject({ status: 1, result: '已核实，相关能力已下架。' });
    expect(row?.handledAt).toBeGreaterThanOrEqual(before);
    const [admin] = await server.db.query<{ nick_name: string }>(
      'SELECT nick_name FROM portal_accounts WHERE user_id = $1',
      [await userIdOf(cast.admin)],
    );
    expect(row?.handlerName).toBe(admin?.nick_name);
    expect(await handle(cast.admin, id, { result: '再次处理' })).toEqual({ code: 500, msg: '该举报已处理' });
    const again = await cast.admin.call<PageOf<ReportRow>>('GET', '/system/report/list?status=1&pageSize=100');
    expect(again.data?.rows.find((r) => r.id === id)?.result).toBe('已核实，相关能力已下架。');
  });

  it('lists new reports without a result and filters by status', async () => {
    const id = (await report(new PortalClient(server))).data?.id as string;
    const fresh = await cast.admin.call<PageOf<ReportRow>>('GET', '/system/report/list?status=0&pageSize=100');
    expect(fresh.data?.rows.find((r) => r.id === id)).toMatchObject({ result: '', handledAt: null, handlerName: '' });
    expect(fresh.data?.rows.every((r) => r.status === 0)).toBe(true);
    await handle(cast.admin, id);
    const after = await cast.admin.call<PageOf<ReportRow>>('GET', '/system/report/list?status=0&pageSize=100');
    expect(after.data?.rows.map((r) => r.id)).not.toContain(id);
    expect(await cast.admin.call('GET', '/system/report/list?status=7')).toEqual({ code: 500, msg: '处理状态不正确' });
  });

  it('refuses an empty or long result note, leaving the report new', async () => {
    const id = (await report(new PortalClient(server))).data?.id as string;
    expect(await handle(cast.admin, id, { result: '  ' })).toEqual({ code: 500, msg: '请填写处理结果' });
    expect(await handle(cast.admin, id, { result: '结'.repeat(501) })).toEqual({
      code: 500,
      msg: '处理结果不能超过500个字符',
    });
    expect(await handle(cast.admin, id, {})).toEqual({ code: 500, msg: '请求参数不完整' });
    const fresh = await cast.admin.call<PageOf<ReportRow>>('GET', '/system/report/list?status=0&pageSize=100');
    expect(fresh.data?.rows.map((r) => r.id)).toContain(id);
  });

  it('answers 404 for an unknown report and refuses anyone but an admin', async () => {
    const id = (await report(new PortalClient(server))).data?.id as string;
    expect(await handle(cast.admin, '999999999')).toEqual(NOT_FOUND);
    expect(await handle(cast.admin, 'abc')).toEqual(NOT_FOUND);
    const user = await cast.user();
    expect(await user.call('GET', '/system/report/list')).toEqual(FORBIDDEN);
    expect(await handle(user, id)).toEqual(FORBIDDEN);
    expect(await handle(await cast.subAccount(), id)).toEqual(FORBIDDEN);
    expect((await handle(cast.visitor, id)).code).toBe(401);
  });
});
