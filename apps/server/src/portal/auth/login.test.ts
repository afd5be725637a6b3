import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { TEST_SMS_CODE } from '../routes/auth-routes';
import { freshMobile, PortalClient } from '../test-client';
import { lockedText } from './lockout';

/** Registration, the three logins, sessions and logout, over HTTP against a real server. */
let server: LiaisonServer;
beforeAll(async () => {
  // The lockout tests make dozens of attempts from one address in a minute: the per-address
  // captcha and login limits (portal/limits.test.ts) would refuse them before the lockout could.
  server = await startServer(
    { testHooks: true, devOutboxEndpoint: true },
    { limits: { captchasPerAddressPerMinute: 1000, loginsPerAddressPer10Min: 1000 } },
  );
});
afterAll(() => server.close());

const PASSWORD = 'Secret123';
const info = (client: PortalClient) => client.call<{ userId: string }>('GET', '/portal/self/center/info');

describe('registration by SMS code', () => {
  it('creates the account, logs it in, and works with the password afterwards', async () => {
    const mobile = freshMobile();
    const client = new PortalClient(server);
    const registered = await client.register(mobile, PASSWORD);
    expect(registered.code).toBe(200);
    expect(registered.msg).toBe('注册成功');
    const me = await info(client);
    expect(me.code).toBe(200);
    expect(me.data).toMatchObject({ mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, userType: 0 });

    const again = new PortalClient(server);
    expect((await again.login(mobile, PASSWORD)).msg).toBe('登录成功');
    expect((await info(again)).data?.userId).toBe(me.data?.userId);
  });

  it('refuses a weak password, a mismatch and a registered number without using up the code', async () => {
    const mobile = freshMobile();
    const client = new PortalClient(server);
    expect(await client.register(mobile, 'short1')).toEqual({
      code: 500,
      msg: '密码长度为8-20位，且须同时包含字母和数字',
    });
    // The code sent for that attempt is still good (the 120 s limit stops a second send).
    const mismatch = await client.call('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: TEST_SMS_CODE,
      password: await client.encrypt(PASSWORD),
      secPassword: await client.encrypt(`${PASSWORD}x`),
    });
    expect(mismatch).toEqual({ code: 500, msg: '两次输入的密码不一致' });
    const ok = await client.call('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: TEST_SMS_CODE,
      password: await client.encrypt(PASSWORD),
      secPassword: await client.encrypt(PASSWORD),
    });
    expect(ok.msg).toBe('注册成功');
    // A fresh code is needed to learn that the number is registered now.
    await server.db.query('UPDATE portal_sms_codes SET sent_at = 0 WHERE mobile = $1', [mobile]);
    await client.sendSms(mobile);
    const twice = await client.call('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: TEST_SMS_CODE,
      password: await client.encrypt(PASSWORD),
      secPassword: await client.encrypt(PASSWORD),
    });
    expect(twice).toEqual({ code: 500, msg: '该手机号已注册，请直接登录' });
    // That code is kept: the owner can log in with it instead.
    const login = await client.call('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: TEST_SMS_CODE,
    });
    expect(login.msg).toBe('登录成功');
    const [row] = await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_accounts WHERE mobile = $1', [
      mobile,
    ]);
    expect(Number(row?.n)).toBe(1);
  });

  it('refuses fields that do not decrypt', async () => {
    const client = new PortalClient(server);
    const mobile = freshMobile();
    await client.sendSms(mobile);
    const answer = await client.call('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: TEST_SMS_CODE,
      password: 'AAAAAAAAAAAAAAAAAAAAAA==',
      secPassword: 'AAAAAAAAAAAAAAAAAAAAAA==',
    });
    expect(answer).toEqual({ code: 500, msg: '请求参数解密失败' });
  });
});

describe('SMS login', () => {
  it('logs a registered number in once per code, and refuses an unregistered one', async () => {
    const mobile = freshMobile();
    await new PortalClient(server).register(mobile, PASSWORD);
    await server.db.query('UPDATE portal_sms_codes SET sent_at = 0 WHERE mobile = $1', [mobile]);
    const client = new PortalClient(server);
    expect((await client.sendSms(mobile)).code).toBe(200);
    const login = () =>
      client.call('POST', '/portal/login/mobile', { mobileNumber: mobile, smsVerifyCode: TEST_SMS_CODE });
    expect((await login()).msg).toBe('登录成功');
    expect(await login()).toEqual({ code: 500, msg: '验证码已过期，请重新获取' });

    const stranger = freshMobile();
    await client.sendSms(stranger);
    expect(
      await client.call('POST', '/portal/login/mobile', { mobileNumber: stranger, smsVerifyCode: TEST_SMS_CODE }),
    ).toEqual({ code: 500, msg: '该手机号尚未注册，请先注册' });
  });

  it('registers an unregistered number with the code its SMS login was refused with', async () => {
    const mobile = freshMobile();
    const client = new PortalClient(server);
    await client.sendSms(mobile);
    expect(
      await client.call('POST', '/portal/login/mobile', { mobileNumber: mobile, smsVerifyCode: TEST_SMS_CODE }),
    ).toEqual({ code: 500, msg: '该手机号尚未注册，请先注册' });
    const registered = await client.call('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: TEST_SMS_CODE,
      password: await client.encrypt(PASSWORD),
      secPassword: await client.encrypt(PASSWORD),
    });
    expect(registered.msg).toBe('注册成功');
  });

  it('refuses an expired code and uses a code up after five wrong tries', async () => {
    const mobile = freshMobile();
    await new PortalClient(server).register(mobile, PASSWORD);
    const client = new PortalClient(server);
    const login = (smsVerifyCode: string) =>
      client.call('POST', '/portal/login/mobile', { mobileNumber: mobile, smsVerifyCode });

    await server.db.query('UPDATE portal_sms_codes SET sent_at = 0 WHERE mobile = $1', [mobile]);
    await client.sendSms(mobile);
    await server.db.query('UPDATE portal_sms_codes SET expires_at = $2 WHERE mobile = $1', [mobile, Date.now() - 1]);
    expect(await login(TEST_SMS_CODE)).toEqual({ code: 500, msg: '验证码已过期，请重新获取' });

    await server.db.query('UPDATE portal_sms_codes SET sent_at = 0 WHERE mobile = $1', [mobile]);
    await client.sendSms(mobile);
    for (let i = 0; i < 5; i++) expect(await login('000000')).toEqual({ code: 500, msg: '验证码错误' });
    expect(await login(TEST_SMS_CODE)).toEqual({ code: 500, msg: '验证码已过期，请重新获取' });
  });
});

describe('account enumeration', () => {
  /** Everything a client can learn about a number without the code sent to it. */
  async function probe(mobile: string) {
    const client = new PortalClient(server);
    const tries = (body: Record<string, unknown>) =>
      client.call('POST', '/portal/login/mobile', { mobileNumber: mobile, ...body });
    const registration = { password: await client.encrypt(PASSWORD), secPassword: await client.encrypt(PASSWORD) };
    const unsent = [
      await tries({ smsVerifyCode: '000000' }),
      await tries({ smsVerifyCode: '000000', ...registration }),
    ];
    const { id } = await client.captcha();
    const noCaptcha = await client.call('POST', '/portal/login/send/sms/code', {
      mobileNumber: mobile,
      verifyCode: 'AAAAA',
      verifyCodeId: id,
    });
    const sent = await client.sendSms(mobile);
    const wrong = [await tries({ smsVerifyCode: '000000' }), await tries({ smsVerifyCode: '000001', ...registration })];
    return { unsent, noCaptcha, sent, wrong };
  }

  it('answers the same for a registered and an unregistered number until the right code is given', async () => {
    const registered = freshMobile();
    await new PortalClient(server).register(registered, PASSWORD);
    await server.db.query('UPDATE portal_sms_codes SET sent_at = 0 WHERE mobile = $1', [registered]);
    const known = await probe(registered);
    const unknown = await probe(freshMobile());
    expect(known).toEqual(unknown);
    expect(known.unsent).toEqual([
      { code: 500, msg: '验证码已过期，请重新获取' },
      { code: 500, msg: '验证码已过期，请重新获取' },
    ]);
    expect(known.noCaptcha.msg).toMatch(/图形验证码/);
    expect(known.sent).toEqual({ code: 200, msg: '验证码已发送，请查收短信' });
    expect(known.wrong).toEqual([
      { code: 500, msg: '验证码错误' },
      { code: 500, msg: '验证码错误' },
    ]);
  });

  it('sends no code, and so opens no lookup, without a right captcha', async () => {
    const mobile = freshMobile();
    const client = new PortalClient(server);
    const { id } = await client.captcha();
    await client.call('POST', '/portal/login/send/sms/code', {
      mobileNumber: mobile,
      verifyCode: 'AAAAA',
      verifyCodeId: id,
    });
    const rows = await server.db.query('SELECT mobile FROM portal_sms_codes WHERE mobile = $1', [mobile]);
    expect(rows).toEqual([]);
  });
});

describe('account login', () => {
  it('takes the login name or the mobile number, and refuses a wrong captcha before the password', async () => {
    const mobile = freshMobile();
    const owner = new PortalClient(server);
    await owner.register(mobile, PASSWORD);
    await server.db.query("UPDATE portal_accounts SET login_name = 'logintest' WHERE mobile = $1", [mobile]);
    expect((await new PortalClient(server).login('logintest', PASSWORD)).code).toBe(200);

    const client = new PortalClient(server);
    const { id, answer } = await client.captcha();
    const body = async (verifyCode: string) => ({
      loginName: await client.encrypt(mobile),
      password: await client.encrypt(PASSWORD),
      verifyCode: await client.encrypt(verifyCode),
      verifyCodeId: id,
    });
    expect(await client.call('POST', '/portal/login/normal', await body(`${answer}1`))).toEqual({
      code: 500,
      msg: '图形验证码错误',
    });
    expect(await client.call('POST', '/portal/login/normal', await body(answer))).toEqual({
      code: 500,
      msg: '图形验证码已失效，请刷新后重试',
    });
  });

  it('locks out the address that tried five wrong passwords, the right one included, but not the real user elsewhere', async () => {
    const mobile = freshMobile();
    await new PortalClient(server).register(mobile, PASSWORD);
    const attacker = new PortalClient(server, null, '203.0.113.66');
    for (let i = 0; i < 4; i++) expect((await attacker.login(mobile, 'Wrong1234')).msg).toBe('用户名或密码错误');
    expect((await attacker.login(mobile, 'Wrong1234')).msg).toBe(lockedText(1));
    expect((await attacker.login(mobile, PASSWORD)).msg).toBe(lockedText(1));
    expect(attacker.token).toBeNull();

    const owner = new PortalClient(server, null, '198.51.100.7');
    expect((await owner.login(mobile, PASSWORD)).msg).toBe('登录成功');
    expect((await info(owner)).code).toBe(200);
  });

  it('locks for longer each time, doubling from one minute up to thirty', async () => {
    const mobile = freshMobile();
    await new PortalClient(server).register(mobile, PASSWORD);
    const attacker = new PortalClient(server, null, '203.0.113.67');
    const minutes: number[] = [];
    for (let round = 0; round < 7; round++) {
      for (let i = 0; i < 4; i++) expect((await attacker.login(mobile, 'Wrong1234')).msg).toBe('用户名或密码错误');
      const locked = (await attacker.login(mobile, 'Wrong1234')).msg;
      minutes.push(Number(/请(\d+)分钟/.exec(locked)?.[1]));
      // The lock runs out (moved in the database rather than waited for).
      await server.db.query('UPDATE portal_login_failures SET locked_until = $2 WHERE address = $1', [
        '203.0.113.67',
        Date.now() - 1,
      ]);
    }
    expect(minutes).toEqual([1, 2, 4, 8, 16, 30, 30]);
    expect((await attacker.login(mobile, PASSWORD)).msg).toBe('登录成功');
  });

  it('locks an unknown name like a known one, so the lock tells nothing', async () => {
    const prober = new PortalClient(server, null, '203.0.113.68');
    for (let i = 0; i < 4; i++) expect((await prober.login('13900008888', 'Wrong1234')).msg).toBe('用户名或密码错误');
    expect((await prober.login('13900008888', 'Wrong1234')).msg).toBe(lockedText(1));
  });

  it('answers an unknown account like a wrong password', async () => {
    expect((await new PortalClient(server).login('13900009999', PASSWORD)).msg).toBe('用户名或密码错误');
  });
});

describe('sessions', () => {
  it('accept the bearer token until logout revokes it', async () => {
    const client = new PortalClient(server);
    await client.register(freshMobile(), PASSWORD);
    expect((await info(client)).code).toBe(200);
    expect(await client.call('POST', '/logout')).toEqual({ code: 200, msg: '退出成功' });
    expect(await info(client)).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
  });

  it('refuse a missing, tampered, forged or expired token with 401', async () => {
    const client = new PortalClient(server);
    await client.register(freshMobile(), PASSWORD);
    const token = client.token as string;
    const unauthorized = { code: 401, msg: '认证失败，无法访问系统资源' };

    expect(await new PortalClient(server).call('GET', '/portal/self/center/info')).toEqual(unauthorized);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect(
      await new PortalClient(server, `${header}.${otherUser}.${signature}`).call('GET', '/portal/self/center/info'),
    ).toEqual(unauthorized);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('guess'));
    expect(await new PortalClient(server, forged).call('GET', '/portal/self/center/info')).toEqual(unauthorized);
    expect(await new PortalClient(server, 'not-a-token').call('GET', '/portal/self/center/info')).toEqual(unauthorized);

    // Unused for longer than the idle limit: expired, and using it again does not revive it.
    await server.db.query('UPDATE portal_sessions SET last_seen = $2 WHERE session_id = $1', [
      claims.sid,
      Date.now() - 121 * 60_000,
    ]);
    expect(await info(client)).toEqual(unauthorized);
  });

  it('slide the idle expiry with each use', async () => {
    const client = new PortalClient(server);
    await client.register(freshMobile(), PASSWORD);
    const sid = JSON.parse(Buffer.from((client.token as string).split('.')[1] as string, 'base64url').toString()).sid;
    await server.db.query('UPDATE portal_sessions SET last_seen = $2 WHERE session_id = $1', [
      sid,
      Date.now() - 119 * 60_000,
    ]);
    expect((await info(client)).code).toBe(200);
    const [row] = await server.db.query<{ last_seen: unknown }>(
      'SELECT last_seen FROM portal_sessions WHERE session_id = $1',
      [sid],
    );
    expect(Date.now() - Number(row?.last_seen)).toBeLessThan(60_000);
  });
});
