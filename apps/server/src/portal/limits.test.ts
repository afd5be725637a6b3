import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleValue, scrapeMetrics } from '../../../../tests/support/metrics';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { TEST_SMS_CODE } from './routes/auth-routes';
import { freshMobile, PortalClient } from './test-client';

/** Per-address and per-user limits of the portal, with small limits, against a real server. */
const PASSWORD = 'Secret123';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const TOO_FAST = /^操作过于频繁，请\d+(秒|分钟|小时)后再试$/;

async function count(server: LiaisonServer, table: string): Promise<number> {
  const [row] = await server.db.query<{ n: unknown }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(row?.n);
}

describe('portal limits per client address', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    server = await startServer(
      { testHooks: true, devOutboxEndpoint: false },
      {
        limits: {
          captchasPerAddressPerMinute: 4,
          smsPerAddressPerHour: 2,
          loginsPerAddressPer10Min: 3,
          registrationsPerAddressPerDay: 1,
          uploadsPerUserPerMinute: 2,
        },
      },
    );
  });
  afterAll(() => server.close());

  it('refuse a fifth captcha in a minute from one address without issuing it; other addresses get theirs', async () => {
    const client = new PortalClient(server);
    for (let i = 0; i < 4; i++) expect((await client.call('GET', '/portal/verify/code/arithmetic')).code).toBe(200);
    const before = await count(server, 'portal_captchas');
    const series = 'liaison_rate_limit_refusals_total{kind="portal_captcha"}';
    const refusalsBefore = sampleValue(await scrapeMetrics(server.url), series);
    const refused = await client.call('GET', '/portal/verify/code/arithmetic');
    expect(refused.code).toBe(601);
    expect(refused.msg).toMatch(TOO_FAST);
    expect(refused.data).toBeUndefined();
    expect(await count(server, 'portal_captchas')).toBe(before);
    expect(sampleValue(await scrapeMetrics(server.url), series)).toBe(refusalsBefore + 1);
    expect((await new PortalClient(server).call('GET', '/portal/verify/code/arithmetic')).code).toBe(200);
  });

  it('refuse a third SMS code in an hour from one address, for any number, and send nothing', async () => {
    const client = new PortalClient(server);
    expect((await client.sendSms(freshMobile())).code).toBe(200);
    expect((await client.sendSms(freshMobile())).code).toBe(200);
    const before = await count(server, 'portal_sms_codes');
    const refused = await client.sendSms(freshMobile());
    expect(refused.code).toBe(601);
    expect(refused.msg).toMatch(TOO_FAST);
    expect(await count(server, 'portal_sms_codes')).toBe(before);
  });

  it('refuse a fourth login attempt in 10 minutes from one address, even with the right password, without locking the account', async () => {
    const mobile = freshMobile();
    expect((await new PortalClient(server).register(mobile, PASSWORD)).code).toBe(200);
    const attacker = new PortalClient(server);
    for (let i = 0; i < 3; i++) expect((await attacker.login(mobile, 'Wrong1234')).msg).toBe('用户名或密码错误');
    const refused = await attacker.login(mobile, PASSWORD);
    expect(refused.code).toBe(601);
    expect(refused.msg).toMatch(TOO_FAST);
    expect(attacker.token).toBeNull();
    // SMS-code logins from that address count against the same limit.
    const bySms = await attacker.call('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: TEST_SMS_CODE,
    });
    expect(bySms.code).toBe(601);
    const owner = new PortalClient(server);
    expect((await owner.login(mobile, PASSWORD)).code).toBe(200);
  });

  it('refuse a second registration in a day from one address and create no account', async () => {
    const client = new PortalClient(server);
    expect((await client.register(freshMobile(), PASSWORD)).code).toBe(200);
    const before = await count(server, 'portal_accounts');
    const second = new PortalClient(server);
    second.address = client.address;
    const refused = await second.register(freshMobile(), PASSWORD);
    expect(refused.code).toBe(601);
    expect(refused.msg).toMatch(TOO_FAST);
    expect(await count(server, 'portal_accounts')).toBe(before);
  });

  it('refuse a third upload in a minute from one user and store nothing; other users upload', async () => {
    const client = new PortalClient(server);
    expect((await client.register(freshMobile(), PASSWORD)).code).toBe(200);
    expect((await client.upload('a.png', PNG)).code).toBe(200);
    // A new address does not help: the upload limit is per user.
    client.address = '10.250.0.1';
    expect((await client.upload('b.png', PNG)).code).toBe(200);
    const before = await count(server, 'portal_uploads');
    const refused = await client.upload('c.png', PNG);
    expect(refused).toMatchObject({ code: 601 });
    expect(refused.msg).toMatch(TOO_FAST);
    expect(await count(server, 'portal_uploads')).toBe(before);
    const other = new PortalClient(server);
    expect((await other.register(freshMobile(), PASSWORD)).code).toBe(200);
    expect((await other.upload('d.png', PNG)).code).toBe(200);
  });

  it('ignore X-Forwarded-For when TRUST_PROXY is unset: the socket address is the client', async () => {
    const client = new PortalClient(server);
    for (let i = 0; i < 4; i++) {
      client.forwardedFor = `198.51.100.${i + 1}`;
      expect((await client.call('GET', '/portal/verify/code/arithmetic')).code).toBe(200);
    }
    client.forwardedFor = '198.51.100.99';
    expect((await client.call('GET', '/portal/verify/code/arithmetic')).code).toBe(601);
  });
});

describe('portal limits behind a trusted proxy, and in total', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    server = await startServer(
      { testHooks: true, devOutboxEndpoint: false },
      { trustProxy: '10.99.0.0/16', limits: { smsPerAddressPerHour: 2, smsTotalPerHour: 3 } },
    );
  });
  afterAll(() => server.close());

  const behindProxy = (clientAddress: string) => {
    const client = new PortalClient(server);
    client.address = '10.99.0.1';
    client.forwardedFor = clientAddress;
    return client;
  };

  it('count each client the proxy names apart, and cap SMS codes for the whole deployment', async () => {
    const first = behindProxy('198.51.100.1');
    expect((await first.sendSms(freshMobile())).code).toBe(200);
    expect((await first.sendSms(freshMobile())).code).toBe(200);
    expect((await first.sendSms(freshMobile())).code).toBe(601);
    // Same proxy, another client: its own per-address count, but the deployment has one code left.
    const second = behindProxy('198.51.100.2');
    expect((await second.sendSms(freshMobile())).code).toBe(200);
    const before = await count(server, 'portal_sms_codes');
    const refused = await second.sendSms(freshMobile());
    expect(refused.code).toBe(601);
    expect(refused.msg).toMatch(TOO_FAST);
    expect(await count(server, 'portal_sms_codes')).toBe(before);
    // The refusal did not use up the second client's own allowance either.
    const [counter] = await server.db.query<{ hits: unknown }>(
      "SELECT hits FROM rate_limit_counters WHERE key LIKE 'portal:sms:198.51.100.2@%'",
    );
    expect(Number(counter?.hits)).toBe(1);
  });
});

describe('the deployment-wide SMS budget', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    server = await startServer(
      { testHooks: true, devOutboxEndpoint: false },
      { limits: { smsPerAddressPerHour: 2, smsTotalPerHour: 3 } },
    );
  });
  afterAll(() => server.close());

  it('is not spent by a flood of wrong captchas from many addresses: a solved request still sends its code', async () => {
    const flood = Array.from({ length: 12 }, () => new PortalClient(server));
    for (const attacker of flood) {
      const { id } = await attacker.captcha();
      const wrong = await attacker.call('POST', '/portal/login/send/sms/code', {
        mobileNumber: freshMobile(),
        verifyCode: 'XXXXX',
        verifyCodeId: id,
      });
      expect(wrong.msg).toBe('图形验证码错误');
      // A body without a captcha is not charged to the deployment either.
      const malformed = await attacker.call('POST', '/portal/login/send/sms/code', { mobileNumber: freshMobile() });
      expect(malformed.msg).toBe('请求参数不完整');
      // The address's own budget is spent: the flood costs each address what it sent.
      expect((await attacker.sendSms(freshMobile())).msg).toMatch(TOO_FAST);
    }
    expect((await new PortalClient(server).sendSms(freshMobile())).code).toBe(200);
  });
});
