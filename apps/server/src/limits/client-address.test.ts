import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy } from './client-address';

describe('the client address', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', null)).toBe('203.0.113.9');
    expect(parseTrustProxy('')).toBeNull();
  });

  it('comes from X-Forwarded-For only through proxies named in TRUST_PROXY', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 192.0.2.7');
    expect(clientAddress('::ffff:10.1.2.3', '198.51.100.1', trust)).toBe('198.51.100.1');
    // Two trusted proxies in a row; the client's own forged entry on the left is never reached.
    expect(clientAddress('10.1.2.3', '6.6.6.6, 198.51.100.1, 192.0.2.7', trust)).toBe('198.51.100.1');
    // A socket from an untrusted address keeps its own address.
    expect(clientAddress('203.0.113.9', '198.51.100.1', trust)).toBe('203.0.113.9');
    // Garbage in the header stops the walk at the last good address.
    expect(clientAddress('10.1.2.3', 'not-an-ip', trust)).toBe('10.1.2.3');
  });

  it('accepts the named sets and IPv6 ranges, and refuses anything else', () => {
    const trust = parseTrustProxy('loopback,fd00::/8');
    expect(trust?.('127.0.0.1')).toBe(true);
    expect(trust?.('::1')).toBe(true);
    expect(trust?.('fd12::1')).toBe(true);
    expect(trust?.('8.8.8.8')).toBe(false);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});
