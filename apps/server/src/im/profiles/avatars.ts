import { ErrorCode, errorMessages, LiaisonError } from '@liaison/protocol';
import type { Sql } from '../../db/database';

/** The path our server serves an uploaded file at (the `url` the portal's upload answers with). */
const OWN_UPLOAD = /^\/prod-api(\/profile\/upload\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.[a-z]{3,4})$/;

/**
 * An avatar is shown to everyone who sees its owner, so a URL to any host would tell that host
 * every viewer's address. Allowed: none (''), a picture the same user uploaded to this server, or
 * an https URL on a host named in AVATAR_URL_HOSTS (exact host, port included when not 443).
 * Anything else is 60009.
 */
export async function requireAllowedAvatar(
  db: Sql,
  userID: string,
  url: string | undefined,
  allowedHosts: ReadonlySet<string>,
): Promise<void> {
  if (url === undefined || url === '') return;
  const own = OWN_UPLOAD.exec(url);
  if (own) {
    const [upload] = await db.query<{ content_type: string }>(
      'SELECT content_type FROM portal_uploads WHERE file_name = $1 AND user_id = $2',
      [own[1], userID],
    );
    if (upload?.content_type.startsWith('image/')) return;
    throw new LiaisonError(
      ErrorCode.AVATAR_URL_NOT_ALLOWED,
      `${errorMessages[ErrorCode.AVATAR_URL_NOT_ALLOWED]} (no picture of yours at that path)`,
    );
  }
  if (!isAllowedHttps(url, allowedHosts)) throw new LiaisonError(ErrorCode.AVATAR_URL_NOT_ALLOWED);
}

/** Hosts from AVATAR_URL_HOSTS: comma separated, case-insensitive; empty allows none. */
export function parseAvatarHosts(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  );
}

function isAllowedHttps(url: string, allowedHosts: ReadonlySet<string>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Credentials in the URL could make it read as another host.
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  return allowedHosts.has(parsed.host.toLowerCase());
}
