import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type BlobStore, ByteLimit, type ByteRange } from './blob-store';

/** Keys are made of these only (file IDs and variant names), so they can never climb out of the folder. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[a-z]+)?$/;

/**
 * Blobs as files under one folder (DATA_DIR/files by default), two characters of fan-out so no
 * folder grows huge. Bytes go to `<path>.part` and are renamed into place once complete, so a
 * reader never sees half a file and a crash leaves only `.part` debris.
 */
export class DiskBlobStore implements BlobStore {
  readonly description: string;

  private constructor(
    private readonly root: string,
    private readonly temporary: boolean,
  ) {
    this.description = temporary ? 'disk (temporary folder)' : `disk ${root}`;
  }

  /** A store in `dir`, or in a fresh temporary folder (removed on close) when dir is null. */
  static async open(dir: string | null): Promise<DiskBlobStore> {
    if (dir === null) return new DiskBlobStore(await mkdtemp(join(tmpdir(), 'liaison-files-')), true);
    await mkdir(dir, { recursive: true });
    return new DiskBlobStore(dir, false);
  }

  async put(key: string, source: NodeJS.ReadableStream, options: { maxBytes: number }): Promise<number> {
    const path = this.pathOf(key);
    const part = `${path}.part`;
    await mkdir(dirname(path), { recursive: true });
    const limit = new ByteLimit(options.maxBytes);
    try {
      await pipeline(source, limit, createWriteStream(part));
      await rename(part, path);
      return limit.bytes;
    } catch (err) {
      await rm(part, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream | null> {
    const path = this.pathOf(key);
    if (!(await this.stat(key))) return null;
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Also removes a `.part` left by a put that never finished (its process stopped mid-upload). */
  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await Promise.all([rm(path, { force: true }), rm(`${path}.part`, { force: true })]);
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`not a blob key: ${key}`);
    const [id = '', variant] = key.split('/');
    return join(this.root, id.slice(0, 2), variant ? `${id}.${variant}` : id);
  }
}
