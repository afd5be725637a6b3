import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainProviders, type ModerationProvider } from './provider';
import { wordListProvider } from './word-list';

const context = { messageID: 'm1', conversationKey: 'c:a:b' };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liaison-words-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the offline word and image lists', () => {
  it('blocks a listed word anywhere in a text, in any case, and listed image hashes', async () => {
    const file = join(dir, 'lists.json');
    const sha = 'AB'.repeat(32);
    await writeFile(file, JSON.stringify({ words: ['Casino', ' 赌博 ', ''], imageSha256: [sha] }));
    const provider = wordListProvider(file);
    try {
      expect(await provider.checkText('Online CASINOS here', context)).toBe('block');
      expect(await provider.checkText('网上赌博', context)).toBe('block');
      // An empty or blank word in the file must not block everything.
      expect(await provider.checkText('good morning', context)).toBe('pass');
      expect(await provider.checkImage(sha.toLowerCase(), context)).toBe('block');
      expect(await provider.checkImage('cd'.repeat(32), context)).toBe('pass');
    } finally {
      provider.close?.();
    }
  });

  it('refuses to start on a file it cannot read', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"words": [1]}');
    expect(() => wordListProvider(file)).toThrow();
    expect(() => wordListProvider(join(dir, 'missing.json'))).toThrow();
  });
});

describe('several providers', () => {
  const fixed = (verdict: 'pass' | 'block' | 'review'): ModerationProvider => ({
    checkText: async () => verdict,
    checkImage: async () => verdict,
  });

  it('blocks when any blocks, and keeps a review otherwise', async () => {
    expect(await chainProviders([fixed('review'), fixed('block')]).checkText('x', context)).toBe('block');
    expect(await chainProviders([fixed('review'), fixed('pass')]).checkText('x', context)).toBe('review');
    expect(await chainProviders([]).checkImage('x', context)).toBe('pass');
  });
});
