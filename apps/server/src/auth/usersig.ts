import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { ErrorCode, LiaisonError } from '@liaison/protocol';

/**
 * TLS-signature v2: a JSON document {TLS.ver, TLS.identifier, TLS.sdkappid, TLS.time, TLS.expire,
 * TLS.sig[, TLS.userbuf]}, zlib-deflated, base64 with '+/=' written as '*-_'. TLS.sig is the
 * base64 HMAC-SHA256, keyed by the app's secret, over the fields as newline-terminated lines.
 */
export interface AppCredentials {
  sdkAppID: number;
  secretKey: string;
}

export interface VerifiedSig {
  userID: string;
  /** Seconds since the epoch when the signature was made (TLS.time). */
  issuedAt: number;
  /** Seconds since the epoch when the signature stops being valid. */
  expiresAt: number;
  /** The signed TLS.userbuf (base64), null when there is none. */
  userbuf: string | null;
}

export function genUserSig(
  app: AppCredentials,
  userID: string,
  expireSeconds: number,
  now = Date.now(),
  userbuf: string | null = null,
): string {
  const time = Math.floor(now / 1000);
  const doc = {
    'TLS.ver': '2.0',
    'TLS.identifier': userID,
    'TLS.sdkappid': app.sdkAppID,
    'TLS.time': time,
    'TLS.expire': expireSeconds,
    ...(userbuf === null ? {} : { 'TLS.userbuf': userbuf }),
    'TLS.sig': hmac(app, userID, time, expireSeconds, userbuf),
  };
  return escapeBase64(deflateSync(Buffer.from(JSON.stringify(doc))).toString('base64'));
}

export function verifyUserSig(app: AppCredentials, userID: string, userSig: string, now = Date.now()): VerifiedSig {
  const doc = decode(userSig);
  const identifier = doc['TLS.identifier'];
  const sdkAppID = Number(doc['TLS.sdkappid']);
  const time = Number(doc['TLS.time']);
  const expire = Number(doc['TLS.expire']);
  const sig = doc['TLS.sig'];
  const userbuf = doc['TLS.userbuf'];
  if (
    typeof identifier !== 'string' ||
    typeof sig !== 'string' ||
    !Number.isInteger(time) ||
    !Number.isInteger(expire) ||
    (userbuf !== undefined && typeof userbuf !== 'string')
  ) {
    throw new LiaisonError(ErrorCode.USERSIG_INVALID);
  }
  if (sdkAppID !== app.sdkAppID) throw new LiaisonError(ErrorCode.USERSIG_APP_MISMATCH);
  if (identifier !== userID) throw new LiaisonError(ErrorCode.USERSIG_USER_MISMATCH);
  const expected = Buffer.from(hmac(app, identifier, time, expire, userbuf ?? null));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new LiaisonError(ErrorCode.USERSIG_INVALID);
  }
  const expiresAt = time + expire;
  if (expiresAt * 1000 <= now) throw new LiaisonError(ErrorCode.USERSIG_EXPIRED);
  return { userID: identifier, issuedAt: time, expiresAt, userbuf: userbuf ?? null };
}

function hmac(app: AppCredentials, userID: string, time: number, expire: number, userbuf: string | null): string {
  let content = `TLS.identifier:${userID}\nTLS.sdkappid:${app.sdkAppID}\nTLS.time:${time}\nTLS.expire:${expire}\n`;
  if (userbuf !== null) content += `TLS.userbuf:${userbuf}\n`;
  return createHmac('sha256', app.secretKey).update(content).digest('base64');
}

function decode(userSig: string): Record<string, unknown> {
  try {
    const raw = inflateSync(Buffer.from(unescapeBase64(userSig), 'base64'), { maxOutputLength: 64 * 1024 });
    const doc: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new Error('not an object');
    return doc as Record<string, unknown>;
  } catch {
    throw new LiaisonError(ErrorCode.USERSIG_INVALID);
  }
}

function escapeBase64(base64: string): string {
  return base64.replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_');
}

function unescapeBase64(sig: string): string {
  return sig.replace(/_/g, '=').replace(/-/g, '/').replace(/\*/g, '+');
}
