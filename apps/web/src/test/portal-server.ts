/**
 * The real portal server, in this process, for component tests (the test file runs in the node
 * environment with jsdom globals from tests/support/dom-for-server-tests, imported first).
 *
 * The app calls relative URLs ('/prod-api/...') as the browser does on its own origin; here the
 * global fetch is wrapped so they go to the server's address. The wrapper answers nothing
 * itself: it only resolves the URL and notes each call (and the server's answer) for the tests.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { nodeForms } from '../../../../tests/support/dom-for-server-tests';
import type { LiaisonServer, ServerOptions } from '../../../server/src/app';
import { DEMO_PASSWORD } from '../../../server/src/demo/credentials';
import { startServer } from '../../../server/src/integration/start-server';
import { creditCodeCheckChar, idCardCheckDigit } from '../../../server/src/portal/identity';
import { freshMobile, PortalClient } from '../../../server/src/portal/test-client';
import type { Person } from '../api/types';
import { sessionStore } from '../session/session-store';

export { DEMO_PASSWORD, freshMobile, PortalClient };

export interface ApiCall {
  method: string;
  /** The path after /prod-api, with its query. */
  path: string;
  body: unknown;
  authorization: string | null;
  /** The server's JSON answer, once it came. */
  answer?: unknown;
}

/**
 * `ws` as a page's socket: closing one that is still connecting (a test ending mid-login) is no
 * uncaught error, as in the browser, where it is only an `error` event.
 */
class PageWebSocket extends NodeWebSocket {
  constructor(url: string) {
    super(url);
    this.on('error', () => undefined);
    pageSockets.add(this);
    this.on('close', () => pageSockets.delete(this));
  }
}

/** The page's sockets not yet closed (a test may cut one, as a network would). */
export const pageSockets = new Set<NodeWebSocket>();

/** Where the page is served from; the app's IM socket goes to this origin. */
export function setPageUrl(url: string): void {
  (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom.reconfigure({ url });
}

export interface PortalServer {
  server(): LiaisonServer;
  /** The calls the app made in the current test, in order. */
  readonly calls: ApiCall[];
  /** A client of the real API, as another browser (or the admin) would call it. */
  client(token?: string | null): PortalClient;
  /** Logs a demo person in through the API. */
  login(loginName: string, password?: string): Promise<PortalClient>;
  /** Registers a new account through the API (SMS code, password). */
  register(): Promise<PortalClient>;
  /** Who the client is, as the API tells it. */
  person(client: PortalClient): Promise<Person>;
  /** Puts the client's session into the web session store, as a reload of the app finds it. */
  enterSession(client: PortalClient): Promise<Person>;
  /**
   * Keeps the server's answers to the calls whose path matches from the page until `release` is
   * called, as a slow network would (the server has answered; the page hears it late).
   */
  holdAnswers(path: RegExp): { release(): void };
}

/** One server for the test file: started before its tests, closed after them. */
export function withPortalServer(
  settings: Partial<Pick<ServerOptions['portal'], 'smsLogin' | 'ai' | 'payments'>> = {},
): PortalServer {
  let server: LiaisonServer | null = null;
  const calls: ApiCall[] = [];
  const realFetch = globalThis.fetch;
  const pageWebSocket = globalThis.WebSocket;
  // Each test is a different visitor, with its own address (per-address limits apply per test):
  // the page's calls go through this process as through a trusted proxy naming that address.
  let visitor = 0;
  const pending = new Set<Promise<Response>>();
  const holds: Array<{ path: RegExp; released: Promise<void>; release(): void }> = [];

  beforeAll(async () => {
    server = await startServer(
      { testHooks: true, devOutboxEndpoint: true, ...settings },
      { demo: true, trustProxy: 'loopback' },
    );
    const base = server.url;
    // The page is served from the server, as in production: the IM socket goes to its origin.
    setPageUrl(`${base}/index`);
    // The SDK takes the global WebSocket; jsdom's (undici's) cannot dispatch jsdom's events here, so
    // it gets the `ws` package's, which is what the SDK falls back to in Node.
    globalThis.WebSocket = PageWebSocket as unknown as typeof WebSocket;
    globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (typeof input !== 'string' || !input.startsWith('/')) return realFetch(input, init);
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', `198.18.${(visitor >> 8) & 255}.${visitor & 255}`);
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: input.replace(/^\/prod-api/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        authorization: headers.get('Authorization'),
      };
      calls.push(call);
      const answered = (async () => {
        const body = init.body instanceof FormData ? await toNodeForm(init.body) : init.body;
        const response = await realFetch(new URL(input, base), { ...init, headers, body });
        if (response.headers.get('content-type')?.includes('json')) call.answer = await response.clone().json();
        await Promise.all(holds.filter((hold) => hold.path.test(call.path)).map((hold) => hold.released));
        return response;
      })();
      pending.add(answered);
      answered.then(
        () => pending.delete(answered),
        () => pending.delete(answered),
      );
      return answered;
    };
  });
  beforeEach(() => {
    for (const hold of holds.splice(0)) hold.release();
    calls.length = 0;
    visitor += 1;
  });
  afterAll(async () => {
    for (const hold of holds.splice(0)) hold.release();
    // A page's request still on its way when the last test ended is answered before the server
    // goes, so the page's own follow-up (a state update) runs while the page's globals exist.
    await Promise.allSettled(pending);
    globalThis.fetch = realFetch;
    globalThis.WebSocket = pageWebSocket;
    await server?.close();
  });

  const current = () => {
    if (!server) throw new Error('withPortalServer: the server is not started yet');
    return server;
  };
  const client = (token: string | null = null) => new PortalClient(current(), token);
  const person = async (who: PortalClient) => {
    const answer = await who.call<Person>('GET', '/portal/self/center/info');
    expect(answer.code).toBe(200);
    return answer.data as Person;
  };

  return {
    server: current,
    calls,
    client,
    async login(loginName, password = DEMO_PASSWORD) {
      const who = client();
      const answer = await who.login(loginName, password);
      expect(answer.code, answer.msg).toBe(200);
      return who;
    },
    async register() {
      const who = client();
      const answer = await who.register(freshMobile(), 'Passw0rd1');
      expect(answer.code, answer.msg).toBe(200);
      return who;
    },
    person,
    async enterSession(who) {
      const me = await person(who);
      sessionStore.update({ loginStatus: true, user: { token: who.token ?? '' }, person: me });
      return me;
    },
    holdAnswers(path) {
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ path, released, release });
      return { release };
    },
  };
}

/** jsdom's FormData, as Node's fetch can send it (file names kept). */
async function toNodeForm(form: FormData): Promise<globalThis.FormData> {
  const out = new nodeForms.FormData();
  const fields: Array<[string, FormDataEntryValue]> = [];
  form.forEach((value, key) => {
    fields.push([key, value]);
  });
  for (const [key, value] of fields) {
    if (typeof value === 'string') out.append(key, value);
    else out.append(key, new nodeForms.File([await value.arrayBuffer()], value.name, { type: value.type }));
  }
  return out;
}

let identities = 0;

/** A valid mainland ID number no other account in this server uses. */
export function freshIdCard(): string {
  identities += 1;
  const first17 = `11010519900101${String(identities).padStart(3, '0')}`;
  return first17 + idCardCheckDigit(first17);
}

/** Verifies the client's real name through the API. */
export async function verifyRealName(who: PortalClient, realName = '张三'): Promise<void> {
  const answer = await who.call('POST', '/portal/self/center/personal/real/name/auth', {
    realName,
    idCard: freshIdCard(),
  });
  expect(answer.code, answer.msg).toBe(200);
}

/** A valid unified social credit code. */
export function creditCode(first17 = '91350100M000100Y4'): string {
  return first17 + creditCodeCheckChar(first17);
}

export interface Material {
  enterpriseName: string;
  creditCode: string;
  legalPerson: string;
  contactPhone: string;
  address: string;
}

/** Uploads a licence and submits the enterprise material through the API; returns the licence path. */
export async function submitEnterprise(who: PortalClient, material: Material): Promise<string> {
  const upload = await who.upload('licence.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
  expect(upload.code, upload.msg).toBe(200);
  const businessLicense = upload.fileName ?? '';
  const answer = await who.call('POST', '/portal/supply/chain/upload/auth/data', { ...material, businessLicense });
  expect(answer.code, answer.msg).toBe(200);
  return businessLicense;
}

/** The admin's decision on the user's enterprise material, through the review API. */
export async function reviewEnterprise(
  admin: PortalClient,
  who: PortalClient,
  decision: { approve: boolean; reason?: string },
): Promise<void> {
  const userId = (await who.call<Person>('GET', '/portal/self/center/info')).data?.userId;
  const answer = await admin.call('POST', `/system/review/enterprise/${userId}`, decision);
  expect(answer.code, answer.msg).toBe(200);
}
