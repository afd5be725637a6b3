import { expect } from 'vitest';
import type { LiaisonServer } from '../app';
import { sm4Encrypt } from './auth/sm4';
import { TEST_SMS_CODE } from './routes/auth-routes';

/** The portal over HTTP, as the web app calls it; for tests against a real server. */
export interface Answer<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

export class PortalClient {
  private sm4Key: string | null = null;
  /** Each client calls from its own address, as people do, so per-address limits apply per client. */
  address = nextTestAddress();
  /** Sent as X-Forwarded-For when set (a client behind a proxy). */
  forwardedFor: string | null = null;
  /** The cookies the server set, as a browser keeps them (name=value): signed file links need theirs. */
  readonly cookies = new Map<string, string>();

  constructor(
    readonly server: LiaisonServer,
    public token: string | null = null,
    /** The client address the server sees (request.ip); unset: 127.0.0.1. */
    readonly remoteAddress?: string,
  ) {}

  async call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<Answer<T>> {
    const response = await this.server.http.inject({
      method,
      url: `/prod-api${url}`,
      headers: this.headers(),
      remoteAddress: this.remoteAddress ?? this.address,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    expect(response.statusCode).toBe(200);
    this.keepCookies(response.headers['set-cookie']);
    return response.json() as Answer<T>;
  }

  /** `POST common/upload` with one file, multipart as a browser sends it. */
  async upload(
    name: string,
    bytes: Buffer,
    visibility?: string,
  ): Promise<{ code: number; msg: string; fileName?: string; url?: string }> {
    const boundary = '----liaison-test-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await this.server.http.inject({
      method: 'POST',
      url: `/prod-api/common/upload${visibility === undefined ? '' : `?visibility=${visibility}`}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...this.headers() },
      remoteAddress: this.remoteAddress ?? this.address,
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    this.keepCookies(response.headers['set-cookie']);
    return response.json();
  }

  /** A fresh captcha and, through the test hook, its answer. */
  async captcha(): Promise<{ id: string; answer: string }> {
    const issued = await this.call<{ id: string }>('GET', '/portal/verify/code/arithmetic');
    const id = issued.data?.id ?? '';
    const peek = await this.call<{ answer: string }>('GET', `/test/captcha/${id}`);
    return { id, answer: peek.data?.answer ?? '' };
  }

  async sendSms(mobileNumber: string): Promise<Answer> {
    const { id, answer } = await this.captcha();
    return this.call('POST', '/portal/login/send/sms/code', { mobileNumber, verifyCode: answer, verifyCodeId: id });
  }

  async encrypt(text: string): Promise<string> {
    if (!this.sm4Key) {
      const config = await this.call<{ sm4Key: string }>('GET', '/portal/client/config');
      this.sm4Key = config.data?.sm4Key ?? '';
    }
    return sm4Encrypt(this.sm4Key, text);
  }

  /** Registers by SMS code and password; keeps the token. */
  async register(mobileNumber: string, password: string, secPassword = password): Promise<Answer<{ token: string }>> {
    const sent = await this.sendSms(mobileNumber);
    expect(sent.code).toBe(200);
    return this.keep(
      await this.call('POST', '/portal/login/mobile', {
        mobileNumber,
        smsVerifyCode: TEST_SMS_CODE,
        password: await this.encrypt(password),
        secPassword: await this.encrypt(secPassword),
      }),
    );
  }

  /** Account login with a fresh captcha; keeps the token. */
  async login(loginName: string, password: string): Promise<Answer<{ token: string }>> {
    const { id, answer } = await this.captcha();
    return this.keep(
      await this.call('POST', '/portal/login/normal', {
        loginName: await this.encrypt(loginName),
        password: await this.encrypt(password),
        verifyCode: await this.encrypt(answer),
        verifyCodeId: id,
      }),
    );
  }

  private headers(): Record<string, string> {
    return {
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...(this.forwardedFor ? { 'x-forwarded-for': this.forwardedFor } : {}),
    };
  }

  /** The Cookie header this client's browser would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keepCookies(header: string | string[] | undefined): void {
    for (const cookie of typeof header === 'string' ? [header] : (header ?? [])) {
      const [name = '', value = ''] = (cookie.split(';')[0] ?? '').split('=');
      this.cookies.set(name, value);
    }
  }

  private keep(answer: Answer<{ token: string }>): Answer<{ token: string }> {
    if (answer.code === 200 && answer.data) this.token = answer.data.token;
    return answer;
  }
}

let clients = 0;
/** 10.x.y.z, a different one for every client in this test process. */
function nextTestAddress(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** A real-looking mainland mobile number no other test uses. */
let next = 0;
export function freshMobile(): string {
  next += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(next).padStart(4, '0')}`;
}
