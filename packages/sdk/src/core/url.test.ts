import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { normalizeServerURL } from './url';

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
