import type { OfficialServiceApplication } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { type Cast, castOf, FORBIDDEN, NOT_FOUND, userIdOf } from '../admin/admin-test-kit';
import type { PageOf } from '../paging';
import { TEST_SMS_CODE } from '../sms-send';
import { freshMobile, PortalClient } from '../test-client';

/** The official-service application: SMS code after a captcha, the code for a ticket, the form. */
let server: LiaisonServer;
let cast: Cast;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: true });
  cast = await castOf(server);
});
afterAll(() => server.close());

const SERVICE = '/portal/supply/chain/apply/official/service';

async function sendCode(client: PortalClient, mobileNumber: string) {
  const { id, answer } = await client.captcha();
  return client.call('POST', `${SERVICE}/send/sms/code`, { mobileNumber, verifyCode: answer, verifyCodeId: id });
}
const check = (client: PortalClient, mobileNumber: string, smsVerifyCode = TEST_SMS_CODE) =>
  client.call<{ ticket: string }>('POST', `${SERVICE}/check`, { mobileNumber, smsVerifyCode });
const apply = (client: PortalClient, ticket: string, body: Record<string, unknown> = {}) =>
  client.call<{ id: string }>('POST', `${SERVICE}2`, {
    ticket,
    serviceType: '供应链金融',
    company: '苏州精工智造有限公司',
    contactName: '张伟',
    content: '需要一笔应收账款融资，金额约200万元。',
    ...body,
  });

/** A ticket for a fresh number, through the first two steps. */
async function ticketFor(client: PortalClient, mobile = freshMobile()): Promise<string> {
  expect((await sendCode(client, mobile)).code).toBe(200);
  const checked = await check(client, mobile);
  expect(checked.code, checked.msg).toBe(200);
  return checked.data?.ticket as string;
}

const applications = async () =>
  (await cast.admin.call<PageOf<OfficialServiceApplication>>('GET', '/system/official/service/list?pageSize=100')).data
    ?.rows ?? [];

describe('applying', () => {
  it('takes a visitor through SMS code, check and form, storing the checked mobile', async () => {
    const visitor = new PortalClient(server);
    const mobile = freshMobile();
    expect(await sendCode(visitor, mobile)).toEqual({ code: 200, msg: '验证码已发送，请查收短信' });
    const outbox = await visitor.call<Array<{ mobile: string; text: string }>>('GET', '/dev/sms/outbox');
    expect(outbox.data?.filter((m) => m.mobile === mobile).map((m) => m.text)).toEqual([
      `您正在申请官方服务，验证码是 ${TEST_SMS_CODE}，5分钟内有效。如非本人操作，请忽略本短信。`,
    ]);
    const checked = await check(visitor, mobile);
    expect(checked).toMatchObject({ code: 200, msg: '验证成功' });
    const applied = await apply(visitor, checked.data?.ticket as string);
    expect(applied).toMatchObject({ code: 200, msg: '申请已提交，我们会尽快与您联系' });
    expect((await applications()).find((a) => a.id === applied.data?.id)).toMatchObject({
      userId: null,
      mobile,
      serviceType: '供应链金融',
      company: '苏州精工智造有限公司',
      contactName: '张伟',
      content: '需要一笔应收账款融资，金额约200万元。',
    });
  });

  it('remembers a logged-in applicant', async () => {
    const user = await cast.user();
    const applied = await apply(user, await ticketFor(user));
    expect((await applications()).find((a) => a.id === applied.data?.id)?.userId).toBe(await userIdOf(user));
  });

  it('needs a right image captcha before any SMS is sent', async () => {
    const client = new PortalClient(server);
    const mobile = freshMobile();
    const { id } = await client.captcha();
    expect(
      await client.call('POST', `${SERVICE}/send/sms/code`, {
        mobileNumber: mobile,
        verifyCode: 'ZZZZZ',
        verifyCodeId: id,
      }),
    ).toEqual({ code: 500, msg: '图形验证码错误' });
    expect(await check(client, mobile)).toEqual({ code: 500, msg: '验证码已过期，请重新获取' });
    expect(await sendCode(client, '12345')).toEqual({ code: 500, msg: '请输入正确的手机号码' });
  });

  it('answers a wrong code and an expired one as the login form does', async () => {
    const client = new PortalClient(server);
    const mobile = freshMobile();
    await sendCode(client, mobile);
    expect(await check(client, mobile, '000000')).toEqual({ code: 500, msg: '验证码错误' });
    await server.db.query('UPDATE portal_sms_codes SET expires_at = $2 WHERE mobile = $1', [mobile, Date.now() - 1]);
    expect(await check(client, mobile)).toEqual({ code: 500, msg: '验证码已过期，请重新获取' });
  });

  it('keeps official-service codes apart from login codes: neither logs in nor delays the other', async () => {
    const client = new PortalClient(server);
    const mobile = freshMobile();
    // Registering sent a login code a moment ago: the official-service code is not held back by it.
    expect((await client.register(mobile, 'Secret123')).code).toBe(200);
    expect((await sendCode(client, mobile)).code).toBe(200);
    expect(
      await client.call('POST', '/portal/login/mobile', { mobileNumber: mobile, smsVerifyCode: TEST_SMS_CODE }),
    ).toEqual({ code: 500, msg: '验证码已过期，请重新获取' });
    await server.db.query(`UPDATE portal_sms_codes SET sent_at = 0 WHERE mobile = $1 AND purpose = 'login'`, [mobile]);
    expect((await client.sendSms(mobile)).code).toBe(200);
    expect((await check(client, mobile)).code).toBe(200);
    expect(
      (await client.call('POST', '/portal/login/mobile', { mobileNumber: mobile, smsVerifyCode: TEST_SMS_CODE })).code,
    ).toBe(200);
  });

  it('uses a ticket once, refuses an expired one, and keeps it through a refused form', async () => {
    const client = new PortalClient(server);
    const ticket = await ticketFor(client);
    const before = (await applications()).length;
    expect(await apply(client, ticket, { serviceType: '代理记账' })).toEqual({ code: 500, msg: '请选择服务类型' });
    expect(await apply(client, ticket, { company: ' ' })).toEqual({ code: 500, msg: '请输入企业名称' });
    expect(await apply(client, ticket, { content: '需'.repeat(1001) })).toEqual({
      code: 500,
      msg: '需求描述不能超过1000个字符',
    });
    expect((await applications()).length).toBe(before);
    expect((await apply(client, ticket)).code).toBe(200);
    expect(await apply(client, ticket)).toEqual({ code: 500, msg: '手机验证已失效，请重新获取短信验证码' });

    const stale = await ticketFor(client);
    await server.db.query('UPDATE portal_service_tickets SET expires_at = $1', [Date.now() - 1]);
    expect(await apply(client, stale)).toEqual({ code: 500, msg: '手机验证已失效，请重新获取短信验证码' });
    expect(await apply(client, 'made-up')).toEqual({ code: 500, msg: '手机验证已失效，请重新获取短信验证码' });
    expect((await applications()).length).toBe(before + 1);
  });
});

describe('the applications list', () => {
  it('is for admins only', async () => {
    expect(await (await cast.user()).call('GET', '/system/official/service/list')).toEqual(FORBIDDEN);
    expect((await new PortalClient(server).call('GET', '/system/official/service/list')).code).toBe(401);
  });

  it('filters by status and refuses an unknown one', async () => {
    const client = new PortalClient(server);
    const id = (await apply(client, await ticketFor(client))).data?.id as string;
    const listOf = async (status: number) =>
      (
        await cast.admin.call<PageOf<OfficialServiceApplication>>(
          'GET',
          `/system/official/service/list?status=${status}&pageSize=100`,
        )
      ).data?.rows ?? [];
    const fresh = await listOf(0);
    expect(fresh.find((a) => a.id === id)).toMatchObject({ status: 0, note: '', followedAt: null, followerName: '' });
    expect(fresh.every((a) => a.status === 0)).toBe(true);
    await followUp(cast.admin, id, { status: 1, note: '已电话联系' });
    expect((await listOf(0)).map((a) => a.id)).not.toContain(id);
    expect((await listOf(1)).map((a) => a.id)).toContain(id);
    expect(await cast.admin.call('GET', '/system/official/service/list?status=9')).toEqual({
      code: 500,
      msg: '申请状态不正确',
    });
  });
});

const followUp = (client: PortalClient, id: string, body: unknown) =>
  client.call('POST', `/system/official/service/${id}/follow-up`, body);

describe('following an application up', () => {
  async function freshApplication(): Promise<string> {
    const client = new PortalClient(server);
    return (await apply(client, await ticketFor(client))).data?.id as string;
  }
  const rowOf = async (id: string) => (await applications()).find((a) => a.id === id);

  it('marks a new application contacted, then closes it, keeping the latest note, when and by whom', async () => {
    const id = await freshApplication();
    const before = Date.now();
    expect(await followUp(cast.admin, id, { status: 1, note: '已电话联系，约下周面谈。' })).toEqual({
      code: 200,
      msg: '已标记为已联系',
    });
    const [admin] = await server.db.query<{ nick_name: string }>(
      'SELECT nick_name FROM portal_accounts WHERE user_id = $1',
      [await userIdOf(cast.admin)],
    );
    const contacted = await rowOf(id);
    expect(contacted).toMatchObject({ status: 1, note: '已电话联系，约下周面谈。', followerName: admin?.nick_name });
    expect(contacted?.followedAt).toBeGreaterThanOrEqual(before);
    expect(await followUp(cast.admin, id, { status: 1, note: '又联系了一次' })).toEqual({
      code: 500,
      msg: '只能将待联系的申请标记为已联系',
    });
    expect(await followUp(cast.admin, id, { status: 2, note: '已对接金融机构，结案。' })).toEqual({
      code: 200,
      msg: '申请已关闭',
    });
    expect(await rowOf(id)).toMatchObject({ status: 2, note: '已对接金融机构，结案。' });
    expect(await followUp(cast.admin, id, { status: 2, note: '再关一次' })).toEqual({ code: 500, msg: '该申请已关闭' });
    expect(await followUp(cast.admin, id, { status: 1, note: '重新联系' })).toEqual({
      code: 500,
      msg: '只能将待联系的申请标记为已联系',
    });
    expect((await rowOf(id))?.note).toBe('已对接金融机构，结案。');
  });

  it('closes a new application straight away', async () => {
    const id = await freshApplication();
    expect((await followUp(cast.admin, id, { status: 2, note: '重复申请' })).code).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 2, note: '重复申请' });
  });

  it('refuses a missing note or status, changing nothing', async () => {
    const id = await freshApplication();
    expect(await followUp(cast.admin, id, { status: 1, note: ' ' })).toEqual({ code: 500, msg: '请填写跟进备注' });
    expect(await followUp(cast.admin, id, { status: 1, note: '备'.repeat(501) })).toEqual({
      code: 500,
      msg: '跟进备注不能超过500个字符',
    });
    expect(await followUp(cast.admin, id, { status: 0, note: '退回' })).toEqual({
      code: 500,
      msg: '请选择标记为已联系或关闭',
    });
    expect(await followUp(cast.admin, id, { note: '没有状态' })).toEqual({
      code: 500,
      msg: '请选择标记为已联系或关闭',
    });
    expect(await rowOf(id)).toMatchObject({ status: 0, note: '' });
  });

  it('answers 404 for an unknown application and refuses anyone but an admin', async () => {
    const id = await freshApplication();
    const body = { status: 2, note: '关闭' };
    expect(await followUp(cast.admin, '999999999', body)).toEqual(NOT_FOUND);
    expect(await followUp(cast.admin, 'x1', body)).toEqual(NOT_FOUND);
    expect(await followUp(await cast.user(), id, body)).toEqual(FORBIDDEN);
    expect(await followUp(await cast.subAccount(), id, body)).toEqual(FORBIDDEN);
    expect((await followUp(cast.visitor, id, body)).code).toBe(401);
    expect((await rowOf(id))?.status).toBe(0);
  });
});
