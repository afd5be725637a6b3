import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptSm4 } from './sm4';

const KEY = '0123456789abcdeffedcba9876543210';

function decryptLikeTheServer(base64: string, keyHex: string): string {
  const decipher = createDecipheriv('sm4-ecb', Buffer.from(keyHex, 'hex'), null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
}

describe('encryptSm4', () => {
  it.each([
    ['a short password', 'Passw0rd'],
    ['exactly one block, which PKCS#7 pads with a whole extra block', '0123456789abcdef'],
    ['several blocks', 'a-password-that-spans-more-than-two-sm4-blocks'],
    ['Chinese text (UTF-8)', '登录账号张三'],
    ['an empty string', ''],
  ])('produces what Node sm4-ecb decrypts back: %s', (_, plain) => {
    expect(decryptLikeTheServer(encryptSm4(plain, KEY), KEY)).toBe(plain);
  });

  it('gives base64 of whole 16-byte blocks', () => {
    const out = encryptSm4('Passw0rd', KEY);
    expect(out).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(out, 'base64')).toHaveLength(16);
  });

  it('depends on the key', () => {
    expect(encryptSm4('Passw0rd', KEY)).not.toBe(encryptSm4('Passw0rd', 'fedcba98765432100123456789abcdef'));
  });
});
