import { describe, expect, it } from 'vitest';
import { redactFileTokens } from './redact';

describe('request URLs in the log', () => {
  it('lose upload grants and file access tokens, and keep everything else', () => {
    expect(redactFileTokens('/im/files/upload/eyJhIjoxfQ.c2ln')).toBe('/im/files/upload/…');
    expect(redactFileTokens('/im/files/abc/large?token=eyJ.sig&x=1')).toBe('/im/files/abc/large?token=…&x=1');
    expect(redactFileTokens('/im/files/abc?a=1&token=t')).toBe('/im/files/abc?a=1&token=…');
    expect(redactFileTokens('/prod-api/system/user/list?pageNum=1')).toBe('/prod-api/system/user/list?pageNum=1');
  });
});
