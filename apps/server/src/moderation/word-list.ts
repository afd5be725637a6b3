import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { z } from 'zod';
import type { ModerationProvider, Verdict } from './provider';

/** MODERATION_FILE: `{"words": [...], "imageSha256": [...]}`. */
const listFileSchema = z.object({
  words: z.array(z.string()).default([]),
  imageSha256: z.array(z.string().regex(/^[0-9a-fA-F]{64}$/)).default([]),
});

/** How often the file's modification time is looked at (fs.watch misses editors that replace the file). */
const POLL_MS = 1_000;

/**
 * The offline default: a word list and a list of image hashes read from a local JSON file, read
 * at start and again whenever it changes. A word matches anywhere in the text, ignoring case. A
 * file that cannot be read or parsed at start stops the server; a bad edit later keeps the lists
 * in force before it (and is logged), so a typo never turns moderation off.
 */
export function wordListProvider(path: string, log: (line: string) => void = () => {}): ModerationProvider {
  let lists = readLists(path);
  watchFile(path, { interval: POLL_MS, persistent: false }, (now, before) => {
    if (now.mtimeMs === before.mtimeMs && now.size === before.size) return;
    try {
      lists = readLists(path);
      log(`moderation: reloaded ${path} (${lists.words.length} words, ${lists.images.size} image hashes)`);
    } catch (err) {
      log(`moderation: ${path} not reloaded, the previous lists stay in force: ${(err as Error).message}`);
    }
  });
  return {
    async checkText(text): Promise<Verdict> {
      const folded = text.toLowerCase();
      return lists.words.some((word) => folded.includes(word)) ? 'block' : 'pass';
    },
    async checkImage(sha256): Promise<Verdict> {
      return lists.images.has(sha256.toLowerCase()) ? 'block' : 'pass';
    },
    close() {
      unwatchFile(path);
    },
  };
}

function readLists(path: string): { words: string[]; images: Set<string> } {
  const parsed = listFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return {
    // An empty word would match every text.
    words: parsed.words.map((w) => w.trim().toLowerCase()).filter((w) => w !== ''),
    images: new Set(parsed.imageSha256.map((h) => h.toLowerCase())),
  };
}
