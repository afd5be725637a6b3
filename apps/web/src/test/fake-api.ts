import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** The path after /prod-api, with its query. */
  path: string;
  body: unknown;
  authorization: string | null;
}

/** An answer body; a function gets the call. */
export type Handler = unknown | ((call: ApiCall) => unknown);

/**
 * Replaces fetch with a portal that answers from `handlers`, keyed "METHOD /path" (query left
 * out). Unknown calls fail the test loudly. Returns the calls made, in order.
 */
export function fakeApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = input.replace(/^\/prod-api/, '');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: ApiCall = { method, path, body, authorization: headers.get('Authorization') };
    calls.push(call);
    const key = `${method} ${path.split('?')[0]}`;
    if (!(key in handlers)) throw new Error(`unexpected call ${key}`);
    const handler = handlers[key];
    const answer = typeof handler === 'function' ? handler(call) : handler;
    return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

export function ok<T>(data: T, msg = '操作成功') {
  return { code: 200, msg, data };
}

export function refused(msg: string) {
  return { code: 500, msg };
}
