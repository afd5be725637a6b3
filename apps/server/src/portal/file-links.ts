import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EnterpriseMaterial } from '@liaison/protocol';

/** How long a signed link to a private file works: long enough to open it, short enough to leak little. */
export const FILE_LINK_TTL_MS = 10 * 60_000;

export interface FileLink {
  url: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Short-lived links to private uploads for `<img>` and new tabs, which cannot send the bearer
 * token: an HMAC over the file, the expiry and the viewer it was issued to, keyed with a secret
 * every server process shares.
 */
export class FileLinks {
  constructor(
    private readonly key: Buffer,
    private readonly ttlMs = FILE_LINK_TTL_MS,
  ) {}

  sign(fileName: string, viewerID: string, now = Date.now()): FileLink {
    const expiresAt = now + this.ttlMs;
    const query = new URLSearchParams({
      expires: String(expiresAt),
      viewer: viewerID,
      sig: this.mac(fileName, expiresAt, viewerID),
    });
    return { url: `/prod-api${fileName}?${query}`, expiresAt };
  }

  /** The viewer a link was issued to, or null when it is expired, altered or for another file. */
  verify(fileName: string, query: URLSearchParams, now = Date.now()): string | null {
    const expiresAt = Number(query.get('expires'));
    const viewer = query.get('viewer');
    const sig = query.get('sig');
    if (!Number.isSafeInteger(expiresAt) || expiresAt < now || !viewer || !sig) return null;
    const expected = Buffer.from(this.mac(fileName, expiresAt, viewer));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected) ? viewer : null;
  }

  private mac(fileName: string, expiresAt: number, viewerID: string): string {
    return createHmac('sha256', this.key).update(`${fileName}\n${expiresAt}\n${viewerID}`).digest('base64url');
  }
}

/** The material with a short-lived link through which `viewerID` may open the licence. */
export function withLicenceLink(links: FileLinks, material: EnterpriseMaterial, viewerID: string): EnterpriseMaterial {
  return { ...material, businessLicenseUrl: links.sign(material.businessLicense, viewerID).url };
}
