import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Sql } from '../../db/database';

/** However active, a session ends after a week; the idle limit comes from configuration. */
const SESSION_MAX_SECONDS = 7 * 24 * 3600;

export interface SessionOptions {
  /** HMAC key the bearer tokens are signed with, shared by every process. */
  secret: Uint8Array;
  idleMs: number;
}

export interface AuthenticatedSession {
  sessionID: string;
  userID: string;
}

/**
 * Bearer tokens are JWTs naming a server-side session: the signature keeps forgeries out
 * cheaply, the session row makes logout immediate and the idle expiry slide with use.
 */
export class Sessions {
  constructor(
    private readonly db: Sql,
    private readonly options: SessionOptions,
  ) {}

  async open(userID: string, now = Date.now()): Promise<string> {
    const sessionID = randomUUID();
    await this.db.query(
      'INSERT INTO portal_sessions (session_id, user_id, created_at, last_seen) VALUES ($1, $2, $3, $3)',
      [sessionID, userID, now],
    );
    return new SignJWT({ sid: sessionID })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userID)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + SESSION_MAX_SECONDS)
      .sign(this.options.secret);
  }

  /** The live session a token names, its expiry slid forward; null for anything else. */
  async authenticate(token: string, now = Date.now()): Promise<AuthenticatedSession | null> {
    const claims = await this.verify(token, now);
    if (!claims) return null;
    const rows = await this.db.query<{ user_id: string }>(
      `UPDATE portal_sessions SET last_seen = $3
        WHERE session_id = $1 AND user_id = $2 AND NOT revoked AND last_seen >= $4
        RETURNING user_id`,
      [claims.sessionID, claims.userID, now, now - this.options.idleMs],
    );
    return rows.length === 1 ? claims : null;
  }

  /** Whether the session is live now (a signed file link's), without sliding its expiry. */
  async isLive(session: AuthenticatedSession, now = Date.now()): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM portal_sessions
        WHERE session_id = $1 AND user_id = $2 AND NOT revoked AND last_seen >= $3 AND created_at >= $4`,
      [session.sessionID, session.userID, now - this.options.idleMs, now - SESSION_MAX_SECONDS * 1000],
    );
    return rows.length === 1;
  }

  /** Revokes the session a token names, if it is one of ours, and says which it was. */
  async revoke(token: string, now = Date.now()): Promise<AuthenticatedSession | null> {
    const claims = await this.verify(token, now);
    if (!claims) return null;
    await this.db.query('UPDATE portal_sessions SET revoked = true WHERE session_id = $1', [claims.sessionID]);
    // Old sessions go as new ones end, so the table stays small without a timer.
    await this.db.query('DELETE FROM portal_sessions WHERE user_id = $1 AND (revoked OR last_seen < $2)', [
      claims.userID,
      now - this.options.idleMs,
    ]);
    return claims;
  }

  /** Revokes every live session of a user (a sub-account disabled or deleted) and names them. */
  async revokeAll(userID: string): Promise<string[]> {
    const rows = await this.db.query<{ session_id: string }>(
      'UPDATE portal_sessions SET revoked = true WHERE user_id = $1 AND NOT revoked RETURNING session_id',
      [userID],
    );
    return rows.map((row) => row.session_id);
  }

  private async verify(token: string, now: number): Promise<AuthenticatedSession | null> {
    try {
      const { payload } = await jwtVerify(token, this.options.secret, {
        algorithms: ['HS256'],
        currentDate: new Date(now),
      });
      if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
      return { sessionID: payload.sid, userID: payload.sub };
    } catch {
      // Malformed, forged or expired: all the same to the caller, a 401.
      return null;
    }
  }
}
