import { createRequire } from 'node:module';
import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { genUserSig, verifyUserSig } from './usersig';

const require = createRequire(import.meta.url);
const TLSSigAPIv2 = require('tls-sig-api-v2') as {
  Api: new (
    sdkAppID: number,
    key: string,
  ) => {
    genUserSig(userID: string, expire: number): string;
    genPrivateMapKey(userID: string, expire: number, roomID: number, privilegeMap: number): string;
  };
};

const app = { sdkAppID: 1400123456, secretKey: '5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e' };

function codeOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (err) {
    return (err as { code?: number }).code;
  }
  return undefined;
}

describe('userSig (TLS-signature v2)', () => {
  it('accepts a signature made by the public tls-sig-api-v2 package', () => {
    const sig = new TLSSigAPIv2.Api(app.sdkAppID, app.secretKey).genUserSig('alice', 86400);
    const verified = verifyUserSig(app, 'alice', sig);
    expect(verified.userID).toBe('alice');
    expect(verified.expiresAt).toBeGreaterThan(Date.now() / 1000 + 86000);
  });

  it('accepts a signature that carries a userbuf (PrivateMapKey form)', () => {
    const sig = new TLSSigAPIv2.Api(app.sdkAppID, app.secretKey).genPrivateMapKey('alice', 600, 42, 255);
    expect(verifyUserSig(app, 'alice', sig).userID).toBe('alice');
  });

  it('produces signatures in the same format the public package verifies against', () => {
    const ours = genUserSig(app, 'bob', 3600);
    expect(verifyUserSig(app, 'bob', ours).userID).toBe('bob');
    expect(ours).toMatch(/^[A-Za-z0-9*_-]+$/);
  });

  it('refuses an expired signature with USERSIG_EXPIRED', () => {
    const sig = genUserSig(app, 'alice', 60, Date.now() - 120_000);
    expect(codeOf(() => verifyUserSig(app, 'alice', sig))).toBe(ErrorCode.USERSIG_EXPIRED);
  });

  it('refuses a signature made with another secret with USERSIG_INVALID', () => {
    const forged = genUserSig({ ...app, secretKey: 'not-the-secret' }, 'alice', 3600);
    expect(codeOf(() => verifyUserSig(app, 'alice', forged))).toBe(ErrorCode.USERSIG_INVALID);
  });

  it('refuses a signature for another app with USERSIG_APP_MISMATCH', () => {
    const other = new TLSSigAPIv2.Api(1400999999, app.secretKey).genUserSig('alice', 3600);
    expect(codeOf(() => verifyUserSig(app, 'alice', other))).toBe(ErrorCode.USERSIG_APP_MISMATCH);
  });

  it('refuses a signature issued to another user with USERSIG_USER_MISMATCH', () => {
    const sig = genUserSig(app, 'mallory', 3600);
    expect(codeOf(() => verifyUserSig(app, 'alice', sig))).toBe(ErrorCode.USERSIG_USER_MISMATCH);
  });

  it('refuses garbage and tampered signatures with USERSIG_INVALID', () => {
    expect(codeOf(() => verifyUserSig(app, 'alice', 'not-a-signature'))).toBe(ErrorCode.USERSIG_INVALID);
    const sig = genUserSig(app, 'alice', 3600);
    const tampered = `${sig.slice(0, 20)}${sig[20] === 'A' ? 'B' : 'A'}${sig.slice(21)}`;
    expect(codeOf(() => verifyUserSig(app, 'alice', tampered))).toBe(ErrorCode.USERSIG_INVALID);
  });
});
