import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequest, type RequestFeedback } from './request';

interface Seen {
  url: string;
  init: RequestInit;
}

/** A request layer over a scripted fetch, with feedback recorded as the user would see it. */
function setUp(answer: (seen: Seen) => Promise<Response> | Response, options: { token?: string | null } = {}) {
  let clock = 0;
  const seen: Seen[] = [];
  const shown: string[] = [];
  const feedback: RequestFeedback = {
    warn: (text) => shown.push(`warning: ${text}`),
    error: (text) => shown.push(`error: ${text}`),
    notifyError: (title) => shown.push(`notification: ${title}`),
    unauthorized: () => shown.push('login modal'),
  };
  const request = createRequest({
    fetch: async (input, init = {}) => {
      const call = { url: String(input), init };
      seen.push(call);
      return answer(call);
    },
    getToken: () => (options.token === undefined ? 'T0KEN' : options.token),
    feedback,
    now: () => clock,
  });
  return {
    request,
    seen,
    shown,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
});

describe('the envelope', () => {
  it('resolves with the whole body on code 200', async () => {
    const { request, shown } = setUp(() => json({ code: 200, msg: '操作成功', data: { connectMeCount: 2 } }));
    await expect(request({ url: '/portal/self/center/personal/todo' })).resolves.toEqual({
      code: 200,
      msg: '操作成功',
      data: { connectMeCount: 2 },
    });
    expect(shown).toEqual([]);
  });

  it('keeps fields outside data, as the upload answers', async () => {
    const { request } = setUp(() => json({ code: 200, msg: 'ok', fileName: '/profile/upload/a.pdf' }));
    await expect(request({ url: '/common/upload', method: 'POST', data: new FormData() })).resolves.toMatchObject({
      fileName: '/profile/upload/a.pdf',
    });
  });

  it('shows code 500 as a warning with the server text and rejects with it', async () => {
    const { request, shown } = setUp(() => json({ code: 500, msg: '图形验证码错误' }));
    await expect(request({ url: '/x' })).rejects.toThrow('图形验证码错误');
    expect(shown).toEqual(['warning: 图形验证码错误']);
  });

  it('shows code 601 as a warning', async () => {
    const { request, shown } = setUp(() => json({ code: 601, msg: '操作未完成，请稍后重试' }));
    await expect(request({ url: '/x' })).rejects.toThrow('操作未完成，请稍后重试');
    expect(shown).toEqual(['warning: 操作未完成，请稍后重试']);
  });

  it('titles an error notification with the default text of 403', async () => {
    const { request, shown } = setUp(() => json({ code: 403, msg: 'forbidden' }));
    await expect(request({ url: '/x' })).rejects.toThrow('当前操作没有权限');
    expect(shown).toEqual(['notification: 当前操作没有权限']);
  });

  it('titles an error notification with the server text of another code', async () => {
    const { request, shown } = setUp(() => json({ code: 418, msg: '服务暂不可用' }));
    await expect(request({ url: '/x' })).rejects.toThrow('服务暂不可用');
    expect(shown).toEqual(['notification: 服务暂不可用']);
  });

  it('falls back to the unknown-error text when a refusal has no message', async () => {
    const { request, shown } = setUp(() => json({ code: 418 }));
    await expect(request({ url: '/x' })).rejects.toThrow('系统未知错误，请反馈给管理员');
    expect(shown).toEqual(['notification: 系统未知错误，请反馈给管理员']);
  });

  it('on 401 ends the session, opens the login modal and rejects with the session text', async () => {
    const { request, shown } = setUp(() => json({ code: 401, msg: '认证失败，无法访问系统资源' }));
    await expect(request({ url: '/portal/self/center/info' })).rejects.toThrow(
      '无效的会话，或者会话已过期，请重新登录。',
    );
    expect(shown).toEqual(['login modal']);
  });

  it('on 401 to a session that ended while the request was on its way, neither ends the new state nor asks to log in', async () => {
    const session: { token?: string | null } = { token: 'OLD' };
    const { request, shown } = setUp(() => {
      session.token = null;
      return json({ code: 401, msg: '认证失败，无法访问系统资源' });
    }, session);
    await expect(request({ url: '/portal/self/center/personal/todo' })).rejects.toThrow(
      '无效的会话，或者会话已过期，请重新登录。',
    );
    expect(shown).toEqual([]);
  });

  it('on 401 to a visitor asks them to log in', async () => {
    const { request, shown } = setUp(() => json({ code: 401 }), { token: null });
    await expect(request({ url: '/portal/supply/chain/has/follow/1' })).rejects.toThrow();
    expect(shown).toEqual(['login modal']);
  });
});

describe('the request', () => {
  it('goes to /prod-api with the bearer token and the query without empty values', async () => {
    const { request, seen } = setUp(() => json({ code: 200, data: null }));
    await request({ url: '/portal/x', params: { pageNum: 1, name: '', tab: undefined, readed: false } });
    expect(seen[0]?.url).toBe('/prod-api/portal/x?pageNum=1&readed=false');
    expect(new Headers(seen[0]?.init.headers).get('Authorization')).toBe('Bearer T0KEN');
  });

  it('sends no token when isToken is false', async () => {
    const { request, seen } = setUp(() => json({ code: 200, data: null }));
    await request({ url: '/portal/verify/code/arithmetic', isToken: false });
    expect(new Headers(seen[0]?.init.headers).has('Authorization')).toBe(false);
  });

  it('sends no token when there is none', async () => {
    const { request, seen } = setUp(() => json({ code: 200, data: null }), { token: null });
    await request({ url: '/x' });
    expect(new Headers(seen[0]?.init.headers).has('Authorization')).toBe(false);
  });

  it('sends a JSON body as JSON and FormData as it is', async () => {
    const { request, seen } = setUp(() => json({ code: 200, data: null }));
    await request({ url: '/a', method: 'POST', data: { realName: '张三' } });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await request({ url: '/b', method: 'POST', data: form });
    expect(seen[0]?.init.body).toBe('{"realName":"张三"}');
    expect(new Headers(seen[0]?.init.headers).get('Content-Type')).toBe('application/json;charset=utf-8');
    expect(seen[1]?.init.body).toBe(form);
    expect(new Headers(seen[1]?.init.headers).has('Content-Type')).toBe(false);
  });
});

describe('failures on the way', () => {
  it('reports an unreachable server as a connection failure', async () => {
    const { request, shown } = setUp(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request({ url: '/x' })).rejects.toThrow('后端接口连接异常');
    expect(shown).toEqual(['error: 后端接口连接异常']);
  });

  it('reports an HTTP error status with its number', async () => {
    const { request, shown } = setUp(() => new Response('bad gateway', { status: 502 }));
    await expect(request({ url: '/x' })).rejects.toThrow('系统接口502异常');
    expect(shown).toEqual(['error: 系统接口502异常']);
  });

  it('gives up after 10 seconds with the timeout text', async () => {
    vi.useFakeTimers();
    const { request, shown } = setUp(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request({ url: '/x' });
    const outcome = expect(pending).rejects.toThrow('系统接口请求超时');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(shown).toEqual(['error: 系统接口请求超时']);
  });

  it('waits as long as the call asks (the captcha gets 20 seconds)', async () => {
    vi.useFakeTimers();
    const { request, shown } = setUp(
      ({ init }) =>
        new Promise<Response>((resolve, reject) => {
          setTimeout(() => resolve(json({ code: 200, data: { id: 'c' } })), 15_000);
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request({ url: '/portal/verify/code/arithmetic', timeout: 20_000 });
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(pending).resolves.toMatchObject({ data: { id: 'c' } });
    expect(shown).toEqual([]);
  });
});

describe('the duplicate-submit guard', () => {
  const ok = () => json({ code: 200, data: null });

  beforeEach(() => {
    // Each refusal is logged for developers; the tests look at what callers get.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('refuses an identical POST within a second with a warning, without calling the server', async () => {
    const { request, seen, shown, advance } = setUp(ok);
    await request({ url: '/portal/a', method: 'POST', data: { n: 1 } });
    advance(999);
    await expect(request({ url: '/portal/a', method: 'POST', data: { n: 1 } })).rejects.toThrow(
      '数据正在处理，请勿重复提交',
    );
    expect(seen).toHaveLength(1);
    expect(shown).toEqual(['warning: 数据正在处理，请勿重复提交']);
  });

  it('refuses an identical PUT too', async () => {
    const { request } = setUp(ok);
    await request({ url: '/portal/a', method: 'PUT', data: { n: 1 } });
    await expect(request({ url: '/portal/a', method: 'PUT', data: { n: 1 } })).rejects.toThrow(
      '数据正在处理，请勿重复提交',
    );
  });

  it('lets the same POST through after a second', async () => {
    const { request, seen, advance } = setUp(ok);
    await request({ url: '/portal/a', method: 'POST', data: { n: 1 } });
    advance(1000);
    await request({ url: '/portal/a', method: 'POST', data: { n: 1 } });
    expect(seen).toHaveLength(2);
  });

  it('lets different data or another url through', async () => {
    const { request, seen } = setUp(ok);
    await request({ url: '/portal/a', method: 'POST', data: { n: 1 } });
    await request({ url: '/portal/a', method: 'POST', data: { n: 2 } });
    await request({ url: '/portal/b', method: 'POST', data: { n: 2 } });
    expect(seen).toHaveLength(3);
  });

  it('never holds back GETs', async () => {
    const { request, seen } = setUp(ok);
    await request({ url: '/portal/a' });
    await request({ url: '/portal/a' });
    expect(seen).toHaveLength(2);
  });

  it('is skipped with repeatSubmit: false', async () => {
    const { request, seen } = setUp(ok);
    await request({ url: '/portal/a', method: 'POST', data: { n: 1 }, repeatSubmit: false });
    await request({ url: '/portal/a', method: 'POST', data: { n: 1 }, repeatSubmit: false });
    expect(seen).toHaveLength(2);
  });

  it('is skipped for bodies of 5 MB or more', async () => {
    const { request, seen } = setUp(ok);
    const big = { text: 'x'.repeat(5 * 1024 * 1024) };
    await request({ url: '/portal/a', method: 'POST', data: big });
    await request({ url: '/portal/a', method: 'POST', data: big });
    expect(seen).toHaveLength(2);
  });

  it('compares uploads by their files, and lets a 5 MB file be sent again', async () => {
    const { request, seen } = setUp(ok);
    const upload = (bytes: number, name: string) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], name, { lastModified: 1 }));
      return request({ url: '/common/upload', method: 'POST', data: form });
    };
    await upload(10, 'a.pdf');
    await expect(upload(10, 'a.pdf')).rejects.toThrow('数据正在处理，请勿重复提交');
    await upload(10, 'b.pdf');
    await upload(5 * 1024 * 1024, 'big.pdf');
    await upload(5 * 1024 * 1024, 'big.pdf');
    expect(seen).toHaveLength(4);
  });
});
