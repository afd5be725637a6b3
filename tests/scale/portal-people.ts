import { expect } from 'vitest';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { sm4Encrypt } from '../../apps/server/src/portal/auth/sm4';
import { TEST_SMS_CODE } from '../../apps/server/src/portal/sms-send';
import { type Answer, freshMobile } from '../../apps/server/src/portal/test-client';

/**
 * A person of the portal over HTTP for the two-process tests: one token, valid on either process,
 * and one address of its own (the processes run with PORTAL_TEST_HOOKS=1 and TRUST_PROXY=loopback).
 */
export class Person {
  token: string | null = null;

  constructor(
    readonly mobile: string,
    readonly address: string,
  ) {}

  async call<T = unknown>(
    server: ServerProcess,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<Answer<T>> {
    const response = await fetch(`${server.url}/prod-api${url}`, {
      method,
      headers: {
        ...this.headers(),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer<T>;
  }

  async upload(server: ServerProcess, name: string, bytes: Buffer): Promise<Answer & { fileName?: string }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/prod-api/common/upload`, {
      method: 'POST',
      headers: this.headers(),
      body: form,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer & { fileName?: string };
  }

  private headers(): Record<string, string> {
    return {
      'x-forwarded-for': this.address,
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
    };
  }
}

let people = 0;

/** A new account, registered by SMS code on `server` as the web app does it. */
export async function register(server: ServerProcess): Promise<Person> {
  people += 1;
  const person = new Person(freshMobile(), `10.77.${people >> 8}.${people & 255}`);
  const issued = await person.call<{ id: string }>(server, 'GET', '/portal/verify/code/arithmetic');
  const id = issued.data?.id ?? '';
  const peek = await person.call<{ answer: string }>(server, 'GET', `/test/captcha/${id}`);
  const sent = await person.call(server, 'POST', '/portal/login/send/sms/code', {
    mobileNumber: person.mobile,
    verifyCode: peek.data?.answer,
    verifyCodeId: id,
  });
  expect(sent.code, sent.msg).toBe(200);
  const config = await person.call<{ sm4Key: string }>(server, 'GET', '/portal/client/config');
  const password = sm4Encrypt(config.data?.sm4Key ?? '', 'Secret123');
  const registered = await person.call<{ token: string }>(server, 'POST', '/portal/login/mobile', {
    mobileNumber: person.mobile,
    smsVerifyCode: TEST_SMS_CODE,
    password,
    secPassword: password,
  });
  expect(registered.code, registered.msg).toBe(200);
  person.token = registered.data?.token ?? null;
  return person;
}
