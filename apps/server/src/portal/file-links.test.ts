import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_MS, FileLinks } from './file-links';

const FILE = '/profile/upload/2026/11/23/0f8fad5b-d9cb-469f-a165-70867728950e.png';
const links = new FileLinks(randomBytes(32));
const query = (url: string) => new URL(url, 'http://x').searchParams;
const OWNER = { userID: 'owner-1', sessionID: 'session-1' };

describe('signed links to private files', () => {
  it('name the viewer and session they were issued to until they expire, and keep the session out of the address', () => {
    const now = Date.now();
    const link = links.sign(FILE, OWNER, now);
    expect(link.expiresAt).toBe(now + FILE_LINK_TTL_MS);
    expect(link.url.startsWith(`/prod-api${FILE}?`)).toBe(true);
    expect(link.url).not.toContain('session-1');
    expect(links.verify(FILE, query(link.url), 'session-1', now)).toEqual(OWNER);
    expect(links.verify(FILE, query(link.url), 'session-1', link.expiresAt + 1)).toBeNull();
  });

  it('are worthless without the session they were issued in: a borrowed link opens nothing', () => {
    const link = query(links.sign(FILE, OWNER).url);
    expect(links.verify(FILE, link, null)).toBeNull();
    expect(links.verify(FILE, link, 'session-2')).toBeNull();
  });

  it('are worthless once any part is changed, for another file, or under another key', () => {
    const link = query(links.sign(FILE, OWNER).url);
    const changed = (name: string, value: string) => {
      const copy = new URLSearchParams(link);
      copy.set(name, value);
      return copy;
    };
    expect(links.verify(FILE, changed('viewer', 'someone-else'), 'session-1')).toBeNull();
    expect(links.verify(FILE, changed('expires', String(Date.now() + 86_400_000)), 'session-1')).toBeNull();
    const sig = link.get('sig') ?? '';
    expect(
      links.verify(FILE, changed('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`), 'session-1'),
    ).toBeNull();
    expect(links.verify(FILE, changed('sig', ''), 'session-1')).toBeNull();
    expect(links.verify(FILE.replace('.png', '.pdf'), link, 'session-1')).toBeNull();
    expect(new FileLinks(randomBytes(32)).verify(FILE, link, 'session-1')).toBeNull();
  });
});
