import type { OfficialServiceApplication } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { type Cast, castOf, FORBIDDEN, userIdOf } from '../admin/admin-test-kit';
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
});
