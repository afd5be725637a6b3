import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database';
import { memoryTemplate } from './memory-template';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface StorageConfig {
  databaseUrl: string | null;
  /** null: in-memory PGlite (tests). */
  dataDir: string | null;
}

export async function openDatabase(config: StorageConfig): Promise<Database> {
  let db: Database;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl);
  } else if (config.dataDir) {
    const dir = join(config.dataDir, 'db');
    await mkdir(dir, { recursive: true });
    const isNew = !existsSync(join(dir, 'PG_VERSION'));
    db = await openPglite(dir);
    if (isNew) {
      // Creating a cluster grows PGlite's WASM memory to ~850 MB, which it never returns; opening
      // the finished cluster again starts at ~400 MB.
      await migrate(db);
      await db.close();
      db = await openPglite(dir);
    }
  } else {
    db = await openPglite(null, await memoryTemplate());
  }
  await migrate(db);
  return db;
}
