import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_MS, FileLinks } from './file-links';

const FILE = '/profile/upload/2026/11/23/0f8fad5b-d9cb-469f-a165-70867728950e.png';
const links = new FileLinks(randomBytes(32));
const query = (url: string) => new URL(url, 'http://x').searchParams;

describe('signed links to private files', () => {
  it('name the viewer they were issued to until they expire', () => {
    const now = Date.now();
    const link = links.sign(FILE, 'owner-1', now);
    expect(link.expiresAt).toBe(now + FILE_LINK_TTL_MS);
    expect(link.url.startsWith(`/prod-api${FILE}?`)).toBe(true);
    expect(links.verify(FILE, query(link.url), now)).toBe('owner-1');
    expect(links.verify(FILE, query(link.url), link.expiresAt + 1)).toBeNull();
  });

  it('are worthless once any part is changed, for another file, or under another key', () => {
    const link = query(links.sign(FILE, 'owner-1').url);
    const changed = (name: string, value: string) => {
      const copy = new URLSearchParams(link);
      copy.set(name, value);
      return copy;
    };
    expect(links.verify(FILE, changed('viewer', 'someone-else'))).toBeNull();
    expect(links.verify(FILE, changed('expires', String(Date.now() + 86_400_000)))).toBeNull();
    const sig = link.get('sig') ?? '';
    expect(links.verify(FILE, changed('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`))).toBeNull();
    expect(links.verify(FILE, changed('sig', ''))).toBeNull();
    expect(links.verify(FILE.replace('.png', '.pdf'), link)).toBeNull();
    expect(new FileLinks(randomBytes(32)).verify(FILE, link)).toBeNull();
  });
});
