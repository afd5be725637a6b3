import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { chooseServer, normalizeServerURL } from './url';

describe('normalizeServerURL', () => {
  it('appends /im to a URL without a path', () => {
    expect(normalizeServerURL('ws://localhost:8080')).toBe('ws://localhost:8080/im');
    expect(normalizeServerURL('ws://localhost:8080/')).toBe('ws://localhost:8080/im');
  });

  it('turns http into ws and https into wss', () => {
    expect(normalizeServerURL('http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000/im');
    expect(normalizeServerURL('https://chat.example.com')).toBe('wss://chat.example.com/im');
  });

  it('keeps an explicit path and the query string', () => {
    expect(normalizeServerURL('wss://example.com/gateway/im?region=eu')).toBe('wss://example.com/gateway/im?region=eu');
    expect(normalizeServerURL('https://example.com/custom')).toBe('wss://example.com/custom');
  });

  it('drops a fragment and surrounding spaces', () => {
    expect(normalizeServerURL('  ws://example.com#x ')).toBe('ws://example.com/im');
  });

  it('rejects other schemes and non-URLs with INVALID_PARAMS', () => {
    for (const bad of ['ftp://example.com', 'localhost:8080', '', 'not a url']) {
      expect(() => normalizeServerURL(bad)).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }));
    }
  });
});

describe('chooseServer', () => {
  it('takes server first, then Tencent’s proxyServer, then the default, then the page’s origin', () => {
    const all = { server: 'ws://a:1', proxyServer: 'ws://b:2' };
    expect(chooseServer(all, 'ws://c:3', 'https://d.example')).toBe('ws://a:1/im');
    expect(chooseServer({ proxyServer: 'ws://b:2' }, 'ws://c:3', 'https://d.example')).toBe('ws://b:2/im');
    expect(chooseServer({}, 'http://c:3', 'https://d.example')).toBe('ws://c:3/im');
    expect(chooseServer({}, null, 'https://d.example')).toBe('wss://d.example/im');
  });

  it('refuses with 60003 when nothing names a server, saying how to name one', () => {
    expect(() => chooseServer({}, null, null)).toThrow(
      expect.objectContaining({ code: ErrorCode.INVALID_PARAMS, message: expect.stringContaining('setDefaultServer') }),
    );
    expect(() => chooseServer({ server: 42 as unknown as string }, null, null)).toThrow(
      expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }),
    );
  });
});
