import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { TEST_SMS_CODE } from './routes/auth-routes';

/** The portal's captcha and SMS-code calls, over HTTP against a real server and database. */
let server: LiaisonServer;
let plain: LiaisonServer;

beforeAll(async () => {
  [server, plain] = await Promise.all([startServer({ testHooks: true, devOutboxEndpoint: true }), startServer()]);
});

afterAll(async () => {
  await Promise.all([server.close(), plain.close()]);
});

async function call(on: LiaisonServer, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await on.http.inject({ method, url: `/prod-api${url}`, ...(payload ? { payload } : {}) });
  expect(response.statusCode).toBe(200);
  return response.json() as { code: number; msg: string; data?: unknown };
}

async function captcha(on = server): Promise<{ id: string; answer: string; verifyCode: string }> {
  const issued = await call(on, 'GET', '/portal/verify/code/arithmetic');
  const { id, verifyCode } = issued.data as { id: string; verifyCode: string };
  const peek = await call(on, 'GET', `/test/captcha/${id}`);
  return { id, verifyCode, answer: (peek.data as { answer: string }).answer };
}

const sms = (mobileNumber: string, verifyCodeId: string, verifyCode: string) =>
  call(server, 'POST', '/portal/login/send/sms/code', { mobileNumber, verifyCodeId, verifyCode });

async function outbox(): Promise<Array<{ mobile: string; text: string }>> {
  return (await call(server, 'GET', '/dev/sms/outbox')).data as Array<{ mobile: string; text: string }>;
}

describe('portal captcha and SMS codes', () => {
  it('serves a captcha code as an image whose markup does not give the answer away', async () => {
    const { id, verifyCode, answer } = await captcha();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(verifyCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(verifyCode.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).not.toContain('<text');
    expect(answer).toMatch(/^[ACDEFHJKMNPRTUVWXY34679]{5}$/);
    expect(svg).not.toContain(answer);
  });

  it('sends a code for a right answer, once per number per 120 seconds', async () => {
    const first = await captcha();
    const sent = await sms('13800000001', first.id, first.answer);
    expect(sent).toEqual({ code: 200, msg: '验证码已发送，请查收短信' });
    const messages = (await outbox()).filter((m) => m.mobile === '13800000001');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toContain(TEST_SMS_CODE);

    const second = await captcha();
    const again = await sms('13800000001', second.id, second.answer);
    expect(again.code).toBe(500);
    expect(again.msg).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    expect((await outbox()).filter((m) => m.mobile === '13800000001')).toHaveLength(1);
  });

  it('refuses a wrong answer and a reused or expired captcha, sending nothing', async () => {
    const before = (await outbox()).length;
    const { id, answer } = await captcha();
    const wrong = await sms('13800000002', id, String(Number(answer) + 1));
    expect(wrong).toEqual({ code: 500, msg: '图形验证码错误' });
    const reused = await sms('13800000002', id, answer);
    expect(reused).toEqual({ code: 500, msg: '图形验证码已失效，请刷新后重试' });
    const old = await captcha();
    await server.db.query('UPDATE portal_captchas SET expires_at = 0 WHERE id = $1', [old.id]);
    expect((await sms('13800000002', old.id, old.answer)).msg).toBe('图形验证码已失效，请刷新后重试');
    expect((await outbox()).length).toBe(before);
  });

  it('refuses a malformed number before touching the captcha', async () => {
    const { id, answer } = await captcha();
    expect(await sms('1380000', id, answer)).toEqual({ code: 500, msg: '请输入正确的手机号码' });
    expect(await call(server, 'POST', '/portal/login/send/sms/code', {})).toEqual({
      code: 500,
      msg: '请求参数不完整',
    });
    // The captcha is still good for a proper request.
    expect((await sms('13800000003', id, answer)).code).toBe(200);
  });

  it('answers unknown portal paths with the envelope’s 404', async () => {
    expect(await call(server, 'GET', '/no/such/call')).toEqual({ code: 404, msg: '访问资源不存在' });
  });

  it('has no test hooks and no outbox endpoint in the default configuration', async () => {
    const issued = await call(plain, 'GET', '/portal/verify/code/arithmetic');
    const { id } = issued.data as { id: string };
    expect(await call(plain, 'GET', `/test/captcha/${id}`)).toEqual({ code: 404, msg: '访问资源不存在' });
    expect(await call(plain, 'GET', '/dev/sms/outbox')).toEqual({ code: 404, msg: '访问资源不存在' });
  });
});
