import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { TEST_SMS_CODE } from './routes/auth-routes';
import { SMS_LOGIN_DISABLED, SMS_SEND_FAILED } from './sms';
import { createSmsGateway, type SmsGatewaySettings } from './sms-gateways';
import { freshMobile, PortalClient } from './test-client';

/**
 * The real SMS adapters against local servers that speak the providers' APIs: Aliyun Dysms
 * SendSms (checks the HMAC-SHA1 signature and every parameter) and a JSON webhook.
 */
const ACCESS_KEY_ID = 'LTAI5tExampleKeyId';
const ACCESS_KEY_SECRET = 'example-access-key-secret';
const SIGN_NAME = '链联平台';
const TEMPLATE_CODE = 'SMS_246810';

type Reply = { status: number; body: unknown };
type Params = Record<string, string>;

/** Aliyun's SendSms as its documentation describes it; `reply` decides the answer to a valid request. */
class FakeAliyun {
  readonly accepted: Params[] = [];
  reply: (params: Params) => Reply = () => ({ status: 200, body: { Code: 'OK', Message: 'OK', BizId: 'b1' } });
  private readonly nonces = new Set<string>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void readBody(req).then((body) => {
        const { status, body: answer } = this.handle(req, body);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }

  private handle(req: IncomingMessage, body: string): Reply {
    const refuse = (Code: string, Message: string) => ({ status: 400, body: { Code, Message, RequestId: 'r' } });
    if (req.method !== 'POST' || !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return refuse('InvalidRequest', 'expected a form POST');
    }
    const params = Object.fromEntries(new URLSearchParams(body));
    const { Signature, ...signed } = params;
    if (Signature !== expectedSignature('POST', signed, ACCESS_KEY_SECRET)) {
      return refuse('SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    if (signed.AccessKeyId !== ACCESS_KEY_ID)
      return refuse('InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const fixed = {
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignName: SIGN_NAME,
      TemplateCode: TEMPLATE_CODE,
    };
    for (const [key, value] of Object.entries(fixed)) {
      if (signed[key] !== value) return refuse('InvalidParameter', `${key} is ${signed[key]}`);
    }
    const timestamp = signed.Timestamp ?? '';
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(timestamp) ||
      Math.abs(Date.parse(timestamp) - Date.now()) > 900_000
    ) {
      return refuse('InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    }
    const nonce = signed.SignatureNonce ?? '';
    if (!nonce || this.nonces.has(nonce))
      return refuse('SignatureNonceUsed', 'Specified signature nonce was used already.');
    this.nonces.add(nonce);
    if (!/^1\d{10}$/.test(signed.PhoneNumbers ?? '')) return refuse('isv.MOBILE_NUMBER_ILLEGAL', 'bad number');
    const templateParam = JSON.parse(signed.TemplateParam ?? '{}') as { code?: unknown };
    if (typeof templateParam.code !== 'string' || !/^\d{6}$/.test(templateParam.code)) {
      return refuse('isv.TEMPLATE_PARAMS_ILLEGAL', 'code missing');
    }
    this.accepted.push(signed);
    return this.reply(signed);
  }
}

/** Written from the Aliyun RPC signature documentation, independently of the adapter. */
function expectedSignature(method: string, params: Params, secret: string): string {
  const encode = (text: string) =>
    [...Buffer.from(text, 'utf8')]
      .map((byte) => {
        const ch = String.fromCharCode(byte);
        return /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      })
      .join('');
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${encode(key)}=${encode(params[key] ?? '')}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&${encode('/')}&${encode(canonical)}`)
    .digest('base64');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

const aliyun = new FakeAliyun();
const aliyunSettings = (secret = ACCESS_KEY_SECRET): SmsGatewaySettings => ({
  provider: 'aliyun',
  endpoint: aliyun.url,
  accessKeyId: ACCESS_KEY_ID,
  accessKeySecret: secret,
  signName: SIGN_NAME,
  templateCode: TEMPLATE_CODE,
});
const ok: () => Reply = () => ({ status: 200, body: { Code: 'OK', Message: 'OK', BizId: 'b1' } });

beforeAll(() => aliyun.start());
afterAll(() => aliyun.stop());
afterEach(() => {
  aliyun.reply = ok;
});

const message = { mobile: '13800138000', code: '482913', text: '您的登录验证码是 482913' };

describe('Aliyun SendSms adapter', () => {
  it('sends a signed request the provider accepts, with the code as the template parameter', async () => {
    await createSmsGateway(aliyunSettings()).send(message);
    expect(aliyun.accepted.at(-1)).toMatchObject({
      PhoneNumbers: '13800138000',
      SignName: SIGN_NAME,
      TemplateCode: TEMPLATE_CODE,
      TemplateParam: '{"code":"482913"}',
    });
  });

  it('fails with the provider’s reason on a wrong secret or a refused message', async () => {
    await expect(createSmsGateway(aliyunSettings('wrong-secret')).send(message)).rejects.toThrow(
      /SignatureDoesNotMatch/,
    );
    aliyun.reply = () => ({ status: 200, body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' } });
    await expect(createSmsGateway(aliyunSettings()).send(message)).rejects.toThrow(/isv\.BUSINESS_LIMIT_CONTROL/);
  });

  it('fails when the provider cannot be reached', async () => {
    const closed = { ...aliyunSettings(), endpoint: 'http://127.0.0.1:1/' };
    await expect(createSmsGateway(closed).send(message)).rejects.toThrow(/unreachable/);
  });
});

describe('webhook adapter', () => {
  it('posts {mobile, code, text} as JSON with the bearer token, and fails on a non-2xx answer', async () => {
    const received: Array<{ auth: string | undefined; body: unknown }> = [];
    let status = 204;
    const hook = createServer((req, res) => {
      void readBody(req).then((body) => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/sms`;
    try {
      const gateway = createSmsGateway({ provider: 'webhook', endpoint, token: 'hook-token' });
      await gateway.send(message);
      expect(received).toEqual([{ auth: 'Bearer hook-token', body: message }]);
      status = 503;
      await expect(gateway.send(message)).rejects.toThrow(/HTTP 503/);
    } finally {
      await new Promise((resolve) => hook.close(resolve));
    }
  });
});

describe('portal SMS codes through a real gateway', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    server = await startServer({ testHooks: true, devOutboxEndpoint: false, smsGateway: aliyunSettings() });
  });
  afterAll(() => server.close());

  it('delivers the code through the provider, and it logs in', async () => {
    const mobile = freshMobile();
    const client = new PortalClient(server);
    expect(await client.sendSms(mobile)).toEqual({ code: 200, msg: '验证码已发送，请查收短信' });
    const sent = aliyun.accepted.at(-1);
    expect(sent?.PhoneNumbers).toBe(mobile);
    const code = (JSON.parse(sent?.TemplateParam ?? '{}') as { code: string }).code;
    const registered = await client.call('POST', '/portal/login/mobile', {
      mobileNumber: mobile,
      smsVerifyCode: code,
      password: await client.encrypt('Secret123'),
      secPassword: await client.encrypt('Secret123'),
    });
    expect(registered.msg).toBe('注册成功');
  });

  it('tells the user when the provider fails, leaves no usable code and no 120 s wait', async () => {
    const mobile = freshMobile();
    const client = new PortalClient(server);
    aliyun.reply = () => ({ status: 200, body: { Code: 'isv.AMOUNT_NOT_ENOUGH', Message: '账户余额不足' } });
    expect(await client.sendSms(mobile)).toEqual({ code: 500, msg: SMS_SEND_FAILED });
    expect(
      await client.call('POST', '/portal/login/mobile', { mobileNumber: mobile, smsVerifyCode: TEST_SMS_CODE }),
    ).toEqual({ code: 500, msg: '验证码已过期，请重新获取' });

    aliyun.reply = ok;
    expect(await client.sendSms(mobile)).toEqual({ code: 200, msg: '验证码已发送，请查收短信' });
  });
});

describe('SMS login switched off', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    server = await startServer({ testHooks: true, devOutboxEndpoint: false, smsLogin: false });
  });
  afterAll(() => server.close());

  it('answers every SMS route that it is disabled, registration included, and tells the web app', async () => {
    const client = new PortalClient(server);
    const mobile = freshMobile();
    const disabled = { code: 500, msg: SMS_LOGIN_DISABLED };
    expect(await client.sendSms(mobile)).toEqual(disabled);
    expect(
      await client.call('POST', '/portal/login/mobile', { mobileNumber: mobile, smsVerifyCode: '123456' }),
    ).toEqual(disabled);
    expect(
      await client.call('POST', '/portal/login/mobile', {
        mobileNumber: mobile,
        smsVerifyCode: '123456',
        password: await client.encrypt('Secret123'),
        secPassword: await client.encrypt('Secret123'),
      }),
    ).toEqual(disabled);
    expect((await client.call<{ smsLogin: boolean }>('GET', '/portal/client/config')).data?.smsLogin).toBe(false);
  });
});
