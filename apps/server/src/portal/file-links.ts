import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EnterpriseMaterial } from '@liaison/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookie } from './cookies';

/** How long a signed link to a private file works: long enough to open it, short enough to leak little. */
export const FILE_LINK_TTL_MS = 10 * 60_000;

/**
 * The browser that asked for a link holds its portal session's ID in this cookie, sent only with
 * file requests: a link works only beside it, so a link copied elsewhere opens nothing.
 */
export const LINK_SESSION_COOKIE = 'liaison_file_session';
const LINK_COOKIE_PATH = '/prod-api/profile/upload/';

export interface FileLink {
  url: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** Whom a link is issued to: a user, in one portal session. */
export interface LinkViewer {
  userID: string;
  sessionID: string;
}

/**
 * Short-lived links to private uploads for `<img>` and new tabs, which cannot send the bearer
 * token: an HMAC over the file, the expiry, the viewer and their portal session, keyed with a
 * secret every server process shares. The session is not in the link but in the browser's
 * cookie (bindLinksToBrowser), and the route checks that it is still live.
 */
export class FileLinks {
  constructor(
    private readonly key: Buffer,
    private readonly ttlMs = FILE_LINK_TTL_MS,
  ) {}

  sign(fileName: string, viewer: LinkViewer, now = Date.now()): FileLink {
    const expiresAt = now + this.ttlMs;
    const query = new URLSearchParams({
      expires: String(expiresAt),
      viewer: viewer.userID,
      sig: this.mac(fileName, expiresAt, viewer),
    });
    return { url: `/prod-api${fileName}?${query}`, expiresAt };
  }

  /**
   * The viewer a link was issued to, or null when it is expired, altered, for another file, or
   * used without the session it was issued in (`sessionID`, from the request's cookie).
   */
  verify(fileName: string, query: URLSearchParams, sessionID: string | null, now = Date.now()): LinkViewer | null {
    const expiresAt = Number(query.get('expires'));
    const userID = query.get('viewer');
    const sig = query.get('sig');
    if (!Number.isSafeInteger(expiresAt) || expiresAt < now || !userID || !sig || !sessionID) return null;
    const viewer = { userID, sessionID };
    const expected = Buffer.from(this.mac(fileName, expiresAt, viewer));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected) ? viewer : null;
  }

  private mac(fileName: string, expiresAt: number, viewer: LinkViewer): string {
    return createHmac('sha256', this.key)
      .update(`${fileName}\n${expiresAt}\n${viewer.userID}\n${viewer.sessionID}`)
      .digest('base64url');
  }
}

/** The material with a short-lived link through which `viewer` may open the licence. */
export function withLicenceLink(
  links: FileLinks,
  material: EnterpriseMaterial,
  viewer: LinkViewer,
): EnterpriseMaterial {
  return { ...material, businessLicenseUrl: links.sign(material.businessLicense, viewer).url };
}

/** With every answer that carries links: this browser may open the links signed for its session. */
export function bindLinksToBrowser(request: FastifyRequest, reply: FastifyReply, sessionID: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${LINK_SESSION_COOKIE}=${sessionID}; Path=${LINK_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** The portal session named by the request's link cookie, if any. */
export function linkSessionOf(request: FastifyRequest): string | null {
  return requestCookie(request, LINK_SESSION_COOKIE);
}
