import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, migrationFiles, migrationSql } from './migrate';
import { openPglite } from './pglite';

/**
 * In-memory databases (`dataDir: null`, the tests' servers) start from a dump of a freshly
 * migrated empty database: PGlite's initdb takes ~4 s on this machine, loading the dump ~1 s, and
 * a test run starts some two hundred servers. The dump is made once per set of migrations and
 * PGlite build, and kept in the OS temp folder under a name that says which.
 */
let template: Promise<Uint8Array> | null = null;

export function memoryTemplate(): Promise<Uint8Array> {
  template ??= loadOrMake().catch((err: unknown) => {
    template = null;
    throw err;
  });
  return template;
}

async function loadOrMake(): Promise<Uint8Array> {
  const path = join(tmpdir(), `liaison-pglite-template-${await templateKey()}.tar.gz`);
  const saved = await readFile(path).catch(() => null);
  if (saved) return new Uint8Array(saved);
  const db = await openPglite(null);
  try {
    await migrate(db);
    const bytes = await db.snapshot();
    // Written aside and renamed, so a process that reads it never sees half a file.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
    return bytes;
  } finally {
    await db.close();
  }
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  hash.update(await readFile(join(dirname(dirname(pgliteEntry)), 'package.json')));
  for (const file of await migrationFiles()) hash.update(file).update(await migrationSql(file));
  return hash.digest('hex').slice(0, 16);
}
