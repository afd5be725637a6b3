import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database';
import { memoryTemplate } from './memory-template';
import { migrate } from './migrate';
import { openPglite } from './pglite';

export interface StorageConfig {
  databaseUrl: string | null;
  /** null: in-memory PGlite (tests). */
  dataDir: string | null;
}

export async function openDatabase(config: StorageConfig): Promise<Database> {
  let db: Database;
  if (config.databaseUrl) {
    // pg is loaded only here: an embedded server never needs it.
    const { openPostgres } = await import('./postgres');
    db = await openPostgres(config.databaseUrl);
  } else if (config.dataDir) {
    const dir = join(config.dataDir, 'db');
    await mkdir(dir, { recursive: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      // A new cluster is created (initdb) and migrated in a process of its own: that work grows
      // PGlite's WASM memory, which is never given back, so this process would idle with it.
      const setup = await openPglite(dir, null, { ownProcess: true });
      await migrate(setup);
      await setup.close();
    }
    db = await openPglite(dir);
  } else {
    db = await openPglite(null, await memoryTemplate());
  }
  await migrate(db);
  return db;
}
