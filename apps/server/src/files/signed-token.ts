import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens the server issues and later checks without storing them: a subject and an expiry,
 * HMAC-signed with a key derived from the app secret for one purpose, so a token made for one
 * use (an upload grant) is never accepted for another (reading files). Every process sharing
 * the app secret accepts the others' tokens.
 */
export class SignedTokens {
  private readonly key: Buffer;

  constructor(secretKey: string, purpose: string) {
    this.key = createHmac('sha256', secretKey).update(`liaison:${purpose}`).digest();
  }

  sign(subject: string, expiresAt: number): string {
    const body = Buffer.from(JSON.stringify([subject, expiresAt])).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The subject of a well-formed, untampered, unexpired token; null otherwise. */
  verify(token: string, now = Date.now()): string | null {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 2048) return null;
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.mac(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [subject, expiresAt] = parsed as unknown[];
    if (typeof subject !== 'string' || typeof expiresAt !== 'number' || expiresAt < now) return null;
    return subject;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
