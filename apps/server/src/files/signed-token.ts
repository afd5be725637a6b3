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

  /** `binding`: something else the token stands or falls with (the portal session a file access token came through). */
  sign(subject: string, expiresAt: number, binding?: string): string {
    const fields = binding === undefined ? [subject, expiresAt] : [subject, expiresAt, binding];
    const body = Buffer.from(JSON.stringify(fields)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The subject of a well-formed, untampered, unexpired token; null otherwise. */
  verify(token: string, now = Date.now()): string | null {
    return this.read(token, now)?.subject ?? null;
  }

  /** The subject and binding of a well-formed, untampered, unexpired token; null otherwise. */
  read(token: string, now = Date.now()): { subject: string; binding: string | null } | null {
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
    if (!Array.isArray(parsed) || parsed.length < 2 || parsed.length > 3) return null;
    const [subject, expiresAt, binding = null] = parsed as unknown[];
    if (typeof subject !== 'string' || typeof expiresAt !== 'number' || expiresAt < now) return null;
    if (binding !== null && typeof binding !== 'string') return null;
    return { subject, binding };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
