import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { setAdmin } from '../../portal/admins';
import { defaultPortalMessages, PortalCode } from '../../portal/envelope';
import { freshMobile, PortalClient } from '../../portal/test-client';
import { startServer } from '../harness';
import { snapshotAll } from '../state-snapshot';
import { FUZZ_RUNS, fuzzOptions, fuzzTimeout } from './fuzz-settings';
import { type FuzzRequest, fuzzRequest } from './rest-bodies';

/**
 * Every /prod-api route the server registered (read from its route table, so a new route is
 * fuzzed without a line here), called by a visitor, a user and a platform admin with random,
 * malformed, mistyped and huge bodies. Never a 5xx, never a stack trace, always the
 * {code, msg} envelope, and nothing stored when the answer is a refusal.
 */
let server: LiaisonServer;
const PASSWORD = 'Fuzz12345';
const callers = {} as Record<'visitor' | 'user' | 'admin', PortalClient>;
const mobiles = new Map<PortalClient, string>();
let state: Record<string, string>;

beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: true });
  callers.visitor = new PortalClient(server);
  for (const role of ['user', 'admin'] as const) {
    const client = new PortalClient(server);
    const mobile = freshMobile();
    expect((await client.register(mobile, PASSWORD)).code).toBe(200);
    if (role === 'admin') await setAdmin(server.db, mobile, true);
    mobiles.set(client, mobile);
    callers[role] = client;
  }
  state = await snapshotAll(server.db);
});
afterAll(() => server?.close());

/** A stack frame as V8 prints it (raw or JSON-escaped), or a serialised error's stack property. */
const STACK_TRACE = /(\n|\\n)\s+at [^\n]+:\d+:\d+|"stack"\s*:/;

describe('REST bodies for every /prod-api route', () => {
  it(
    'never answer 5xx or a stack trace, always the envelope, and store nothing on refusal',
    async () => {
      const routes = server.routes.filter((r) => r.url.startsWith('/prod-api/') && r.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('visitor', 'user', 'admin' as const),
            fuzzRequest(route.url),
            async (who, request) => {
              await expectEnvelope(route.method, callers[who], request);
            },
          ),
          fuzzOptions(),
        );
      }
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
    },
    fuzzTimeout(FUZZ_RUNS * 20, 600),
  );
});

async function expectEnvelope(method: string, caller: PortalClient, request: FuzzRequest): Promise<void> {
  const response = await send(method, request, caller.token);
  const label = `${method} ${request.label}`;
  expect(response.statusCode, label).toBeLessThan(500);
  expect(response.body, label).not.toMatch(STACK_TRACE);
  let envelope: { code?: unknown; msg?: unknown };
  try {
    envelope = JSON.parse(response.body);
  } catch {
    throw new Error(
      `${label}: answered ${response.statusCode} without a JSON envelope: ${response.body.slice(0, 200)}`,
    );
  }
  expect({ code: typeof envelope.code, msg: typeof envelope.msg }, `${label}: ${response.body.slice(0, 200)}`).toEqual({
    code: 'number',
    msg: 'string',
  });
  // The generic 500 text is what the portal answers for an unexpected fault (its IM twin is 60004).
  const isFault = envelope.code === PortalCode.ERROR && envelope.msg === defaultPortalMessages[PortalCode.ERROR];
  if (isFault) expect.fail(`${label}: answered with the generic fault`);
  if (envelope.code === 200) {
    await stayLoggedIn();
    state = await snapshotAll(server.db);
    return;
  }
  expect(await snapshotAll(server.db), `${label}: refused, yet stored state changed`).toEqual(state);
}

/**
 * Over a real socket with the path exactly as generated: an in-process client would resolve
 * `..` and `%2e%2e` itself, and the server would never see them.
 */
function send(
  method: string,
  request: FuzzRequest,
  token: string | null,
): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    // Node frames a GET body only when told its length; unframed, it would read as a second request.
    if (request.payload !== undefined) headers['content-length'] = String(Buffer.byteLength(request.payload));
    const outgoing = httpRequest(`${server.url}/`, { method, path: request.url, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(request.payload);
  });
}

/** An accepted call may have been a logout: log that caller in again. */
async function stayLoggedIn(): Promise<void> {
  for (const [client, mobile] of mobiles) {
    if ((await client.call('GET', '/portal/self/center/info')).code === PortalCode.UNAUTHORIZED) {
      expect((await client.login(mobile, PASSWORD)).code).toBe(200);
    }
  }
}
