import type { Sql } from '../db/database';

/**
 * A userSig the portal issues carries its portal session in TLS-sig v2's `userbuf` (base64 of
 * this prefix and the session ID), so logging out of the portal can end the IM sessions it
 * opened. userSigs without it (e.g. from `npm run usersig`) are bound to nothing.
 */
const PREFIX = 'liaison-portal-session:';

export function portalSessionUserbuf(portalSessionID: string): string {
  return Buffer.from(`${PREFIX}${portalSessionID}`, 'utf8').toString('base64');
}

/** The portal session a userSig's userbuf names, or null when it names none. */
export function portalSessionOf(userbuf: string | null): string | null {
  if (userbuf === null) return null;
  const text = Buffer.from(userbuf, 'base64').toString('utf8');
  return text.startsWith(PREFIX) && text.length > PREFIX.length ? text.slice(PREFIX.length) : null;
}

/**
 * Whether a portal session can still back an IM login: not revoked. Idle expiry does not end the
 * chat (the userSig's own expiry does); a row already cleaned away was revoked or long idle.
 */
export async function isPortalSessionLive(db: Sql, portalSessionID: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM portal_sessions WHERE session_id = $1 AND NOT revoked', [portalSessionID]);
  return rows.length === 1;
}
